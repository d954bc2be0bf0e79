/** "Skip to main content": the first Tab stop of every page, and where it leads. */
import {expect, test} from '../fixtureSite';

test('the first Tab stop skips to the one main landmark, on a doc page and on the search page', async ({page, navbar}) => {
  const skipLink = page.getByRole('link', {name: 'Skip to main content'});

  await test.step('on a doc page, it skips the navbar and sidebar', async () => {
    await page.goto('/docs/chapter-1-introduction');
    await navbar.expectHydrated();
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    // The link focuses <main> for a moment; the next Tab lands on the first control inside it (the breadcrumbs).
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', {name: 'Home page'})).toBeFocused();
  });

  await test.step('on the search page, it reaches the one main landmark before the query box', async () => {
    await page.goto('/search?q=markdown');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Search results for "markdown"');
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', {name: 'Search'})).toBeFocused();
  });
});
