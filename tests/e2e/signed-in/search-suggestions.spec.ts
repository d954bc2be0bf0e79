/**
 * The navbar search box: what it suggests from its version's index, where a suggestion leads (a real
 * link), and what it does with odd queries, walked on one loaded 1.0 page. (A 2.0 page's own index:
 * search-groups.spec.ts.)
 */
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('what the box suggests, where a suggestion leads, and what it makes of odd queries', async ({page, context, navbar, searchBox}) => {
  await page.goto('/1.0/intro');

  await test.step('malformed queries break neither the box nor the page (the error guard sees no error)', async () => {
    for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
      await test.step(JSON.stringify(query), async () => {
        const suggestions = await searchBox.search(query);
        await expect(suggestions.getByRole('option').or(suggestions.getByText('No results')).first()).toBeVisible();
        await expect(navbar.main).toBeVisible();
      });
    }
  });

  await test.step('a 3,000-character query is cut to 100 characters, and the next query is answered at once', async () => {
    const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
      .join(' ')
      .slice(0, 3000);
    const suggestions = await searchBox.search(huge);
    await expect(suggestions.getByText('No results')).toBeVisible({timeout: 5000});
    expect((await searchBox.box.inputValue()).length).toBeLessThanOrEqual(100);
    await searchBox.box.fill(ONLY_IN_1_0);
    await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections', {timeout: 3000});
  });

  await test.step('at most 8 pages, each with up to 2 more of its sections that hold the query', async () => {
    for (const word of ['docs', 'page']) {
      const suggestions = await searchBox.search(word);
      // Both words are on far more than 8 pages: the limit, not the index, stops the list.
      const pages = suggestions.getByRole('listbox').getByRole('group');
      await expect(pages).toHaveCount(8);
      const optionsPerPage = await pages.evaluateAll((groups) => groups.map((group) => group.querySelectorAll('[role="option"]').length));
      expect(optionsPerPage.filter((options) => options < 1 || options > 3)).toEqual([]);
      // A page's sections are under it: its first option leads to the page itself, the others to its anchors.
      expect(
        optionsPerPage.some((options) => options > 1),
        `options per page: ${optionsPerPage.join(', ')}`,
      ).toBe(true);
      await expect(suggestions.getByRole('status')).toHaveText(/^8 of \d+ results\.$/);
    }
  });

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
