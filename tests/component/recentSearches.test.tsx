/**
 * Recent searches in the navbar's box (src/theme/SearchBar/RecentSearches.tsx): the queries a reader
 * opened a result from, or took to the search page, listed when the box opens empty; each runs its search
 * again, each can be removed, all cleared; each version keeps its own. The rules of the list are tabled
 * (tests/unit/recentSearches.test.ts, boxReducer.test.ts); that a page load sends them nowhere, and that
 * signing out forgets them, stays in the browser (e2e/signed-in/search-recent.spec.ts).
 */
import {act, screen, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import SearchBar from '../../src/theme/SearchBar';
import {ONLY_IN_1_0} from '../support/searchWords';
import {addressOf, renderPage} from './support/render';
import {searchField, searchFor, searchPopup} from './support/searchBox';

const searchPage = (query: string, version: string) => `/search?q=${encodeURIComponent(query)}&version=${encodeURIComponent(version)}`;
const recentList = () => searchPopup().queryByRole('grid', {name: 'Recent searches'});
const recentQueries = () =>
  within(recentList()!)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Searches `query` and opens its first suggestion with a click. */
async function openFirstResult(user: UserEvent, query: string): Promise<void> {
  const popup = await searchFor(user, query);
  await user.click(popup.getAllByRole('option')[0]!);
}

/** Opens the box and empties it, as a reader starts a new search. */
async function openEmpty(user: UserEvent): Promise<void> {
  await user.click(searchField());
  await user.clear(searchField());
}

// replaces e2e/signed-in/search-recent.spec.ts "a reader's recent searches: kept when opened, newest first, run again, removed,
// kept per version and across loads, cleared" (that a load sends them nowhere went into its sign-out test, which loads pages)
describe("a reader's recent searches", () => {
  it('are kept when a result is opened or the query taken to the search page, not when only typed; newest first, each once', async () => {
    const {user, history} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await searchFor(user, 'sidebar');
    await user.clear(searchField());
    expect(recentList()).toBeNull();
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');

    await openFirstResult(user, 'markdown');
    expect(addressOf(history)).toBe('/1.0/tutorial-basics/markdown-features?_highlight=markdown');
    await openFirstResult(user, ONLY_IN_1_0);
    // Enter with nothing found takes the query to the search page.
    await searchFor(user, 'zzzqqqxyzzy');
    await user.keyboard('{Enter}');
    expect(addressOf(history)).toBe(searchPage('zzzqqqxyzzy', '1.0/'));
    // The same search again, in other letters: moved first, kept once.
    await openFirstResult(user, 'Markdown ');

    await openEmpty(user);
    expect(searchField()).toHaveAttribute('aria-expanded', 'true');
    expect(searchField()).toHaveAttribute('aria-controls', recentList()!.id);
    expect(recentQueries()).toEqual(['Markdown', 'zzzqqqxyzzy', ONLY_IN_1_0]);
    // Each runs its search again, in the version it was made in.
    expect(within(recentList()!).getByRole('link', {name: 'Markdown'})).toHaveAttribute('href', searchPage('Markdown', '1.0/'));
  });

  it('run again with the keys, and are removed with the pointer or the keys, the focus kept in the box', async () => {
    const {user, history} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    for (const query of [ONLY_IN_1_0, 'markdown', 'zzzqqqxyzzy']) {
      await searchFor(user, query);
      await user.keyboard('{Enter}');
    }
    await openEmpty(user);
    expect(recentQueries()).toEqual(['zzzqqqxyzzy', 'markdown', ONLY_IN_1_0]);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(recentList()!).getByRole('gridcell', {selected: true});
    expect(second).toHaveTextContent('markdown');
    expect(searchField()).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(addressOf(history)).toBe(searchPage('markdown', '1.0/'));

    await openEmpty(user);
    await user.click(within(recentList()!).getByRole('button', {name: `Remove "${ONLY_IN_1_0}" from recent searches`}));
    expect(recentQueries()).toEqual(['markdown', 'zzzqqqxyzzy']);
    expect(searchField()).toHaveFocus();
    // Down to the first, right to its button, Enter removes it.
    await user.keyboard('{ArrowDown}{ArrowRight}');
    const remove = within(recentList()!).getByRole('gridcell', {selected: true});
    expect(within(remove).getByRole('button')).toHaveAccessibleName('Remove "markdown" from recent searches');
    expect(searchField()).toHaveAttribute('aria-activedescendant', remove.id);
    await user.keyboard('{Enter}');
    expect(recentQueries()).toEqual(['zzzqqqxyzzy']);
  });

  it("are each version's own, kept in the browser from one page to the next, and once cleared stay cleared", async () => {
    const oneZero = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await openFirstResult(oneZero.user, 'markdown');
    oneZero.unmount();

    const twoZero = renderPage(<SearchBar />, {path: '/chapter-1-introduction'});
    await openEmpty(twoZero.user);
    expect(recentList()).toBeNull();
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    await openFirstResult(twoZero.user, 'sidebar');
    await openEmpty(twoZero.user);
    expect(recentQueries()).toEqual(['sidebar']);
    twoZero.unmount();

    const again = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await openEmpty(again.user);
    expect(recentQueries()).toEqual(['markdown']);
    await again.user.tab();
    expect(searchPopup().getByRole('button', {name: 'Clear recent searches'})).toHaveFocus();
    await again.user.keyboard('{Enter}');
    expect(recentList()).toBeNull();
    expect(searchField()).toHaveFocus();
    again.unmount();

    for (const path of ['/1.0/intro', '/chapter-1-introduction']) {
      const later = renderPage(<SearchBar />, {path});
      await openEmpty(later.user);
      expect(recentList(), path).toBeNull();
      later.unmount();
    }
  });

  it('are listed in the sheet a phone opens, and a tap runs one again', async () => {
    const {user, history} = renderPage(<SearchBar />, {path: '/1.0/intro'});
    await openFirstResult(user, 'markdown');
    act(() => {
      window.innerWidth = 390;
      window.dispatchEvent(new Event('resize'));
    });
    await openEmpty(user);
    const sheet = screen.getByRole('dialog', {name: 'Search'});
    await user.click(within(within(sheet).getByRole('grid', {name: 'Recent searches'})).getByRole('link', {name: 'markdown'}));
    expect(addressOf(history)).toBe(searchPage('markdown', '1.0/'));
    act(() => {
      window.innerWidth = 1024;
      window.dispatchEvent(new Event('resize'));
    });
  });
});
