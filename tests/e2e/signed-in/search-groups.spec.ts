/** Search results grouped by page: a page's other matching sections under it, and a doc embedded in another found once. */
import {expect, test} from '../fixtureSite';

test("the search page lists a page's other sections that hold the query under it, each a link to its heading", async ({page}) => {
  await page.goto('/search?q=sidebar');
  const chapter = page.getByRole('article').filter({has: page.getByRole('heading', {level: 2, name: 'Sidebars'})});
  const more = chapter.getByRole('list', {name: 'More in Chapter 2: Documentation'});
  await expect(more.getByRole('listitem')).toHaveCount(2);
  const frontMatter = more.getByRole('link', {name: 'Front matter'});
  await expect(frontMatter).toHaveAttribute('href', /^\/Chapter 2_ Documentation\?_highlight=sidebar#front-matter$/);
  await expect(more.getByRole('listitem').filter({has: page.getByRole('link', {name: 'Front matter'})})).toContainText(
    'sidebar_position: 4',
  );

  await frontMatter.click();
  await expect(page).toHaveURL(/#front-matter$/);
  await expect(page.getByRole('heading', {level: 2, name: 'Front matter'})).toBeInViewport();
});

test('a doc embedded in another page is found on its own page, not again on the page that embeds it', async ({page}) => {
  await page.goto(`/search?q=${encodeURIComponent('syntax highlighting')}`);
  await expect(page.getByText('1 result in 2.0.', {exact: true})).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Before you start');
});

test("the box shows a page's other matching sections as options under it, which the keys reach and open", async ({page, searchBox}) => {
  await page.goto('/chapter-1-introduction');
  const suggestions = await searchBox.search('sidebar');
  await expect(suggestions.getByRole('group').first()).toHaveAccessibleName('Chapter 2: Documentation');
  const chapter = suggestions.getByRole('group', {name: 'Chapter 2: Documentation'});
  await expect(chapter.getByRole('option')).toHaveText([/^Chapter 2: Documentation/, /^Front matter/, /^What you'll learn/]);
  // Down to the first page's option, then to the next: the first section under it.
  await searchBox.box.press('ArrowDown');
  await searchBox.box.press('ArrowDown');
  await expect(chapter.getByRole('option', {selected: true})).toHaveText(/^Front matter/);
  await searchBox.box.press('Enter');
  await expect(page).toHaveURL(/\/Chapter%202_%20Documentation\?_highlight=sidebar#front-matter$/);
});
