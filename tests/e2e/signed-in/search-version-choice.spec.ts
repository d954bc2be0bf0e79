/**
 * One version for the reader: the one chosen in the version menu is the one the home page's menu
 * shows, "Tutorials" opens, the box searches and /search searches; and what the box says when the
 * other version has what this one has not.
 */
import {indexResponse, manifestPath} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

const FOUND = /^\d+ results? in \d+\.\d+\.$/;

test('the version chosen in the menu is the one the home page shows, links to and searches', async ({page, context, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await expect(navbar.main.getByRole('link', {name: 'Tutorials'})).toHaveAttribute('href', '/1.0');
  await expect(navbar.versionMenu('1.0').trigger).toBeVisible();
  // Visiting is not choosing: the choice is made in the version menu.
  await page.goto('/');
  const tutorials = navbar.main.getByRole('link', {name: 'Tutorials'});
  // The first page of 2.0's sidebar: the real docs' root index.md, first in the fixture site.
  await expect(tutorials).toHaveAttribute('href', '/overview');
  await expect(navbar.versionMenu('2.0').trigger).toBeVisible();

  const menu = await navbar.openVersionMenuByKeyboard('2.0');
  await menu.getByRole('link', {name: '1.0', exact: true}).click();
  await expect(page).toHaveURL('/1.0/intro');

  const manifest = indexResponse(context, manifestPath('1.0'));
  await page.goto('/');
  await expect(navbar.versionMenu('1.0').trigger).toBeVisible();
  await expect(navbar.versionMenu('2.0').trigger).toHaveCount(0);
  await expect(tutorials).toHaveAttribute('href', '/1.0');
  expect((await manifest).status()).toBe(200);
  const suggestions = await searchBox.search(ONLY_IN_1_0);
  await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections');
  await expect(suggestions.getByRole('link', {name: 'See all results', exact: true})).toHaveAttribute(
    'href',
    `/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`,
  );

  await page.goto(`/search?q=${ONLY_IN_1_0}`);
  await expect(page.getByRole('combobox', {name: 'Search in'}).getByRole('option', {selected: true})).toHaveText('All of 1.0');
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
  await expect(navbar.versionMenu('1.0').trigger).toBeVisible();

  // A doc of the other version is in its own version: the menu, the link and the box follow the page.
  await page.goto('/chapter-1-introduction');
  await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
  await expect(tutorials).toHaveAttribute('href', '/overview');
  await expect((await searchBox.search(ONLY_IN_1_0)).getByRole('status')).toContainText('No results in 2.0.');
});

test('when this version has nothing and the other has, the box says so and links to it', async ({page, searchBox}) => {
  await page.goto('/chapter-1-introduction');
  const popup = await searchBox.search(ONLY_IN_1_0);
  const status = popup.getByRole('status');
  await expect(status).toHaveText('No results in 2.0. 1 result in 1.0');
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  const elsewhere = status.getByRole('link', {name: '1 result in 1.0'});
  await expect(elsewhere).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`);

  await elsewhere.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
  await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
});

test('when neither version has anything, the box says so without a link', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const popup = await searchBox.search('zzzqqqxyzzy');
  await expect(popup.getByRole('status')).toHaveText('No results in 1.0.');
  await expect(popup.getByRole('status').getByRole('link')).toHaveCount(0);
});

test('version=2.0 and version=2.0/ on the search page both mean the version at the root, whatever was chosen', async ({
  page,
  navbar,
  searchBox,
}) => {
  // Chosen: 1.0. An address that names 2.0 still searches 2.0.
  await page.goto('/');
  await (await navbar.openVersionMenuByKeyboard('2.0')).getByRole('link', {name: '1.0', exact: true}).click();
  await expect(page).toHaveURL('/1.0/intro');
  const results: string[][] = [];
  for (const version of ['2.0', '2.0/']) {
    await test.step(`version=${version}`, async () => {
      await page.goto(`/search?${new URLSearchParams({q: 'documentation', version})}`);
      await expect(page.getByRole('combobox', {name: 'Search in'}).getByRole('option', {selected: true})).toHaveText('All of 2.0');
      // The page is in 2.0: the version menu says so, and the navbar box searches 2.0 too.
      await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expect(page.getByText(FOUND)).toBeVisible();
      const links = page.getByRole('article').getByRole('link');
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => href.startsWith('/1.0'))).toEqual([]);
      results.push(hrefs);
    });
  }
  expect(results[1]).toEqual(results[0]);
  await expect(searchBox.box).toBeVisible();
});
