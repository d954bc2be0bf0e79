/**
 * Recent searches in the browser: kept in its storage across a load, sent nowhere, and forgotten when the
 * reader signs out. Which are kept, run again, removed and cleared, with the pointer and the keys, on a
 * phone too, and per version: tests/component/recentSearches.test.tsx; what the keys do in the list is
 * tabled in tests/unit/boxReducer.test.ts.
 */
import type {Locator, Page, Request} from '@playwright/test';
import type {SearchBox} from '../searchBox';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, signedOutTest, test} from '../fixtureSite';
import {openSignedIn} from '../loginPage';

const recentList = (searchBox: SearchBox) => searchBox.popup.getByRole('grid', {name: 'Recent searches'});
const recentLinks = (searchBox: SearchBox) => recentList(searchBox).getByRole('link');

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

signedOutTest(
  'kept in this browser only: a load sends them nowhere, and signing out forgets them for the next reader',
  async ({page, reader, navbar, searchBox}) => {
    // Signed in without the form (openSignedIn), both times: the point is what the browser keeps and sends.
    await openSignedIn(page, reader, '/1.0/intro');
    await navbar.expectHydrated();
    await openFirstResult(page, searchBox, ONLY_IN_1_0);

    await test.step('kept across a load, which sends them nowhere: no address, header or body', async () => {
      // The result's page may still be fetching chunks, whose Referer is its own `?_highlight=` address: leave
      // it first, so that only the new load's requests are read.
      await page.goto('about:blank');
      const sent: Promise<string>[] = [];
      const record = (request: Request) =>
        sent.push(request.allHeaders().then((headers) => `${request.url()} ${JSON.stringify(headers)} ${request.postData() ?? ''}`));
      page.on('request', record);
      await page.goto('/1.0/intro');
      await navbar.expectHydrated();
      page.off('request', record);
      const requests = await Promise.all(sent);
      expect(requests.length).toBeGreaterThan(1);
      expect(requests.filter((request) => request.includes(ONLY_IN_1_0))).toEqual([]);
      await openEmpty(searchBox);
      await expect(recentLinks(searchBox)).toHaveText([ONLY_IN_1_0]);
    });

    await navbar.signOut();
    await expect(page).toHaveURL('/login');
    await openSignedIn(page, reader, '/1.0/intro');
    await navbar.expectHydrated();
    await openEmpty(searchBox);
    await expect(searchBox.box).toHaveAttribute('aria-expanded', 'false');
    await expect(recentList(searchBox)).toHaveCount(0);
  },
);
