/**
 * Each reader's own site, in the browser: the sidebar, the pages and the category cards show what their
 * audiences allow, and every page hydrates as the gate sent it (the error guard fails the test on a
 * hydration error). Proved without a browser, for every page and file and each kind of reader
 * (tests/integration/audiences.test.ts): what they may open (a page of another audience answers as one
 * that does not exist), that no answer names a page they may not read, and that their search finds only
 * their pages. Readers are signed in without the form (openSignedIn), which sign-in.spec.ts tests.
 */
import type {Page} from '@playwright/test';
import {openSignedIn, type ReaderCredentials} from '../loginPage';
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
test.use({expectedErrors: /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/docs\/team-handbook\)/});

/** Opens a doc signed in as the reader of `kind`: its sidebar shows the pages of their audiences only. */
async function openWithSidebar(page: Page, kind: Kind, reader: ReaderCredentials) {
  await openSignedIn(page, reader, '/docs/chapter-1-introduction');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  for (const entry of SIDEBAR_ENTRIES[kind].shows)
    await expect(sidebar.getByRole('link', {name: entry, exact: true}).first()).toBeVisible();
  for (const entry of SIDEBAR_ENTRIES[kind].hides) await expect(sidebar.getByRole('link', {name: entry, exact: true})).toHaveCount(0);
  return sidebar;
}

// Staff may read the page and the card that others may not; a reader in no audience, neither.
for (const kind of ['none', 'staff'] as const) {
  test(`a reader in ${kind === 'none' ? 'no audience' : kind} gets the sidebar, pages and category cards of their audiences`, async ({
    page,
    readerOf,
  }) => {
    await openWithSidebar(page, kind, readerOf(kind));

    // A page of another audience is a page that does not exist: the same page, whichever way it is reached.
    await page.goto('/docs/team-handbook');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(kind === 'staff' ? 'Team handbook' : 'Page Not Found');
    if (kind !== 'staff') {
      // The not-found page searches the address's words in the reader's own index: the page is not among its answers.
      const main = page.getByRole('main');
      await expect(main.getByText(/^(?:Pages about “team handbook”|No page of version 3\.0 matches “team handbook”\.)$/)).toBeVisible();
      await expect(main.getByRole('link', {name: 'Team handbook', exact: true})).toHaveCount(0);
    }
    await page.goto('/1.0/category/tutorial---extras');
    const cards = page.locator('article').getByRole('link', {name: /Editor handbook for 1\.0/});
    await expect(cards).toHaveCount(kind === 'staff' ? 1 : 0);
    // The version's page counts each category's pages as the reader has them: the staff's handbook for staff only.
    await page.goto('/1.0');
    await expect(page.locator('article').getByRole('link', {name: /Tutorial - Extras/})).toContainText(
      kind === 'staff' ? '3 items' : '2 items',
    );
  });
}

test('a reader in partners gets the sidebar of their audiences, and follows it into their own section without a full page load', async ({
  page,
  readerOf,
  navbar,
}) => {
  const sidebar = await openWithSidebar(page, 'partners', readerOf('partners'));
  await sidebar.getByRole('link', {name: 'Partner API', exact: true}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Partner API');
  await page
    .locator('article')
    .getByRole('link', {name: /Partner rate limits/})
    .click();
  await expect(page).toHaveURL('/docs/partner-api/rate-limits');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Partner rate limits');
  await expect(navbar.main.getByRole('link', {name: 'Tutorials'})).toBeVisible();
});
