/**
 * The navbar search box: where a suggestion leads (a real link: a new tab, the page with the words it
 * found marked, the search page), walked on one loaded 1.0 page. What it suggests, grouped, and what it
 * makes of odd queries: tests/component/searchBox.test.tsx. (A 3.0 page's own index: search-groups.spec.ts.)
 */
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('where a suggestion leads: a new tab, its page with the words it found marked, the search page', async ({
  page,
  context,
  searchBox,
}) => {
  await page.goto('/1.0/intro');

  await test.step('a suggestion is a link to its page: a Ctrl-click opens it in a new tab and leaves this page as it was', async () => {
    const suggestions = await searchBox.search(ONLY_IN_1_0);
    const first = suggestions.getByRole('option').first();
    await expect(first).toContainText('Collapsible Sections');
    await expect(first.locator('mark')).toHaveText(ONLY_IN_1_0);
    await expect(first).toHaveAttribute('href', new RegExp(`^/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
    const opened = context.waitForEvent('page');
    await first.click({modifiers: ['Control']});
    const tab = await opened;
    await expect(tab).toHaveURL(new RegExp(`/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}`));
    await expect(tab.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
    await expect(page).toHaveURL('/1.0/intro');
    await tab.close();
  });

  await test.step('a click opens it, the word it found highlighted on the page', async () => {
    await searchBox.popup.getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
    await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
    await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
  });

  for (const [query, title, form, forms] of [
    ['deploying', 'Deploy Your Site', 'deploy', /^(deploy|deploying|deployed|deployment)$/i],
    ['colapsible', 'Collapsible Sections', 'collapsible', /^(collapsible|collapse)$/i],
  ] as const) {
    await test.step(`the page found marks what "${query}" matched: other forms of the word, the word a typo stands for`, async () => {
      const suggestions = await searchBox.search(query);
      await suggestions.getByRole('option').filter({hasText: title}).first().click();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
      await expect(page).toHaveURL(new RegExp(`_highlight=${query}`));
      const marks = page.getByRole('article').locator('mark');
      // A form the reader did not type is marked (the typed word alone marked only itself, or nothing).
      await expect(marks.filter({hasText: new RegExp(`^${form}$`, 'i')}).first()).toBeVisible();
      for (const text of await marks.allTextContents()) expect(text).toMatch(forms);
    });
  }

  await test.step('"See all results" opens the search page of the version', async () => {
    const suggestions = await searchBox.search(ONLY_IN_1_0);
    await expect(suggestions.getByRole('link', {name: /^See all results within/})).toHaveCount(0);
    await suggestions.getByRole('link', {name: 'See all results', exact: true}).click();
    await expect(page).toHaveURL(/\/search\?q=accordionlike&version=1\.0%2F$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
    await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
  });
});
