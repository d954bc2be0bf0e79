/** "Skip to main content": the first Tab stop of every page, and where it leads. */
import {expect, test} from '../fixtureSite';
import type {Page} from '@playwright/test';

const skipLink = (page: Page) => page.getByRole('link', {name: 'Skip to main content'});

test('on a doc page, it skips the navbar and sidebar', async ({page, navbar}) => {
  await page.goto('/chapter-1-introduction');
  await navbar.expectHydrated();
  await page.keyboard.press('Tab');
  await expect(skipLink(page)).toBeFocused();
  // The link focuses <main> for a moment; the next Tab lands on the first control inside it (the breadcrumbs).
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', {name: 'Home page'})).toBeFocused();
});

test('on the search page, it reaches the one main landmark before the query box', async ({page}) => {
  await page.goto('/search?q=markdown');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Search results for "markdown"');
  await page.keyboard.press('Tab');
  await expect(skipLink(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', {name: 'Search'})).toBeFocused();
});
