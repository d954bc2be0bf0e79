/**
 * What the navbar box and the search page report of a reader's searches (src/insights/useSearchReport.ts): one
 * beacon per finished search (a result opened, the query taken to the search page, the box or the page left once
 * the query settled), none per key, none for the same query shown again. When a search is finished is tabled
 * (tests/unit/insightsSearchReport.test.ts); these prove the box and the page are wired to it.
 */
import {act, screen, waitFor, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import SearchBar from '../../src/theme/SearchBar';
import SearchPage from '../../src/theme/SearchPage';
import {SEARCH_BEACON} from '../../contracts/insights';
import {SETTLED_MS} from '../../src/insights/searchReport';
import {beaconsSent} from './support/beacons';
import {addressOf, renderPage} from './support/render';
import {searchField, searchFor, searchPopup} from './support/searchBox';

/** The clock the reports read, moved on by hand: a query "settles" without the test waiting for it. */
let later = 0;
const realNow = Date.now.bind(Date);
beforeEach(() => {
  later = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
});
afterEach(() => vi.restoreAllMocks());
/**
 * The query settles: first React runs the effects it still holds, then the clock moves on. The hook notes when a
 * search began, what it found, and listens for the tab closing in effects: one that ran late, after the clock
 * moved or the tab closed, missed the search (the suite of a fresh clone of `db415a3`, its cores busy with builds).
 */
async function settle(): Promise<void> {
  await act(async () => undefined);
  later += SETTLED_MS + 500;
}

/** The searches reported so far. */
async function reported(): Promise<unknown[]> {
  const sent = await beaconsSent();
  expect(sent.every(({url, type}) => url === SEARCH_BEACON && type === 'application/json')).toBe(true);
  return sent.map(({body}) => body);
}

/** How many results the box's status line says the query has ("8 of 15 results."). */
const boxTotal = () => Number(/of (\d+) results?/.exec(searchPopup().getByRole('status').textContent ?? '')![1]);

async function boxAnswer(user: UserEvent, query: string) {
  const popup = await searchFor(user, query);
  return {popup, total: boxTotal()};
}

describe('the navbar box reports a search', () => {
  it('once a result is opened: its rank among the pages shown, a section counting as its page', async () => {
    const {user, history} = renderPage(<SearchBar />, {path: '/overview'});
    const {popup, total} = await boxAnswer(user, 'docs');
    const third = popup.getAllByRole('group')[2]!;
    const options = within(third).getAllByRole('option');
    await user.click(options.at(-1)!);
    expect(addressOf(history)).toBe(options.at(-1)!.getAttribute('href'));
    expect(await reported()).toEqual([{query: 'docs', page: '/overview', results: total, opened: 3}]);
  });

  it('once a result is opened with the keys', async () => {
    const {user} = renderPage(<SearchBar />, {path: '/chapter-1-introduction'});
    const {total} = await boxAnswer(user, 'sidebar');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await reported()).toEqual([{query: 'sidebar', page: '/chapter-1-introduction', results: total, opened: 1}]);
  });

  it('once taken to the search page, which shows it without reporting it again', async () => {
    // The search page, whatever the address: the box's link takes it to the query.
    const {user, history, unmount} = renderPage(<SearchPage />, {path: '/1.0/intro'});
    const {popup, total} = await boxAnswer(user, 'markdown');
    await user.click(popup.getByRole('link', {name: 'See all results'}));
    expect(addressOf(history)).toBe('/search?q=markdown&version=1.0%2F');
    expect(await reported()).toEqual([{query: 'markdown', page: '/1.0/intro', results: total, opened: null}]);

    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('heading', {level: 1})).toHaveTextContent('markdown'));
    await within(screen.getByRole('main')).findAllByRole('article');
    await settle();
    unmount();
    expect(await reported()).toHaveLength(1);
  });

  it('once left after the query settled, and not while the reader is still typing', async () => {
    const {user} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await boxAnswer(user, 'mark');
    // Left at once: a query typed on the way to another.
    await user.keyboard('{Escape}');
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    await user.click(searchField());
    const {total} = await boxAnswer(user, 'markdown');
    await settle();
    // Tab would reach the popup's links, which keep it open.
    await user.click(document.body);
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    expect(await reported()).toEqual([{query: 'markdown', page: '/1.0/intro', results: total, opened: null}]);
  });

  it('that found nothing, once closed with Escape', async () => {
    const {user} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await searchFor(user, 'zzzqqqxyzzy');
    await settle();
    await user.keyboard('{Escape}');
    expect(await reported()).toEqual([{query: 'zzzqqqxyzzy', page: '/1.0/intro', results: 0, opened: null}]);
  });

  it('that found nothing, once taken to the search page with Enter', async () => {
    const {user, history} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await searchFor(user, 'zzzqqqxyzzy');
    await user.keyboard('{Enter}');
    expect(addressOf(history)).toBe('/search?q=zzzqqqxyzzy&version=1.0%2F');
    expect(await reported()).toEqual([{query: 'zzzqqqxyzzy', page: '/1.0/intro', results: 0, opened: null}]);
  });

  it('once: the same query shown again and left is not reported again', async () => {
    const {user} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await boxAnswer(user, 'markdown');
    await settle();
    await user.keyboard('{Escape}');
    await user.click(searchField());
    await boxAnswer(user, 'Markdown ');
    await settle();
    await user.keyboard('{Escape}');
    expect(await reported()).toHaveLength(1);
  });

  it('never per key: typing, and answers landing, report nothing', async () => {
    const {user} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await user.click(searchField());
    for (const query of ['m', 'ma', 'mar', 'mark']) {
      await searchFor(user, query);
      await settle();
    }
    expect(await reported()).toEqual([]);
  });
});

describe('the search page reports a search', () => {
  const main = () => within(screen.getByRole('main'));

  it('once a result is opened: its rank among the results shown, filed under the version and section it searched', async () => {
    const {user} = renderPage(<SearchPage />, {path: '/search?q=page&version=1.0%2F', page: true});
    await waitFor(() => expect(main().getAllByRole('article')).toHaveLength(3));
    const second = main().getAllByRole('article')[1]!;
    await user.click(within(second).getByRole('heading', {level: 2}).querySelector('a')!);
    expect(await reported()).toEqual([{query: 'page', page: '/search', results: 3, opened: 2, scope: {version: '1.0', section: ''}}]);
  });

  it('once left after the query settled, or with the tab closed', async () => {
    const {unmount} = renderPage(<SearchPage />, {path: '/search?q=page&version=1.0%2F', page: true});
    await waitFor(() => expect(main().getAllByRole('article')).toHaveLength(3));
    await settle();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(await reported()).toEqual([{query: 'page', page: '/search', results: 3, opened: null, scope: {version: '1.0', section: ''}}]);
    unmount();
    expect(await reported()).toHaveLength(1);
  });

  it('not when left before its answer, nor before the query settled', async () => {
    const {unmount} = renderPage(<SearchPage />, {path: '/search?q=page&version=1.0%2F', page: true});
    await waitFor(() => expect(main().getAllByRole('article')).toHaveLength(3));
    unmount();
    expect(await reported()).toEqual([]);
  });
});
