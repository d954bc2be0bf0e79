/**
 * The release procedure of CONTRIBUTING.md, as tests/support/fixtureSite.ts ran it on the fixture site,
 * whose current docs are kept at `/docs`: cut 2.0 (frozen below them, at `/docs/2.0`), relabel
 * the current docs 3.0, add a page, build, and serve the result through the gate server: the pages a reader
 * opens. What the release wrote, what the build made and what the gate answers are checked without a browser
 * (tests/integration/release-versions.test.ts).
 */
import {RELEASE_WORD} from '../../support/fixtureSite';
import {expect, test} from '../fixtureSite';

test('the newest version is at /docs, the older ones under their paths, all in the version menu', async ({page, siteGate, navbar}) => {
  const {origin} = siteGate;
  await page.goto(`${origin}/docs/release-notes`);
  await expect(page.getByRole('heading', {level: 1, name: 'Release notes'})).toBeVisible();
  // The page the release added is in its own version's sidebar.
  await expect(
    page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Release notes', exact: true}),
  ).toHaveAttribute('href', '/docs/release-notes');
  const menu = await navbar.openVersionMenuByKeyboard('3.0');
  await expect(menu.getByRole('link')).toHaveText(['3.0', '2.0', '1.0']);
  await menu.getByRole('link', {name: '2.0'}).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/docs/2\\.0(/|$)`));
  await expect(page.getByText('This is documentation for Tutorial Hub 2.0')).toBeVisible();

  // The landing of the frozen version, which has no index.md of its own, lists its pages.
  await page.goto(`${origin}/docs/2.0`);
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub 2.0'})).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', {name: /Chapter 1: Introduction/})
      .first(),
  ).toHaveAttribute('href', '/docs/2.0/chapter-1-introduction');

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
