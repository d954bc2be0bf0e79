/**
 * The release procedure of CONTRIBUTING.md, run on a copy of the repository: cut 2.0, relabel
 * the current docs 3.0, add a page, build, and serve the result through the gate server.
 */
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {startGate, type RunningGate} from '../../support/gate';
import {orphanedDocPages} from '../../support/sidebars';
import {signInThroughLoginPage} from '../../../shared/loginPage';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../../support/http';
import {searchFromNavbar} from '../../support/search';

const REPO = path.resolve(__dirname, '../../..');
const NOT_COPIED = new Set(['node_modules', 'build', '.docusaurus', 'test-results', 'playwright-report', '.git']);
/** A word that appears nowhere else: it exists only in the page this test adds to 3.0. */
const UNIQUE_WORD = 'quokkasaurus';

let copy: string;
let gate: RunningGate;

test.describe.configure({mode: 'serial', timeout: 300_000});

test.beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'tutorial-hub-release-'));
  cpSync(REPO, copy, {recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source))});
  symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  const run = (args: string[]) => execFileSync(process.execPath, args, {cwd: copy, stdio: 'pipe', env: {...process.env, CI: 'true'}});
  run(['--import', 'tsx', path.join(copy, 'scripts/release-version.ts'), '3.0', copy]);
  writeFileSync(
    path.join(copy, 'docs/release-notes.md'),
    [
      '---',
      'title: Release notes',
      'description: What changed in the 3.0 edition of the tutorials.',
      'sidebar_position: 10',
      '---',
      '',
      `## What is new`,
      '',
      `The 3.0 edition introduces the ${UNIQUE_WORD} checklist for reviewing a tutorial before it ships.`,
      '',
    ].join('\n'),
  );
  // The two builds of `npm run build`: the site, and the public login page beside it.
  const docusaurus = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
  run([docusaurus, 'build', '--out-dir', 'build/site']);
  run([docusaurus, 'build', '--config', 'docusaurus.login.config.ts', '--out-dir', 'build/login']);
  gate = await startGate({BUILD_DIR: path.join(copy, 'build')});
});

test.afterAll(async () => {
  await gate?.close();
  if (copy) rmSync(copy, {recursive: true, force: true});
});

async function signIn(page: Page) {
  await page.goto(`${gate.origin}/login`);
  await signInThroughLoginPage(page);
  await expect(page).toHaveURL(`${gate.origin}/`);
}

test('the release froze 2.0 and relabelled the current docs 3.0', () => {
  expect(JSON.parse(readFileSync(path.join(copy, 'versions.json'), 'utf8'))).toEqual(['2.0', '1.0']);
  expect(JSON.parse(readFileSync(path.join(copy, 'current-version.json'), 'utf8'))).toEqual({label: '3.0'});
  expect(existsSync(path.join(copy, 'versioned_docs/version-2.0/chapter-1-introduction.md'))).toBe(true);
  expect(existsSync(path.join(copy, 'versioned_sidebars/version-2.0-sidebars.json'))).toBe(true);
});

test('every version builds, with its own search index, and every page is reachable from its sidebar', () => {
  const build = path.join(copy, 'build/site');
  for (const page of ['chapter-1-introduction.html', 'release-notes.html', '2.0/chapter-1-introduction.html', '2.0/reusable1.html', '1.0/intro.html']) {
    expect(existsSync(path.join(build, page)), page).toBe(true);
  }
  expect(existsSync(path.join(build, '2.0/release-notes.html'))).toBe(false);
  for (const index of ['search-index.json', '2.0/search-index.json', '1.0/search-index.json']) {
    expect(existsSync(path.join(build, index)), index).toBe(true);
  }
  expect(readFileSync(path.join(build, 'search-index.json'), 'utf8')).toContain(UNIQUE_WORD);
  expect(readFileSync(path.join(build, '2.0/search-index.json'), 'utf8')).not.toContain(UNIQUE_WORD);
  expect(orphanedDocPages(build)).toEqual([]);
});

test('the new paths are gated like the others', async () => {
  const page = await rawRequest(gate.origin, '/2.0/chapter-1-introduction', {headers: NAVIGATION});
  expect(page.status).toBe(302);
  expect(page.headers.location).toBe(`/login?redirect=${encodeURIComponent('/2.0/chapter-1-introduction')}`);
  expect((await rawRequest(gate.origin, '/2.0/search-index.json', {headers: SUBRESOURCE})).status).toBe(401);
  expect((await rawRequest(gate.origin, '/release-notes', {headers: SUBRESOURCE})).status).toBe(401);
});

test('the newest version is at the root, the older ones under their paths, all in the version menu', async ({page}) => {
  await signIn(page);
  await page.goto(`${gate.origin}/release-notes`);
  await expect(page.getByRole('heading', {level: 1, name: 'Release notes'})).toBeVisible();
  const menu = page.locator('.navbar .dropdown').filter({has: page.getByRole('button', {name: '3.0'})});
  // The menu opens on hover (CSS): hover again if the page moved under the pointer meanwhile.
  await expect(async () => {
    await menu.hover();
    await expect(menu.getByRole('link')).toHaveText(['3.0', '2.0', '1.0'], {timeout: 2000});
  }).toPass({timeout: 15_000});
  await menu.getByRole('link', {name: '2.0'}).click();
  await expect(page).toHaveURL(new RegExp(`^${gate.origin}/2\\.0/`));
  await expect(page.getByText('This is documentation for Tutorial Hub 2.0')).toBeVisible();

  await page.goto(`${gate.origin}/2.0/chapter-1-introduction`);
  await expect(page.getByRole('heading', {level: 1, name: 'Chapter 1: Introduction'})).toBeVisible();
  await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Chapter 2: Documentation'})).toHaveAttribute(
    'href',
    '/2.0/Chapter 2_ Documentation',
  );
});

test('a new page is found by its word from its own version only', async ({page}) => {
  await signIn(page);
  await page.goto(`${gate.origin}/chapter-1-introduction`);
  const found = await searchFromNavbar(page, UNIQUE_WORD);
  await expect(found.getByRole('option').first()).toContainText('Release notes');

  for (const olderPage of ['/2.0/chapter-1-introduction', '/1.0/intro']) {
    await page.goto(`${gate.origin}${olderPage}`);
    const results = await searchFromNavbar(page, UNIQUE_WORD);
    await expect(results).toContainText('No results');
  }
});
