/**
 * A 3.0 page's box searches 3.0's built index, whose pages the search page heads with the titles the built
 * pages have, a section listed under its page opens it at its heading, and a doc embedded in another is found
 * once. Walked on one loaded page. How the box and the search page group a page's sections, and the keys:
 * tests/component/searchBox.test.tsx and searchPage.test.tsx.
 */
import {builtPageTitle} from '../../../testkit/realDocs';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

test("a 3.0 page's box: its own version's built index, its pages' titles, a section opened at its heading, a partial found once", async ({
  page,
  searchBox,
}) => {
  await page.goto('/docs/chapter-1-introduction');
  const {popup} = searchBox;
  const seeAll = popup.getByRole('link', {name: 'See all results', exact: true});

  await test.step('a 3.0 page searches the 3.0 index only', async () => {
    const suggestions = await searchBox.search(ONLY_IN_1_0);
    await expect(suggestions.getByRole('status')).toContainText('No results in 3.0.');
    await expect(suggestions.getByRole('listbox')).toHaveCount(0);
    await expect(suggestions.getByRole('option')).toHaveCount(0);
  });

  await test.step("the search page heads each page's group with the title the built page has, the section that matched under it", async () => {
    await searchBox.search('sidebar');
    await seeAll.click();
    // 3.0's search page, whether its address names the current version or leaves it to the default.
    await expect(page).toHaveURL(/\/search\?q=sidebar(&version=3\.0)?$/);
    // The doc page stays on screen, with its own articles, until the search page's code is in: wait for the answer.
    await expect(page.getByRole('heading', {level: 1, name: 'Search results for "sidebar"'})).toBeVisible();
    await expect(page.getByText(/^\d+ results? in 3\.0\.$/)).toBeVisible();
    const titles = page.getByRole('article').getByRole('heading', {level: 2});
    const heads = await titles.evaluateAll((headings) =>
      headings.map((heading) => ({text: heading.textContent, href: heading.querySelector('a')!.getAttribute('href')!})),
    );
    expect(heads.length).toBeGreaterThan(1);
    for (const {text, href} of heads) expect(text, href).toBe(builtPageTitle(FIXTURE_SITE_BUILD, href.replace(/[?#].*$/, '')));
    const chapter = page.getByRole('article').filter({has: page.getByRole('heading', {level: 2, name: 'Chapter 2: Documentation'})});
    await expect(chapter.getByText('Sidebars', {exact: true})).toBeVisible();
  });

  await test.step('a section listed under its page opens the page at its heading', async () => {
    const chapter = page.getByRole('article').filter({has: page.getByRole('heading', {level: 2, name: 'Chapter 2: Documentation'})});
    await chapter.getByRole('list', {name: 'More in Chapter 2: Documentation'}).getByRole('link', {name: 'Front matter'}).click();
    await expect(page).toHaveURL(/#front-matter$/);
    await expect(page.getByRole('heading', {level: 2, name: 'Front matter'})).toBeInViewport();
  });

  await test.step('a doc embedded in another page is found on its own page, not again on the page that embeds it', async () => {
    // A word of one of its sections, said nowhere else: a query of one word is never filled with pages holding fewer words.
    await searchBox.search('powershell');
    await seeAll.click();
    await expect(page.getByText('1 result in 3.0.', {exact: true})).toBeVisible();
    await expect(page.getByRole('article')).toContainText('Before you start');
  });
});
