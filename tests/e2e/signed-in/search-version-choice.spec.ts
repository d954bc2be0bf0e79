/**
 * One version for the reader: the one chosen in the version menu is the one the home page's menu
 * shows, "Tutorials" opens, the box searches and /search searches; a doc of the other version and an
 * address that names one keep theirs; and what the box says when the other version has what this one
 * has not. One reader's walk, with client-side navigation where a reader would click.
 */
import {manifestPath} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('the version chosen in the menu is the one the home page shows, links to and searches; a doc or an address of the other keeps its own', async ({
  page,
  navbar,
  searchBox,
}) => {
  const tutorials = navbar.main.getByRole('link', {name: 'Tutorials'});
  await page.goto('/1.0/intro');
  await expect(tutorials).toHaveAttribute('href', '/1.0');
  await expect(navbar.versionMenu('1.0').trigger).toBeVisible();

  await test.step('with nothing in either version, the box says so with a tip, and links to the search page alone', async () => {
    const popup = await searchBox.search('zzzqqqxyzzy');
    await expect(popup.getByRole('status')).toHaveText(
      'No results in 1.0. Try fewer or other words, and check their spelling. Open the search page',
    );
    await expect(popup.getByRole('link')).toHaveText(['Open the search page']);
    await searchBox.box.press('Escape');
  });

  await test.step('visiting is not choosing: the home page is in 2.0', async () => {
    await navbar.main.getByRole('link', {name: /^Tutorial Hub logo/}).click();
    await expect(page).toHaveURL('/');
    // The first page of 2.0's sidebar: the real docs' root index.md, first in the fixture site.
    await expect(tutorials).toHaveAttribute('href', '/overview');
    await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
  });

  await test.step('chosen in the menu, 1.0 is what the home page shows, links to, loads and searches', async () => {
    const menu = await navbar.openVersionMenuByKeyboard('2.0');
    await menu.getByRole('link', {name: '1.0', exact: true}).click();
    await expect(page).toHaveURL('/1.0/intro');
    const manifest = page.waitForResponse((response) => new URL(response.url()).pathname === manifestPath('1.0'));
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
  });

  await test.step('an address without a version searches 1.0; the page searches 2.0 when told, and the navbar follows it', async () => {
    await page.goto(`/search?q=${ONLY_IN_1_0}`);
    await expect(page.getByRole('combobox', {name: 'Search in'}).getByRole('option', {selected: true})).toHaveText('All of 1.0');
    await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
    await expect(navbar.versionMenu('1.0').trigger).toBeVisible();
    // The version at the root, chosen on the page, holds against the reader's 1.0.
    await page.getByRole('combobox', {name: 'Version'}).selectOption({label: 'Version 2.0'});
    await expect(page.getByText(/^No results in 2\.0\./)).toBeVisible();
    await expect(page.getByRole('combobox', {name: 'Search in'}).getByRole('option', {selected: true})).toHaveText('All of 2.0');
    await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
    await expect(tutorials).toHaveAttribute('href', '/overview');
  });

  await test.step('a doc of 2.0 is in 2.0: the menu, the link and the box follow the page, and the box links to 1.0, which has answers', async () => {
    await tutorials.click();
    await expect(page).toHaveURL('/overview');
    // The doc is in sight (its code loaded) before the reader looks at the navbar and types: the search
    // page's navbar stays meanwhile. (What is typed sooner is kept too: search-loading.spec.ts.)
    await expect(page.getByRole('main').getByRole('heading', {level: 1}).first()).toHaveText('Overview');
    await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
    await expect(tutorials).toHaveAttribute('href', '/overview');
    // The box keeps what was typed into it from page to page: the reader's query replaces it.
    const popup = await searchBox.search(ONLY_IN_1_0);
    const status = popup.getByRole('status');
    await expect(status).toHaveText('No results in 2.0. Search all versions: 1 result in 1.0');
    await expect(popup.getByRole('listbox')).toHaveCount(0);
    const elsewhere = status.getByRole('link', {name: 'Search all versions: 1 result in 1.0'});
    await expect(elsewhere).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`);
    await elsewhere.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
  });
});
