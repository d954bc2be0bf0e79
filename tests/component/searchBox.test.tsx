/**
 * The navbar's search box (src/theme/SearchBar) on a doc page: what it suggests, grouped by page, what it
 * makes of odd queries, the keys, the ways on when nothing is found, its footer and its key hints. What it
 * decides is tabled (tests/unit/boxReducer.test.ts); these prove what a reader sees and does with it.
 */
import {screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import SearchBar from '../../src/theme/SearchBar';
import {ONLY_IN_1_0} from '../support/searchWords';
import {addressOf, renderPage} from './support/render';
import {searchField, searchFor, searchPopup} from './support/searchBox';
import {failNextSearch, searchesAsked} from './support/searchWorker';
import {expectConsoleErrors} from './support/setup';

const box = (path: string) => renderPage(<SearchBar />, {path});

describe('the search box', () => {
  // replaces e2e/signed-in/search-suggestions.spec.ts "what the box suggests, …", its step "malformed queries break neither
  // the box nor the page" (where a suggestion leads stays there)
  it('answers malformed queries as any other, keeping the box working', async () => {
    const {user} = box('/1.0/intro');
    for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
      const popup = await searchFor(user, query);
      expect(popup.getByRole('status'), query).toHaveTextContent(/^(\d+ of \d+ results?\.|No results in 1\.0\.)/);
    }
    const popup = await searchFor(user, ONLY_IN_1_0);
    expect(popup.getAllByRole('option')[0]).toHaveTextContent(/^Collapsible Sections/);
  });

  // replaces e2e/signed-in/search-suggestions.spec.ts "what the box suggests, …", its step "a 3,000-character query is cut to
  // 100 characters, and the next query is answered at once"
  it('cuts a pasted 3,000-character query to 100 characters, and answers the next one', async () => {
    const {user} = box('/1.0/intro');
    const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
      .join(' ')
      .slice(0, 3000);
    const popup = await searchFor(user, huge);
    expect(popup.getByRole('status')).toHaveTextContent(/^No results in 1\.0\./);
    expect(searchField()).toHaveValue(huge.slice(0, 100));
    await searchFor(user, ONLY_IN_1_0);
    expect(popup.getAllByRole('option')[0]).toHaveTextContent(/^Collapsible Sections/);
  });

  // replaces e2e/signed-in/search-suggestions.spec.ts "what the box suggests, …", its step "at most 8 pages, each with up to 2
  // more of its sections that hold the query"
  it('lists at most 8 pages, each with up to 2 more of its sections that hold the query, and says how many there are', async () => {
    const {user} = box('/overview');
    const popup = await searchFor(user, 'docs');
    const pages = within(popup.getByRole('listbox', {name: 'Search suggestions'})).getAllByRole('group');
    expect(pages).toHaveLength(8);
    const optionsPerPage = pages.map((group) => within(group).getAllByRole('option').length);
    expect(optionsPerPage.filter((options) => options < 1 || options > 3)).toEqual([]);
    expect(optionsPerPage.some((options) => options > 1)).toBe(true);
    expect(popup.getByRole('status')).toHaveTextContent(/^8 of \d+ results\.$/);
  });

  it('makes each suggestion a link to its page, the words it found marked and carried along to be marked there', async () => {
    const {user} = box('/1.0/intro');
    const popup = await searchFor(user, ONLY_IN_1_0);
    const first = popup.getAllByRole('option')[0]!;
    expect(first.tagName).toBe('A');
    expect(first).toHaveAttribute('href', `/1.0/Collapsible?_highlight=${ONLY_IN_1_0}`);
    expect(first.querySelector('mark')).toHaveTextContent(ONLY_IN_1_0);
    expect(popup.getByRole('link', {name: 'See all results'})).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=1.0%2F`);
    expect(popup.queryByRole('link', {name: /^See all results within/})).toBeNull();
  });

  // replaces e2e/signed-in/search-groups.spec.ts "a 2.0 page's box: …", its step "the box shows a page's other matching
  // sections as options under it, which the keys reach and open"
  it("groups a page's other matching sections under it, as options named by the page, which the keys reach and open", async () => {
    const {user, history} = box('/chapter-1-introduction');
    const popup = await searchFor(user, 'sidebar');
    expect(popup.getAllByRole('group')[0]).toHaveAccessibleName('Chapter 2: Documentation');
    const chapter = popup.getByRole('group', {name: 'Chapter 2: Documentation'});
    expect(
      within(chapter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringMatching(/^Chapter 2: Documentation/),
      expect.stringMatching(/^Front matter/),
      expect.stringMatching(/^What you'll learn/),
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const selected = within(chapter).getByRole('option', {selected: true});
    expect(selected).toHaveTextContent(/^Front matter/);
    expect(searchField()).toHaveAttribute('aria-activedescendant', selected.id);
    await user.keyboard('{Enter}');
    expect(addressOf(history)).toBe('/Chapter 2_ Documentation?_highlight=sidebar#front-matter');
  });

  it('searches the version of the doc page it is on, and from a version without answers offers the one that has some', async () => {
    const {user} = box('/chapter-1-introduction');
    const popup = await searchFor(user, ONLY_IN_1_0);
    // Its own version first, then the others for a way on.
    expect(searchesAsked.filter(({query}) => query === ONLY_IN_1_0).map(({versionUrl}) => versionUrl)).toEqual(['/', '/1.0/']);
    expect(popup.queryByRole('listbox')).toBeNull();
    expect(popup.queryAllByRole('option')).toEqual([]);
    await waitFor(() => expect(popup.getByRole('status').textContent).toBe('No results in 2.0. Search all versions: 1 result in 1.0'));
    expect(within(popup.getByRole('status')).getByRole('link')).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=1.0%2F`);
  });

  it('with nothing in any version, gives a tip and the search page as the only link', async () => {
    const {user} = box('/1.0/intro');
    const popup = await searchFor(user, 'zzzqqqxyzzy');
    await waitFor(() =>
      expect(popup.getByRole('status').textContent).toBe(
        'No results in 1.0. Try fewer or other words, and check their spelling. Open the search page',
      ),
    );
    expect(popup.getAllByRole('link').map((link) => link.textContent)).toEqual(['Open the search page']);
    expect(popup.getByRole('link', {name: 'Open the search page'})).toHaveAttribute('href', '/search?q=zzzqqqxyzzy&version=1.0%2F');
  });

  it("from a doc in a section, also offers that section's results", async () => {
    const {user} = box('/1.0/tutorial-basics/markdown-features');
    const popup = await searchFor(user, 'markdown');
    expect(popup.getByRole('link', {name: 'See all results within "Tutorial - Basics (1.0)"'})).toHaveAttribute(
      'href',
      '/search?q=markdown&ctx=1.0%2Ftutorial-basics&version=1.0%2F',
    );
  });

  it('names its keys under the list, and says so when the search fails', async () => {
    const {user} = box('/1.0/intro');
    const popup = await searchFor(user, 'markdown');
    // Each key drawn for the eye and named for screen readers.
    expect(
      within(popup.getByRole('list', {name: 'Keys'}))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['↵Enter to select', '↑Up arrow ↓Down arrow to navigate', 'escEscape to close']);
    expectConsoleErrors(/^Search failed:/);
    failNextSearch();
    await searchFor(user, 'page');
    expect(popup.getByRole('status')).toHaveTextContent(
      'Search is unavailable right now: the index could not be loaded. Try again in a moment.',
    );
    expect(popup.queryByRole('list', {name: 'Keys'})).toBeNull();
  });

  it('shows its shortcut until the reader is in it, takes the reader there on Ctrl+K, and closes on Escape', async () => {
    const {user} = box('/1.0/intro');
    expect(screen.getByText('Ctrl K')).toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(searchField()).toHaveFocus();
    expect(screen.queryByText('Ctrl K')).toBeNull();
    await searchFor(user, 'markdown');
    expect(searchField()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(searchField()).toHaveAttribute('aria-expanded', 'false');
    expect(searchPopup().queryByRole('listbox')).toBeNull();
  });
});
