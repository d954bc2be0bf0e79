/**
 * Recent searches: the queries a reader opened a result from, or took to the search page, listed when the
 * box opens empty, in this browser only; each runs its search again, each can be removed, all cleared, and
 * a sign-out forgets them. What the keys do in the list (a grid of a link and its button) is tabled in
 * tests/unit/boxReducer.test.ts; these walk a reader's searches on as few loaded pages as they need.
 */
import type {Locator, Page, Request} from '@playwright/test';
import type {SearchBox} from '../searchBox';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, signedOutTest, test} from '../fixtureSite';
import {openSignedIn} from '../loginPage';

const recentList = (searchBox: SearchBox) => searchBox.popup.getByRole('grid', {name: 'Recent searches'});
const recentLinks = (searchBox: SearchBox) => recentList(searchBox).getByRole('link');
const searchPage = (query: string, version: string) => `/search?q=${encodeURIComponent(query)}&version=${encodeURIComponent(version)}`;

/** Searches `query` and opens its first suggestion with a click. */
async function openFirstResult(page: Page, searchBox: SearchBox, query: string): Promise<void> {
  const popup = await searchBox.search(query);
  const first = popup.getByRole('option').first();
  const title = (await first.locator(':scope > span').first().innerText()).trim();
  await first.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
}

/** Opens the box and empties it, as a reader starts a new search (the last query stays in the box after a result opened). */
async function openEmpty(searchBox: SearchBox): Promise<Locator> {
  await searchBox.box.click();
  await searchBox.box.fill('');
  return recentList(searchBox);
}

