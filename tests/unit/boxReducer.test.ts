/**
 * The navbar search box as a reader meets it, one row per key or event in one state: what it does to
 * the box (boxReducer), what it asks of the page (pressKey's effect), and what the box then shows
 * (boxDisplay). The browser specs check once that the DOM is wired to this.
 */
import {describe, expect, it} from 'vitest';
import {
  boxDisplay,
  boxReducer,
  INITIAL_BOX,
  pressKey,
  readerGoes,
  type BoxAction,
  type BoxAnswer,
  type BoxEffect,
  type BoxEnv,
  type BoxKey,
  type HistoryChange,
  type SearchBoxState,
} from '../../src/search/boxReducer';
import {NO_ACTIVE, type Active} from '../../src/search/boxView';
import type {Suggestion} from '../../src/search/engine/versionIndex';
import type {RecentSearch} from '../../src/search/recentSearches';

const plain = (text: string) => [{text, mark: false}];

/** A page, with `more` of its other sections under it (`/p#s1`, `/p#s2`). */
function page(path: string, more = 0): Suggestion {
  return {
    url: path,
    title: plain(path),
    breadcrumbs: [],
    inSection: false,
    more: Array.from({length: more}, (_, index) => ({url: `${path}#s${index + 1}`, heading: plain(`s${index + 1}`)})),
  };
}

/** Three pages in three groups, nine options: /a, /a#s1, /a#s2, /b, /b#s1, /b#s2, /c, /c#s1, /c#s2. */
const GROUPED = [page('/a', 2), page('/b', 2), page('/c', 2)];
const ROWS = ['/a', '/a#s1', '/a#s2', '/b', '/b#s1', '/b#s2', '/c', '/c#s1', '/c#s2'];

const answer = (query: string, suggestions = GROUPED, versionUrl = '/1.0/'): BoxAnswer => ({
  query,
  versionUrl,
  suggestions,
  total: suggestions.length,
  words: [query],
});

const RECENT: RecentSearch[] = ['hooks', 'routing', 'themes'].map((query) => ({query, version: '/1.0/'}));

const desktop: BoxEnv = {phone: false, versionUrl: '/1.0/', recent: []};
const withRecent: BoxEnv = {...desktop, recent: RECENT};
const phone: BoxEnv = {...desktop, phone: true};

const at = (row: number, column = 0): Active => ({row, column});

/** The box focused on `query`, its answer listed. */
const listing = (query = 'markdown', state: Partial<SearchBoxState> = {}): SearchBoxState => ({
  ...INITIAL_BOX,
  focused: true,
  query,
  shown: {kind: 'answer', answer: answer(query)},
  ...state,
});
const empty = (state: Partial<SearchBoxState> = {}): SearchBoxState => ({...INITIAL_BOX, focused: true, ...state});

