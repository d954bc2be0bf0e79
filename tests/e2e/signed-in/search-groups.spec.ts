/**
 * A 2.0 page's box searches 2.0's index, and results are grouped by page: a page's other matching
 * sections under it, in the box (options of the page's group) and on the search page (a group headed by
 * the page's title, links under it); a doc embedded in another is found once. Walked on one loaded page.
 */
import {builtPageTitle} from '../../../testkit/realDocs';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

test("a 2.0 page's box: its own version, a page's other sections under it in the box and on the search page, a partial found once", async ({
  page,
  searchBox,
}) => {
  await page.goto('/chapter-1-introduction');
  const {box, popup} = searchBox;
  const seeAll = popup.getByRole('link', {name: 'See all results', exact: true});

  await test.step('a 2.0 page searches the 2.0 index only', async () => {
    const suggestions = await searchBox.search(ONLY_IN_1_0);
    await expect(suggestions.getByRole('status')).toContainText('No results in 2.0.');
    await expect(suggestions.getByRole('listbox')).toHaveCount(0);
    await expect(suggestions.getByRole('option')).toHaveCount(0);
  });

  await test.step("the box shows a page's other matching sections as options under it, which the keys reach and open", async () => {
    const suggestions = await searchBox.search('sidebar');
    await expect(suggestions.getByRole('group').first()).toHaveAccessibleName('Chapter 2: Documentation');
    const chapter = suggestions.getByRole('group', {name: 'Chapter 2: Documentation'});
    await expect(chapter.getByRole('option')).toHaveText([/^Chapter 2: Documentation/, /^Front matter/, /^What you'll learn/]);
    // Down to the first page's option, then to the next: the first section under it.
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(chapter.getByRole('option', {selected: true})).toHaveText(/^Front matter/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/Chapter%202_%20Documentation\?_highlight=sidebar#front-matter$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Chapter 2: Documentation');
  });

  await test.step("the search page heads each page's group with the page's title, as the box does, the section that matched under it", async () => {
    await searchBox.search('sidebar');
    await seeAll.click();
    // 2.0's search page, whether its address names the version at the root or leaves it to the default.
    await expect(page).toHaveURL(/\/search\?q=sidebar(&version=2\.0)?$/);
    const titles = page.getByRole('article').getByRole('heading', {level: 2});
    await expect(titles.first()).toBeVisible();
    const heads = await titles.evaluateAll((headings) =>
      headings.map((heading) => ({text: heading.textContent, href: heading.querySelector('a')!.getAttribute('href')!})),
    );
    expect(heads.length).toBeGreaterThan(1);
    for (const {text, href} of heads) expect(text, href).toBe(builtPageTitle(FIXTURE_SITE_BUILD, href.replace(/[?#].*$/, '')));
    const chapter = page.getByRole('article').filter({has: page.getByRole('heading', {level: 2, name: 'Chapter 2: Documentation'})});
    await expect(chapter.getByText('Sidebars', {exact: true})).toBeVisible();
  });

  await test.step("the search page lists a page's other sections that hold the query under it, each a link to its heading", async () => {
    const chapter = page.getByRole('article').filter({has: page.getByRole('heading', {level: 2, name: 'Chapter 2: Documentation'})});
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

  await test.step('a doc embedded in another page is found on its own page, not again on the page that embeds it', async () => {
    await searchBox.search('syntax highlighting');
    await seeAll.click();
    await expect(page.getByText('1 result in 2.0.', {exact: true})).toBeVisible();
    await expect(page.getByRole('article')).toContainText('Before you start');
  });
});