test("a reader's recent searches: kept when opened, newest first, run again, removed, kept per version and across loads, cleared", async ({
  page,
  navbar,
  searchBox,
}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;

  await test.step('typed, not opened: not kept', async () => {
    await searchBox.search('sidebar');
    await box.fill('');
    await expect(recentList(searchBox)).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step('opened from a suggestion, or taken to the search page: listed newest first, the same search once', async () => {
    await openFirstResult(page, searchBox, 'markdown');
    await openFirstResult(page, searchBox, ONLY_IN_1_0);
    // Enter with nothing found takes the query to the search page.
    await searchBox.search('zzzqqqxyzzy');
    await box.press('Enter');
    await expect(page).toHaveURL(searchPage('zzzqqqxyzzy', '1.0/'));
    // Shown: the page's code has loaded (a box typed in before that is the last page's: its popup goes with it).
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "zzzqqqxyzzy"');
    // The same search again, in other letters (from the search page's box, which searches its version): moved first, kept once.
    await openFirstResult(page, searchBox, 'Markdown ');
    const list = await openEmpty(searchBox);
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    await expect(recentLinks(searchBox)).toHaveText(['Markdown', 'zzzqqqxyzzy', ONLY_IN_1_0]);
    // Each runs its search again, in the version it was made in.
    await expect(recentLinks(searchBox).first()).toHaveAttribute('href', searchPage('Markdown', '1.0/'));
  });

  await test.step('the keys: down to a search, Enter runs it', async () => {
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = recentList(searchBox)
      .getByRole('gridcell')
      .filter({has: page.getByRole('link', {name: 'zzzqqqxyzzy'})});
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(searchPage('zzzqqqxyzzy', '1.0/'));
    await expect(page.getByText(/^No results in 1\.0\./)).toBeVisible();
  });

  await test.step('each can be removed, with the pointer or the keys', async () => {
    await openEmpty(searchBox);
    await expect(recentLinks(searchBox)).toHaveText(['zzzqqqxyzzy', 'Markdown', ONLY_IN_1_0]);
    await recentList(searchBox)
      .getByRole('button', {name: `Remove "${ONLY_IN_1_0}" from recent searches`})
      .click();
    await expect(recentLinks(searchBox)).toHaveText(['zzzqqqxyzzy', 'Markdown']);
    await expect(box).toBeFocused();
    // Down to the first, right to its button, Enter removes it.
    await box.press('ArrowDown');
    await box.press('ArrowRight');
    const remove = recentList(searchBox)
      .getByRole('gridcell')
      .filter({has: page.getByRole('button', {name: 'Remove "zzzqqqxyzzy" from recent searches'})});
    await expect(box).toHaveAttribute('aria-activedescendant', (await remove.getAttribute('id'))!);
    await box.press('Enter');
    await expect(recentLinks(searchBox)).toHaveText(['Markdown']);
  });

  await test.step('on a phone, the sheet lists them when it opens empty, and a tap runs one again', async () => {
    // Closed and left first: a phone's box that keeps the focus open is a sheet over the page.
    await box.press('Escape');
    await page.getByRole('heading', {level: 1}).click();
    await page.setViewportSize({width: 390, height: 844});
    await openEmpty(searchBox);
    const sheet = page.getByRole('dialog', {name: 'Search'});
    await expect(sheet.getByRole('grid', {name: 'Recent searches'}).getByRole('link')).toHaveText(['Markdown']);
    await sheet.getByRole('link', {name: 'Markdown'}).click();
    await expect(page).toHaveURL(searchPage('Markdown', '1.0/'));
  });

  await test.step("another version keeps its own: 2.0's box lists none of 1.0's, only its own; 1.0's kept across the load", async () => {
    await page.setViewportSize({width: 1280, height: 720});
    // Kept in this browser only: a page load, which reads them from its storage, sends them nowhere (no address, header or body).
    const sent: Promise<string>[] = [];
    const record = (request: Request) =>
      sent.push(request.allHeaders().then((headers) => `${request.url()} ${JSON.stringify(headers)} ${request.postData() ?? ''}`));
    page.on('request', record);
    await page.goto('/chapter-1-introduction');
    await navbar.expectHydrated();
    page.off('request', record);
    const requests = await Promise.all(sent);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.filter((request) => request.includes('Markdown'))).toEqual([]);
    await openEmpty(searchBox);
    await expect(recentList(searchBox)).toHaveCount(0);
    await openFirstResult(page, searchBox, 'sidebar');
    await openEmpty(searchBox);
    await expect(recentLinks(searchBox)).toHaveText(['sidebar']);
    // Back to 1.0 in the page: what it lists came from the browser's storage at the load.
    const menu = await navbar.openVersionMenuByKeyboard('2.0');
    await menu.getByRole('link', {name: '1.0', exact: true}).click();
    await expect(navbar.versionMenu('1.0').trigger).toBeVisible();
    await openEmpty(searchBox);
    await expect(recentLinks(searchBox)).toHaveText(['Markdown']);
  });

  await test.step('cleared, they stay cleared', async () => {
    await box.press('Tab');
    await expect(searchBox.popup.getByRole('button', {name: 'Clear recent searches'})).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(recentList(searchBox)).toHaveCount(0);
    await expect(box).toBeFocused();
    await page.reload();
    await navbar.expectHydrated();
    await openEmpty(searchBox);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(recentList(searchBox)).toHaveCount(0);
  });
});

signedOutTest('signing out forgets them: the next reader of the browser does not see them', async ({page, reader, navbar, searchBox}) => {
  // Signed in without the form (openSignedIn), both times: the point is what the sign-out leaves in the browser.
  await openSignedIn(page, reader, '/1.0/intro');
  await navbar.expectHydrated();
  await openFirstResult(page, searchBox, 'markdown');
  await openEmpty(searchBox);
  await expect(recentLinks(searchBox)).toHaveText(['markdown']);

  await navbar.signOut();
  await expect(page).toHaveURL('/login');
  await openSignedIn(page, reader, '/1.0/intro');
  await navbar.expectHydrated();
  await openEmpty(searchBox);
  await expect(searchBox.box).toHaveAttribute('aria-expanded', 'false');
  await expect(recentList(searchBox)).toHaveCount(0);
});