describe('the keys in the field (pressKey): the next state, the effect, whether the browser keeps the key', () => {
  type Row = [string, SearchBoxState, BoxKey, BoxEnv, Partial<SearchBoxState> | null, BoxEffect | null, boolean?];
  it.each<Row>([
    // The suggestions: one column over every option of every group.
    ['↓ with none active: the first option, a page', listing(), 'ArrowDown', desktop, {active: at(0)}, null],
    ['↓ from a page: its first section under it', listing('markdown', {active: at(0)}), 'ArrowDown', desktop, {active: at(1)}, null],
    [
      '↓ after the 5th option: the 6th, the second page’s last section',
      listing('markdown', {active: at(4)}),
      'ArrowDown',
      desktop,
      {active: at(5)},
      null,
    ],
    ['↓ from a group’s last section: the next page', listing('markdown', {active: at(5)}), 'ArrowDown', desktop, {active: at(6)}, null],
    ['↓ on the last option: round to the first', listing('markdown', {active: at(8)}), 'ArrowDown', desktop, {active: at(0)}, null],
    ['↑ with none active: the last option', listing(), 'ArrowUp', desktop, {active: at(8)}, null],
    ['↑ on the first option: round to the last', listing('markdown', {active: at(0)}), 'ArrowUp', desktop, {active: at(8)}, null],
    [
      '↑ from a page: the section above it, in the group before',
      listing('markdown', {active: at(3)}),
      'ArrowUp',
      desktop,
      {active: at(2)},
      null,
    ],
    ['← in the suggestions: the text’s caret', listing('markdown', {active: at(2)}), 'ArrowLeft', desktop, null, null],
    ['→ in the suggestions: the text’s caret', listing('markdown', {active: at(2)}), 'ArrowRight', desktop, null, null],
    [
      '↓ on a popup Escape closed: open again, on the first',
      listing('markdown', {closed: true}),
      'ArrowDown',
      desktop,
      {closed: false, active: at(0)},
      null,
    ],
    ['↑ on a popup Escape closed: stays closed, nothing moves', listing('markdown', {closed: true}), 'ArrowUp', desktop, {}, null],
    [
      '↓ with no suggestions: nothing to move to',
      listing('zzz', {shown: {kind: 'answer', answer: answer('zzz', [])}}),
      'ArrowDown',
      desktop,
      {},
      null,
    ],
    [
      'Home with an option active: back to the field, the caret the browser’s',
      listing('markdown', {active: at(3)}),
      'Home',
      desktop,
      {active: NO_ACTIVE},
      null,
      false,
    ],
    [
      'End with an option active: back to the field, the caret the browser’s',
      listing('markdown', {active: at(3)}),
      'End',
      desktop,
      {active: NO_ACTIVE},
      null,
      false,
    ],
    ['Home with none active: the text’s', listing(), 'Home', desktop, null, null],
    // Enter.
    [
      'Enter on an active section: its page at its anchor, the words marked',
      listing('markdown', {active: at(4)}),
      'Enter',
      desktop,
      {},
      {kind: 'open', href: '/b?_highlight=markdown#s1', query: 'markdown'},
    ],
    [
      'Enter with none active: the first suggestion',
      listing(),
      'Enter',
      desktop,
      {},
      {kind: 'open', href: '/a?_highlight=markdown', query: 'markdown'},
    ],
    [
      'Enter while the list shown is an earlier query’s: the search page, not a page the reader did not ask for',
      listing('markdown', {query: 'markdown page'}),
      'Enter',
      desktop,
      {},
      {kind: 'search', query: 'markdown page'},
    ],
    [
      'Enter with no suggestions: the search page',
      listing('zzz', {shown: {kind: 'answer', answer: answer('zzz', [])}}),
      'Enter',
      desktop,
      {},
      {kind: 'search', query: 'zzz'},
    ],
    [
      'Enter after a failure: the search page',
      empty({query: 'x', shown: {kind: 'failed', query: 'x'}}),
      'Enter',
      desktop,
      {},
      {kind: 'search', query: 'x'},
    ],
    ['Enter in an empty box: the browser’s', empty(), 'Enter', desktop, null, null],
    ['Enter in a box of spaces: the browser’s', empty({query: '  '}), 'Enter', desktop, null, null],
    // The recent searches: a grid of a link and its button per row.
    ['↓ in the recent searches: the first one’s link', empty(), 'ArrowDown', withRecent, {active: at(0)}, null],
    ['→ on a recent search: its remove button', empty({active: at(1)}), 'ArrowRight', withRecent, {active: at(1, 1)}, null],
    ['→ on the button: stays', empty({active: at(1, 1)}), 'ArrowRight', withRecent, {active: at(1, 1)}, null],
    ['← on the button: back to the link', empty({active: at(1, 1)}), 'ArrowLeft', withRecent, {active: at(1)}, null],
    ['↓ from a button: the next row’s button', empty({active: at(1, 1)}), 'ArrowDown', withRecent, {active: at(2, 1)}, null],
    ['↓ on the last recent search: round to the first', empty({active: at(2)}), 'ArrowDown', withRecent, {active: at(0)}, null],
    ['→ with no recent search active: the text’s', empty(), 'ArrowRight', withRecent, null, null],
    [
      'Enter on a recent search: its search again, on the search page',
      empty({active: at(1)}),
      'Enter',
      withRecent,
      {},
      {kind: 'search', query: 'routing'},
    ],
    [
      'Enter on a remove button: forgets it, the next one active',
      empty({active: at(1, 1)}),
      'Enter',
      withRecent,
      {active: at(1, 1)},
      {kind: 'remove', search: RECENT[1]!},
    ],
    [
      'Enter on the last one’s button: the one above it active',
      empty({active: at(2, 1)}),
      'Enter',
      withRecent,
      {active: at(1, 1)},
      {kind: 'remove', search: RECENT[2]!},
    ],
    [
      'Enter on the only one’s button: none active',
      empty({active: at(0, 1)}),
      'Enter',
      {...desktop, recent: [RECENT[0]!]},
      {active: NO_ACTIVE},
      {kind: 'remove', search: RECENT[0]!},
    ],
    // Escape.
    [
      'Escape on the suggestions: closed, the query kept',
      listing('markdown', {active: at(2)}),
      'Escape',
      desktop,
      {closed: true, active: NO_ACTIVE},
      null,
    ],
    [
      'Escape again: the box emptied, its answer dropped',
      listing('markdown', {closed: true}),
      'Escape',
      desktop,
      {query: '', shown: null},
      null,
    ],
    ['Escape in an empty closed box: the browser’s', empty({closed: true}), 'Escape', desktop, null, null],
    ['Escape on the recent searches: closed', empty({active: at(0)}), 'Escape', withRecent, {closed: true, active: NO_ACTIVE}, null],
    ['Escape in a phone’s empty sheet: closed at once', empty(), 'Escape', phone, {closed: true}, null],
    ['Escape in a phone’s sheet on suggestions: closed, the query kept', listing(), 'Escape', phone, {closed: true}, null],
  ])('%s', (_case, state, key, env, changed, effect, consumed = true) => {
    const outcome = pressKey(state, key, env);
    if (changed === null) {
      expect(outcome).toBeNull();
      expect(boxReducer(state, {type: 'key', key, env})).toBe(state);
      return;
    }
    expect(outcome).toEqual({state: {...state, ...changed}, effect, consumed});
    expect(boxReducer(state, {type: 'key', key, env})).toEqual({...state, ...changed});
  });

  it('Enter that ends an input method’s composition is not a choice', () => {
    expect(pressKey(listing(), 'Enter', desktop, true)).toBeNull();
  });

  it('the option ↓ makes active is the one the list shows there', () => {
    let state = listing();
    const visited = ROWS.map(() => {
      state = boxReducer(state, {type: 'key', key: 'ArrowDown', env: desktop});
      return boxDisplay(state, desktop).rows[state.active.row]!.url;
    });
    expect(visited).toEqual(ROWS);
  });
});

