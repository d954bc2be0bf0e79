/**
 * Search as a reader uses it: from a page of every section of both versions, on the search page
 * with every context it offers and with another version's, typed fast, after a huge query, and
 * followed by the reader's chosen version. (A generated site with sections in both versions:
 * authoring/search-sections.spec.ts.)
 */
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {checkSearchFrom, sectionSearchCases, siteVersions} from '../../support/searchSections';
import {searchFromNavbar} from '../../support/search';
import {GATE_URL} from '../../support/environment';
import {watchForErrors} from '../../support/pageErrors';

const SITE = path.resolve(__dirname, '../../..');
/** A word that only versioned_docs/version-1.0/Collapsible.md uses. */
const ONLY_IN_1_0 = 'accordionlike';

test.describe('the navbar box, from a page of every section of both versions', () => {
  for (const searched of sectionSearchCases(SITE)) {
    test(`${searched.name}: ${searched.page} searches ${searched.index}`, async ({page}) => {
      await checkSearchFrom(page, GATE_URL, searched);
    });
  }
});

test.describe('the search page', () => {
  for (const version of siteVersions(SITE)) {
    test(`offers the sections of ${version.label} only, and each one searches its own index`, async ({page}) => {
      const errors = watchForErrors(page);
      const cases = sectionSearchCases(SITE).filter((searched) => searched.versionParam === (version.route === '' ? '' : `${version.route}/`));
      const query = 'the';
      await page.goto(`/search?${new URLSearchParams({q: query, ...(version.route ? {version: `${version.route}/`} : {})})}`);
      const menu = page.getByRole('combobox', {name: 'Search in'});
      await expect(menu.getByRole('option')).toHaveText([`All of ${version.label}`, ...cases.filter((c) => c.context).map((c) => c.contextLabel!)]);

      // Each section, then the whole version again (its index already fetched: the search worker keeps it).
      for (const searched of cases.slice(1)) {
        const index = page.waitForResponse((response) => new URL(response.url()).pathname === searched.index);
        await menu.selectOption(searched.context);
        expect((await index).status()).toBe(200);
        await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
        await expect(menu).toHaveValue(searched.context);
      }
      await menu.selectOption('');
      await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('a section of the other version, from a link, searches that section of that version', async ({page}) => {
    const errors = watchForErrors(page);
    await page.goto(`/search?q=markdown&ctx=${encodeURIComponent('1.0/tutorial-basics')}`);
    const menu = page.getByRole('combobox', {name: 'Search in'});
    await expect(menu).toHaveValue('1.0/tutorial-basics');
    await expect(menu.getByRole('option')).toHaveText(['All of 1.0', 'Tutorial - Basics (1.0)', 'Tutorial - Extras (1.0)']);
    await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
    await expect(page.getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/1\.0\/tutorial-basics\//);

    // "All of 1.0" stays in 1.0, and says so in the address.
    await menu.selectOption('');
    await expect(page).toHaveURL(/[?&]version=1\.0%2F/);
    await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a version that does not exist is named, and the current version searched instead', async ({page}) => {
    await page.goto(`/search?q=markdown&version=${encodeURIComponent('9.9/')}`);
    await expect(page.getByRole('status')).toHaveText('There is no version “9.9” of these docs. Showing results from all of version 2.0.');
    await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
  });

  test('is one main landmark, which the skip link reaches before the query box', async ({page}) => {
    await page.goto('/search?q=markdown');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Search results for "markdown"');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', {name: 'Search'})).toBeFocused();
  });

  test.describe('on a phone', () => {
    test.use({viewport: {width: 390, height: 844}});

    test('keeps the section menu off the edges of the screen', async ({page}) => {
      await page.goto(`/search?q=markdown&version=${encodeURIComponent('1.0/')}`);
      const menu = await page.getByRole('combobox', {name: 'Search in'}).boundingBox();
      const box = await page.getByRole('searchbox', {name: 'Search'}).boundingBox();
      expect(menu!.x).toBe(box!.x);
      expect(menu!.x + menu!.width).toBe(box!.x + box!.width);
      expect(menu!.x).toBeGreaterThanOrEqual(12);
    });
  });

  test('keeps every key typed at 20 ms a key', async ({page}) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', {name: 'Search'});
    await expect(box).not.toBeFocused();
    await box.pressSequentially('documentation sidebar', {delay: 20});
    await expect(box).toHaveValue('documentation sidebar');
    await expect(page).toHaveURL(/[?&]q=documentation\+sidebar(&|$)/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "documentation sidebar"');
    await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
  });
});

test.describe('a 3,000-character query', () => {
  const HUGE = Array.from({length: 300}, (_, i) => `word${i}x`).join(' ').slice(0, 3000);

  test('is cut to 100 characters, and the navbar box answers the next query at once', async ({page}) => {
    await page.goto('/1.0/intro');
    const box = page.locator('input.navbar__search-input');
    const suggestions = await searchFromNavbar(page, HUGE);
    await expect(suggestions.getByText('No results')).toBeVisible({timeout: 5000});
    expect((await box.inputValue()).length).toBeLessThanOrEqual(100);
    await box.fill(ONLY_IN_1_0);
    await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections', {timeout: 3000});
  });

  test('in the address of the search page, is answered at once, and so is the next', async ({page}) => {
    await page.goto(`/search?${new URLSearchParams({q: HUGE, version: '1.0/'})}`);
    await expect(page.getByText('No documents were found')).toBeVisible({timeout: 5000});
    const box = page.getByRole('searchbox', {name: 'Search'});
    await box.fill(ONLY_IN_1_0);
    await expect(page.getByRole('article').first()).toContainText('Collapsible Sections', {timeout: 3000});
  });
});

test('the version chosen in the menu is the one the home page searches and links to', async ({page}) => {
  await page.goto('/1.0/intro');
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Tutorials'})).toHaveAttribute('href', '/1.0');
  // Visiting is not choosing: the choice is made in the version menu.
  await page.goto('/');
  const tutorials = page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Tutorials'});
  await expect(tutorials).toHaveAttribute('href', '/chapter-1-introduction');

  const menu = page.locator('.navbar .dropdown').filter({has: page.getByRole('button', {name: '2.0', exact: true})});
  await expect(async () => {
    await menu.hover();
    await menu.getByRole('link', {name: '1.0', exact: true}).click({timeout: 2000});
  }).toPass({timeout: 15_000});
  await expect(page).toHaveURL('/1.0/intro');

  const index = page.waitForResponse((response) => new URL(response.url()).pathname === '/1.0/search-index.json');
  await page.goto('/');
  await expect(tutorials).toHaveAttribute('href', '/1.0');
  await index;
  const suggestions = await searchFromNavbar(page, ONLY_IN_1_0);
  await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections');
  await page.goto('/search?q=accordionlike');
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
});
