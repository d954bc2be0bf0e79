/**
 * Each reader's own site: the sidebar, the category cards, the search box and a page's address show the
 * pages their audiences allow, and every page hydrates as the gate sent it (the error guard fails the
 * test on a hydration error). What no answer may name is proved without a browser
 * (tests/integration/audiences.test.ts).
 */
import {expect, test, type Kind} from './audienceSite';

const SIDEBAR_ENTRIES: Record<Kind, {shows: string[]; hides: string[]}> = {
  none: {
    shows: ['Chapter 1: Introduction', 'A preview for everyone'],
    hides: ['Partner API', 'Product roadmap', 'Team handbook', 'Beta tutorials'],
  },
  partners: {shows: ['Partner API', 'Product roadmap'], hides: ['Team handbook', 'Beta tutorials']},
  staff: {shows: ['Product roadmap', 'Team handbook'], hides: ['Partner API', 'Beta tutorials']},
};

// A page of another audience answers 404, as a page that does not exist: the browser says so in its console.
test.use({expectedErrors: /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/team-handbook\)/});

for (const kind of Object.keys(SIDEBAR_ENTRIES) as Kind[]) {
  test(`a reader in ${kind === 'none' ? 'no audience' : kind} gets the sidebar, search and pages of their audiences`, async ({
    page,
    readerOf,
    searchBox,
    loginPage,
  }) => {
    await loginPage.signInAt('/chapter-1-introduction', readerOf(kind));
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    for (const entry of SIDEBAR_ENTRIES[kind].shows)
      await expect(sidebar.getByRole('link', {name: entry, exact: true}).first()).toBeVisible();
    for (const entry of SIDEBAR_ENTRIES[kind].hides) await expect(sidebar.getByRole('link', {name: entry, exact: true})).toHaveCount(0);

    const popup = await searchBox.search('roadmap');
    const roadmap = popup.getByRole('option', {name: /Product roadmap/});
    await expect(roadmap).toHaveCount(kind === 'none' ? 0 : 1);

    // A page of another audience is a page that does not exist: the same page, whichever way it is reached.
    await page.goto('/team-handbook');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(kind === 'staff' ? 'Team handbook' : 'Page Not Found');
    if (kind !== 'staff') {
      // The not-found page searches the address's words in the reader's own index: the page is not among its answers.
      const main = page.getByRole('main');
      await expect(main.getByText(/^(?:Pages about “team handbook”|No page of version 2\.0 matches “team handbook”\.)$/)).toBeVisible();
      await expect(main.getByRole('link', {name: 'Team handbook', exact: true})).toHaveCount(0);
    }
    await page.goto('/1.0/category/tutorial---extras');
    const cards = page.locator('article').getByRole('link', {name: /Editor handbook for 1\.0/});
    await expect(cards).toHaveCount(kind === 'staff' ? 1 : 0);
  });
}

test('a reader follows the sidebar into their own section, in the browser, without a full page load', async ({
  page,
  readerOf,
  navbar,
  loginPage,
}) => {
  await loginPage.signInAt('/chapter-1-introduction', readerOf('partners'));
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await sidebar.getByRole('link', {name: 'Partner API', exact: true}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Partner API');
  await page
    .locator('article')
    .getByRole('link', {name: /Partner rate limits/})
    .click();
  await expect(page).toHaveURL('/partner-api/rate-limits');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Partner rate limits');
  await expect(navbar.main.getByRole('link', {name: 'Tutorials'})).toBeVisible();
});