describe('what else changes the box (boxReducer)', () => {
  type Row = [string, SearchBoxState, BoxAction, Partial<SearchBoxState> | 'unchanged'];
  it.each<Row>([
    ['typing in an empty box: open, nothing active', empty({closed: true}), {type: 'typed', query: 'm'}, {query: 'm', closed: false}],
    [
      'typing on: the list and the active option stay until the answer lands',
      listing('mark', {active: at(2)}),
      {type: 'typed', query: 'markd'},
      {query: 'markd'},
    ],
    ['typing after Escape: open again', listing('mark', {closed: true}), {type: 'typed', query: 'markd'}, {query: 'markd', closed: false}],
    [
      'emptied: the answer dropped, nothing active',
      listing('m', {active: at(1)}),
      {type: 'typed', query: ''},
      {query: '', shown: null, active: NO_ACTIVE},
    ],
    [
      'from a recent search to a query: nothing active',
      empty({active: at(1)}),
      {type: 'typed', query: 'r'},
      {query: 'r', active: NO_ACTIVE},
    ],
    [
      'the answer to the query lands: listed, nothing active',
      empty({query: 'markdown', active: at(3)}),
      {type: 'answered', answer: answer('markdown')},
      {shown: {kind: 'answer', answer: answer('markdown')}, active: NO_ACTIVE},
    ],
    ['an answer to a query typed past: dropped', empty({query: 'zzz'}), {type: 'answered', answer: answer('markdown')}, 'unchanged'],
    ['the query’s search failed', empty({query: 'x'}), {type: 'failed', query: 'x'}, {shown: {kind: 'failed', query: 'x'}}],
    ['an earlier query’s failure: dropped', empty({query: 'xy'}), {type: 'failed', query: 'x'}, 'unchanged'],
    [
      'another version has answers: said with this one’s',
      listing('zzz', {shown: {kind: 'answer', answer: answer('zzz', [])}}),
      {
        type: 'elsewhere',
        query: 'zzz',
        versionUrl: '/1.0/',
        elsewhere: {version: {versionUrl: '/', param: '2.0', label: '2.0', name: 'current'}, total: 3},
      },
      {
        shown: {
          kind: 'answer',
          answer: {...answer('zzz', []), elsewhere: {version: {versionUrl: '/', param: '2.0', label: '2.0', name: 'current'}, total: 3}},
        },
      },
    ],
    [
      'another version’s answers for an earlier query: dropped',
      listing('zzzq', {shown: {kind: 'answer', answer: answer('zzzq', [])}}),
      {
        type: 'elsewhere',
        query: 'zzz',
        versionUrl: '/1.0/',
        elsewhere: {version: {versionUrl: '/', param: '2.0', label: '2.0', name: 'current'}, total: 3},
      },
      'unchanged',
    ],
    ['the pointer over an option: active', listing(), {type: 'hovered', row: 4}, {active: at(4)}],
    [
      'the pointer over a recent search’s row whose button is active: kept',
      empty({active: at(1, 1)}),
      {type: 'hovered', row: 1},
      'unchanged',
    ],
    ['the pointer onto another recent search: its link', empty({active: at(1, 1)}), {type: 'hovered', row: 2}, {active: at(2)}],
    [
      'focus into the field: open',
      listing('m', {focused: false, closed: true}),
      {type: 'focused', field: true},
      {focused: true, closed: false},
    ],
    ['focus onto a link of the popup: as it was', listing('m', {closed: true}), {type: 'focused', field: false}, {}],
    ['focus leaves the box', listing(), {type: 'blurred'}, {focused: false}],
    ['Escape in a link, Cancel, another page: closed', listing('m', {active: at(1)}), {type: 'closed'}, {closed: true, active: NO_ACTIVE}],
    [
      'a shortcut or a tap on a phone: the sheet opens again',
      listing('m', {closed: true}),
      {type: 'summoned', phone: true},
      {closed: false},
    ],
    ['a shortcut on a desktop: as Escape left it', listing('m', {closed: true}), {type: 'summoned', phone: false}, 'unchanged'],
    [
      'text typed before hydration: searched, cut to 100 characters',
      INITIAL_BOX,
      {type: 'hydrated', query: 'x'.repeat(150), focused: true},
      {query: 'x'.repeat(100), focused: true},
    ],
    ['hydrated with an empty field: as it was', INITIAL_BOX, {type: 'hydrated', query: '', focused: false}, {}],
    [
      'the box a page of another kind brings, its field showing the kept query: the answer and the active option kept',
      listing('markdown', {active: at(2)}),
      {type: 'hydrated', query: 'markdown', focused: true},
      {},
    ],
    [
      'the same after a link the box opened: still closed',
      listing('markdown', {focused: false, closed: true}),
      {type: 'hydrated', query: 'markdown', focused: false},
      {},
    ],
    [
      'a recent search removed with the pointer: the one after it active',
      empty({active: at(0, 1)}),
      {type: 'recentRemoved', row: 0, left: 2},
      {active: at(0, 1)},
    ],
    ['the last one removed: none active', empty({active: at(0, 1)}), {type: 'recentRemoved', row: 0, left: 0}, {active: NO_ACTIVE}],
    ['the recent searches cleared: none active', empty({active: at(2)}), {type: 'recentCleared'}, {active: NO_ACTIVE}],
  ])('%s', (_case, state, action, changed) => {
    const next = boxReducer(state, action);
    if (changed === 'unchanged') expect(next).toBe(state);
    else expect(next).toEqual({...state, ...changed});
  });
});

