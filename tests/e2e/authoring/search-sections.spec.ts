/**
 * Search on a site with sections in both versions, some of the same name (the case the plugin's own
 * client got wrong): a copy of the repository with two small sections added to 2.0 and to 1.0,
 * built and served through the gate. The real site's sections: signed-in/search.spec.ts.
 */
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {startGate, type RunningGate} from '../../support/gate';
import {signInThroughLoginPage} from '../../../shared/loginPage';
import {checkSearchFrom, sectionSearchCases, siteVersions} from '../../support/searchSections';

const REPO = path.resolve(__dirname, '../../..');
const NOT_COPIED = new Set(['node_modules', 'build', '.docusaurus', 'test-results', 'playwright-report', '.git']);
const SECTIONS = [
  {folder: 'field-notes', label: 'Field Notes'},
  {folder: 'workshop', label: 'Workshop'},
];
/** One word per doc, found nowhere else, so that a search can only find its own doc. */
const WORDS = ['marmot', 'ocelot', 'tapir', 'okapi', 'quoll', 'numbat', 'dugong', 'saola'];

let copy: string;
let gate: RunningGate;

test.describe.configure({mode: 'serial', timeout: 300_000});

/** Two sections of two docs in each version, same folder names in both. */
function addSections(site: string): void {
  let word = 0;
  for (const version of siteVersions(site)) {
    SECTIONS.forEach(({folder, label}, position) => {
      const dir = path.join(site, version.docsDir, folder);
      mkdirSync(dir, {recursive: true});
      writeFileSync(path.join(dir, '_category_.json'), JSON.stringify({label, position: 20 + position}));
      for (const doc of [1, 2]) {
        const unique = WORDS[word++]!;
        writeFileSync(
          path.join(dir, `${unique}.md`),
          [
            '---',
            `title: ${label} ${unique}`,
            `description: Lesson ${doc} of the ${label} section, in version ${version.label} of the generated site.`,
            `sidebar_position: ${doc}`,
            '---',
            '',
            '## Steps',
            '',
            `The ${unique} lesson belongs to ${label} in version ${version.label}; readers search for it by name.`,
            '',
          ].join('\n'),
        );
      }
    });
  }
}

test.beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'tutorial-hub-sections-'));
  cpSync(REPO, copy, {recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source))});
  symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  addSections(copy);
  // The two builds of `npm run build`: the site, and the public login page beside it.
  const docusaurus = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
  for (const args of [['build', '--out-dir', 'build/site'], ['build', '--config', 'docusaurus.login.config.ts', '--out-dir', 'build/login']]) {
    execFileSync(process.execPath, [docusaurus, ...args], {cwd: copy, stdio: 'pipe', env: {...process.env, CI: 'true'}});
  }
  gate = await startGate({BUILD_DIR: path.join(copy, 'build')});
});

test.afterAll(async () => {
  await gate?.close();
  if (copy) rmSync(copy, {recursive: true, force: true});
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${gate.origin}/login`);
  await signInThroughLoginPage(page);
  await expect(page).toHaveURL(`${gate.origin}/`);
}

test('every section of both versions is searched, from one of its pages, in its own index', async ({page}) => {
  await signIn(page);
  const cases = sectionSearchCases(copy);
  expect(cases.filter((searched) => /field-notes|workshop/.test(searched.context)).map((searched) => searched.index)).toEqual([
    '/search-index-field-notes.json',
    '/search-index-workshop.json',
    '/1.0/search-index-1.0-field-notes.json',
    '/1.0/search-index-1.0-workshop.json',
  ]);
  for (const searched of cases) {
    await test.step(`${searched.name}: ${searched.page}`, () => checkSearchFrom(page, gate.origin, searched));
  }
});

test("a section's word is not found from the same-named section of the other version", async ({page}) => {
  await signIn(page);
  await page.goto(`${gate.origin}/1.0/field-notes/quoll`);
  const box = page.locator('input.navbar__search-input');
  await box.focus();
  await expect(box).toHaveAttribute('role', 'combobox');
  // marmot is in 2.0's Field Notes only.
  await box.fill('marmot');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByText('No results')).toBeVisible();
  await expect(suggestions.getByRole('option', {name: 'See all results outside "Field Notes (1.0)"'})).toHaveAttribute(
    'href',
    `/search?q=marmot&version=${encodeURIComponent('1.0/')}`,
  );
});
