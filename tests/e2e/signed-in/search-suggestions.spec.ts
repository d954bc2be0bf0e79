/** The navbar search box: what it suggests, from which version's index, where it leads, and what it does with odd queries. */
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('a 1.0 page finds a word of its version and highlights it on the page found', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const suggestions = await searchBox.search(ONLY_IN_1_0);
  const options = suggestions.getByRole('option');
  await expect(options.first()).toContainText('Collapsible Sections');
  await expect(options.first().locator('mark')).toHaveText(ONLY_IN_1_0);

  await options.first().click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
  await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
  await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
});

test('the page found marks what the search matched: other forms of the word, and the word a typo stands for', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  for (const [query, title, form, forms] of [
    ['deploying', 'Deploy Your Site', 'deploy', /^(deploy|deploying|deployed|deployment)$/i],
    ['colapsible', 'Collapsible Sections', 'collapsible', /^(collapsible|collapse)$/i],
  ] as const) {
    const suggestions = await searchBox.search(query);
    await suggestions.getByRole('option').filter({hasText: title}).first().click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
    const marks = page.getByRole('article').locator('mark');
    // A form the reader did not type is marked (the typed word alone marked only itself, or nothing).
    await expect(marks.filter({hasText: new RegExp(`^${form}$`, 'i')}).first()).toBeVisible();
    for (const text of await marks.allTextContents()) expect(text).toMatch(forms);
    await page.goto('/1.0/intro');
  }
});

test('a suggestion is a link to its page: a Ctrl-click opens it in a new tab and leaves this page as it was', async ({
  page,
  context,
  searchBox,
}) => {
  await page.goto('/1.0/intro');
  const suggestions = await searchBox.search(ONLY_IN_1_0);
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAttribute('href', new RegExp(`^/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
  const opened = context.waitForEvent('page');
  await first.click({modifiers: ['Control']});
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}`));
  await expect(tab.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
  await expect(page).toHaveURL('/1.0/intro');
  await tab.close();
});

test('shows at most 8 pages, each with up to 2 more of its sections that hold the query', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
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

test('a 2.0 page searches the 2.0 index only', async ({page, searchBox}) => {
  await page.goto('/chapter-1-introduction');
  const suggestions = await searchBox.search(ONLY_IN_1_0);
  await expect(suggestions.getByRole('status')).toContainText('No results in 2.0.');
  await expect(suggestions.getByRole('listbox')).toHaveCount(0);
  await expect(suggestions.getByRole('option')).toHaveCount(0);
});

test('"See all results" opens the search page of the version', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const suggestions = await searchBox.search(ONLY_IN_1_0);
  await expect(suggestions.getByRole('link', {name: /^See all results within/})).toHaveCount(0);
  await suggestions.getByRole('link', {name: 'See all results', exact: true}).click();
  await expect(page).toHaveURL(/\/search\?q=accordionlike&version=1\.0%2F$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
});

test('malformed queries break neither the box nor the page (the error guard sees no error)', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
    await test.step(JSON.stringify(query), async () => {
      const suggestions = await searchBox.search(query);
      await expect(suggestions.getByRole('option').or(suggestions.getByText('No results')).first()).toBeVisible();
      await expect(navbar.main).toBeVisible();
    });
  }
});

test('a 3,000-character query is cut to 100 characters, and the next query is answered at once', async ({page, searchBox}) => {
  const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
    .join(' ')
    .slice(0, 3000);
  await page.goto('/1.0/intro');
  const box = page.locator('input.navbar__search-input');
  const suggestions = await searchBox.search(huge);
  await expect(suggestions.getByText('No results')).toBeVisible({timeout: 5000});
  expect((await box.inputValue()).length).toBeLessThanOrEqual(100);
  await box.fill(ONLY_IN_1_0);
  await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections', {timeout: 3000});
});