describe('what the box shows (boxDisplay)', () => {
  it.each<[string, SearchBoxState, BoxEnv, Partial<ReturnType<typeof boxDisplay>>]>([
    [
      'the answer listed, an option active',
      listing('markdown', {active: at(4)}),
      desktop,
      {
        popup: 'answer',
        listed: true,
        current: true,
        loading: false,
        activeTarget: {kind: 'option', row: 4},
        status: {kind: 'answered', shown: 3, total: 3},
      },
    ],
    [
      'the next query on its way: the last list stays, no word about it',
      listing('markdown', {query: 'markdown p'}),
      desktop,
      {listed: true, current: false, loading: true, status: {kind: 'searching', showing: 3}},
    ],
    ['the first query on its way', empty({query: 'm'}), desktop, {listed: false, loading: true, status: {kind: 'searching', showing: 0}}],
    ['failed', empty({query: 'x', shown: {kind: 'failed', query: 'x'}}), desktop, {failed: true, loading: false, status: {kind: 'failed'}}],
    [
      'another version’s answer (the reader went there): not this box’s',
      listing(),
      {...desktop, versionUrl: '/'},
      {answer: null, listed: false, loading: true},
    ],
    ['closed: nothing listed, nothing active', listing('m', {closed: true}), desktop, {popup: 'closed', listed: false, activeTarget: null}],
    [
      'the recent searches, a button active',
      empty({active: at(1, 1)}),
      withRecent,
      {popup: 'recent', activeTarget: {kind: 'cell', row: 1, column: 1}},
    ],
    ['a phone’s sheet, empty: says it has no recent searches', empty(), phone, {sheet: true, popup: 'no-recent'}],
    ['a phone’s box, not focused: the navbar as it is', listing('m', {focused: false}), phone, {sheet: false, popup: 'closed'}],
  ])('%s', (_case, state, env, expected) => {
    expect(boxDisplay(state, env)).toMatchObject(expected);
  });
});

describe('readerGoes: which changes of the history close the box and take its focus', () => {
  it.each<[string, HistoryChange, boolean]>([
    ['a link to another page', {from: '/search', to: '/intro', action: 'PUSH'}, true],
    [
      'a link to the same page with another query (the box’s own "See all results" on /search)',
      {from: '/search', to: '/search', action: 'PUSH'},
      true,
    ],
    ['a suggestion on the page it is on (its heading’s fragment)', {from: '/intro', to: '/intro', action: 'PUSH'}, true],
    ['Back or Forward', {from: '/intro', to: '/intro', action: 'POP'}, true],
    ['a redirect to another page', {from: '/1.0', to: '/1.0/intro', action: 'REPLACE'}, true],
    ['the search page writing its query to its own address', {from: '/search', to: '/search', action: 'REPLACE'}, false],
  ])('%s', (_name, change, goes) => {
    expect(readerGoes(change)).toBe(goes);
  });
});
