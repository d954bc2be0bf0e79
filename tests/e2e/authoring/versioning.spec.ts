/**
 * The release procedure of CONTRIBUTING.md, as tests/support/authoredSite.ts ran it on a copy of the
 * repository whose current docs are kept at `/docs`: cut 2.0 (frozen below them, at `/docs/2.0`), relabel
 * the current docs 3.0, add a page, build, and serve the result through the gate server.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {SITE_DIR} from '../../../contracts/buildLayout';
import {MANIFEST_FILE} from '../../../contracts/searchIndexFiles';
import {siteVersions} from '../../../contracts/siteVersions';
import {builtVersionIndex} from '../../../testkit/builtSearchIndex';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../../../testkit/http';
import {orphanedDocPages} from '../../support/sidebars';
import {copyBuild} from '../../support/siteCopies';
import {AUTHORED_SITE, expect, RELEASE_WORD, test} from './authoredSite';

test('the release froze 2.0 below the current docs and relabelled them 3.0', () => {
  const read = (file: string) => JSON.parse(readFileSync(path.join(AUTHORED_SITE, file), 'utf8')) as unknown;
  expect(read('versions.json')).toEqual(['2.0', '1.0', '0.9']);
  expect(read('current-version.json')).toEqual({label: '3.0'});
  expect(siteVersions(AUTHORED_SITE).map(({label, route}) => [label, route])).toEqual([
    ['3.0', 'docs'],
    ['2.0', 'docs/2.0'],
    ['1.0', '1.0'],
    ['0.9 LTS', 'legacy'],
  ]);
  const frozen = ['versioned_docs/version-2.0/chapter-1-introduction.md', 'versioned_sidebars/version-2.0-sidebars.json'];
  expect(frozen.filter((file) => !existsSync(path.join(AUTHORED_SITE, file)))).toEqual([]);
});

test('every version builds, with its own search index, and every page is reachable from its sidebar', () => {
  const build = copyBuild(AUTHORED_SITE, SITE_DIR);
  const built = (file: string) => existsSync(path.join(build, file));
  const pages = [
    // Each version below the root lands on a generated index of its pages.
    'docs.html',
    'docs/chapter-1-introduction.html',
    'docs/release-notes.html',
    'docs/2.0.html',
    'docs/2.0/chapter-1-introduction.html',
    'docs/2.0/reusable1.html',
    '1.0/intro.html',
  ];
  expect(pages.filter((page) => !built(page))).toEqual([]);
  // Left out: the page added after the release, from the frozen version; the docs at the root; the search plugin's unsplit index.
  expect(['docs/2.0/release-notes.html', 'chapter-1-introduction.html', 'search-index.json'].filter(built)).toEqual([]);
  const [current, frozen, oldest] = ['', 'docs/2.0', '1.0'].map((folder) => builtVersionIndex(build, folder));
  // The new page, and its word, are in the current version's index only.
  expect(current!.pageUrls).toContain('/docs/release-notes');
  expect(current!.terms.filter((term) => RELEASE_WORD.startsWith(term) && term.length > 8)).not.toEqual([]);
  for (const older of [frozen!, oldest!]) {
    expect(older.pageUrls).not.toContain('/docs/release-notes');
    expect(older.terms.filter((term) => term.startsWith(RELEASE_WORD.slice(0, 8)))).toEqual([]);
  }
  expect(frozen!.pageUrls).toContain('/docs/2.0/chapter-1-introduction');
  expect(frozen!.pageUrls.filter((url) => !url?.startsWith('/docs/2.0/'))).toEqual([]);
  expect(current!.pageUrls.filter((url) => !url?.startsWith('/docs/') || url.startsWith('/docs/2.0/'))).toEqual([]);
  expect(orphanedDocPages(build)).toEqual([]);
});

test('the new paths are gated like the others', async ({siteGate}) => {
  for (const pagePath of ['/docs', '/docs/2.0/chapter-1-introduction']) {
    const page = await rawRequest(siteGate.origin, pagePath, {headers: NAVIGATION});
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe(`/login?redirect=${encodeURIComponent(pagePath)}`);
  }
  expect((await rawRequest(siteGate.origin, `/docs/2.0/${MANIFEST_FILE}`, {headers: SUBRESOURCE})).status).toBe(401);
  expect((await rawRequest(siteGate.origin, '/docs/release-notes', {headers: SUBRESOURCE})).status).toBe(401);
});

test('the newest version is at /docs, the older ones under their paths, all in the version menu', async ({page, siteGate, navbar}) => {
  const {origin} = siteGate;
  await page.goto(`${origin}/docs/release-notes`);
  await expect(page.getByRole('heading', {level: 1, name: 'Release notes'})).toBeVisible();
  const menu = await navbar.openVersionMenuByKeyboard('3.0');
  await expect(menu.getByRole('link')).toHaveText(['3.0', '2.0', '1.0']);
  await menu.getByRole('link', {name: '2.0'}).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/docs/2\\.0(/|$)`));
  await expect(page.getByText('This is documentation for Tutorial Hub 2.0')).toBeVisible();

  // The landing of the newest version lists its pages, and its sidebar leads into them.
  await page.goto(`${origin}/docs`);
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub 3.0'})).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', {name: /Release notes/})).toHaveAttribute('href', '/docs/release-notes');

  await page.goto(`${origin}/docs/2.0/chapter-1-introduction`);
  await expect(page.getByRole('heading', {level: 1, name: 'Chapter 1: Introduction'})).toBeVisible();
  await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Chapter 2: Documentation'})).toHaveAttribute(
    'href',
    '/docs/2.0/Chapter 2_ Documentation',
  );
});

test('a new page is found by its word from its own version only', async ({page, siteGate, searchBox}) => {
  await page.goto(`${siteGate.origin}/docs/chapter-1-introduction`);
  const found = await searchBox.search(RELEASE_WORD);
  await expect(found.getByRole('option').first()).toContainText('Release notes');

  // An older version does not find it, and says where it is.
  for (const [olderPage, version] of [
    ['/docs/2.0/chapter-1-introduction', '2.0'],
    ['/1.0/intro', '1.0'],
  ]) {
    await page.goto(`${siteGate.origin}${olderPage}`);
    const results = await searchBox.search(RELEASE_WORD);
    await expect(results.getByRole('status')).toHaveText(`No results in ${version}. Search all versions: 1 result in 3.0`);
    await expect(results.getByRole('status').getByRole('link')).toHaveAttribute('href', `/search?q=${RELEASE_WORD}&version=3.0`);
  }
});
