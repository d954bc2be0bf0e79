/**
 * The navbar search box's state and every change to it, pure: what typing, an answer arriving, the
 * keys, the focus, the phone's sheet and the recent searches do (WAI-ARIA 1.2's combobox, as DocSearch
 * readers know it). The component (src/theme/SearchBar) only wires the DOM and the hooks to it, and runs
 * the effects a key asks for (pressKey): opening a page, the search page, forgetting a recent search.
 */
import type {Elsewhere} from './components/NoResultsWayOn';
import type {SearchAnswer, SectionHit, Suggestion} from './engine/versionIndex';
import {MAX_QUERY_LENGTH} from './engine/queryTerms';
import {boxView, moveActive, NO_ACTIVE, type Active, type PopupContent} from './boxView';
import type {StatusInput} from './boxStatus';
import {withHighlight} from './highlightParam';
import type {RecentSearch} from './recentSearches';

export {MAX_SUGGESTIONS} from './engine/versionIndex';
/** A page's other sections that hold the query, as options under it (DocSearch groups its hits by page): more rows, never fewer pages. */
export const MORE_SECTIONS = 2;
/** A recent search's row: its link, and its button that removes it. */
export const RECENT_COLUMNS = 2;

/** The answer to one query in one version. */
export interface BoxAnswer extends SearchAnswer {
  query: string;
  versionUrl: string;
  /** With no answer here: where the wider search found some (null: nowhere; absent: not known yet). */
  elsewhere?: Elsewhere | null;
}

export type Shown = {kind: 'answer'; answer: BoxAnswer} | {kind: 'failed'; query: string} | null;

export interface SearchBoxState {
  /** What the box holds, as typed. */
  query: string;
  /** The focus is in the box or its popup. */
  focused: boolean;
  /** The reader closed it (Escape, Cancel, a page opened) and has not typed or asked for it since. */
  closed: boolean;
  /** The active option (one column) or recent search cell (two). */
  active: Active;
  /** The last answer that landed: it stays in sight while the next query's is on its way. */
  shown: Shown;
}

export const INITIAL_BOX: SearchBoxState = {query: '', focused: false, closed: false, active: NO_ACTIVE, shown: null};

/** What the box reads from outside its state: the screen, the version it searches, this browser's recent searches there. */
export interface BoxEnv {
  /** The theme's mobile breakpoint. */
  phone: boolean;
  versionUrl: string;
  recent: readonly RecentSearch[];
}

export type BoxKey = 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'Enter' | 'Escape';

const BOX_KEYS: ReadonlySet<string> = new Set<BoxKey>([
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
  'Escape',
]);

export const isBoxKey = (key: string): key is BoxKey => BOX_KEYS.has(key);

export type BoxAction =
  /** The field's text changed. */
  | {type: 'typed'; query: string}
  /** Hydrated: what the field held before the page was interactive, and whether it had the focus. */
  | {type: 'hydrated'; query: string; focused: boolean}
  /** The focus came into the box or its popup; `field`: to the field itself. */
  | {type: 'focused'; field: boolean}
  /** The focus left the box and its popup. */
  | {type: 'blurred'}
  | {type: 'answered'; answer: BoxAnswer}
  | {type: 'failed'; query: string}
  /** No answer here, and what the wider search found: another version that has some, or none (null). */
  | {type: 'elsewhere'; query: string; versionUrl: string; elsewhere: Elsewhere | null}
  /** A key pressed in the field (pressKey: what it does). */
  | {type: 'key'; key: BoxKey; env: BoxEnv; composing?: boolean}
  /** The pointer moved over a row of the popup. */
  | {type: 'hovered'; row: number}
  /** Escape in the popup's links, Cancel, or the reader went to another page. */
  | {type: 'closed'}
  /** A shortcut (Ctrl+K, "/") or a tap on the field: a phone's sheet closed with the focus kept opens again. */
  | {type: 'summoned'; phone: boolean}
  /** A recent search at `row` was removed with the pointer; `left` remain. */
  | {type: 'recentRemoved'; row: number; left: number}
  | {type: 'recentCleared'};

/** A row of the list: a suggested page, or one of its other sections under it. */
export interface Row {
  url: string;
  page: Suggestion;
  section?: SectionHit;
}

export function rowsOf(suggestions: readonly Suggestion[]): Row[] {
  return suggestions.flatMap((page): Row[] => [
    {url: page.url, page},
    ...(page.more ?? []).map((section) => ({url: section.url, page, section})),
  ]);
}

/** What the box shows, derived from its state: the DOM and its ARIA attributes follow from this alone. */
export interface BoxDisplay {
  /** A phone's full-screen search sheet. */
  sheet: boolean;
  popup: PopupContent;
  /** The version's answer, for this query or (while this one's is on its way) the last. */
  answer: BoxAnswer | null;
  /** The answer is the query's own. */
  current: boolean;
  rows: Row[];
  /** The list of suggestions is shown. */
  listed: boolean;
  /** The query's search failed. */
  failed: boolean;
  /** The query's answer is on its way. */
  loading: boolean;
  /** The active option (`option`) or recent search cell (`cell`), to name with aria-activedescendant. */
  activeTarget: {kind: 'option'; row: number} | {kind: 'cell'; row: number; column: number} | null;
  /** What the status line says (boxStatus). */
  status: StatusInput;
}

export function boxDisplay(state: SearchBoxState, env: BoxEnv): BoxDisplay {
  const {query, shown, active} = state;
  const {sheet, popup} = boxView({phone: env.phone, focused: state.focused, closed: state.closed, query, recent: env.recent.length});
  // An answer from another version (the reader has gone there) is not this box's.
  const answer = shown?.kind === 'answer' && shown.answer.versionUrl === env.versionUrl ? shown.answer : null;
  const current = answer?.query === query;
  const suggestions = answer?.suggestions ?? [];
  const listed = popup === 'answer' && suggestions.length > 0;
  const failed = shown?.kind === 'failed' && shown.query === query;
  const activeTarget =
    active.row < 0
      ? null
      : popup === 'recent'
        ? {kind: 'cell' as const, ...active}
        : listed
          ? {kind: 'option' as const, row: active.row}
          : null;
  return {
    sheet,
    popup,
    answer,
    current,
    rows: rowsOf(suggestions),
    listed,
    failed,
    loading: query.trim() !== '' && !current && !failed,
    activeTarget,
    status: failed
      ? {kind: 'failed'}
      : current
        ? {kind: 'answered', shown: suggestions.length, total: answer.total}
        : {kind: 'searching', showing: suggestions.length},
  };
}

/** What a key asks of the world beyond the box's state. Each of them keeps the query among the recent searches, but `remove`. */
export type BoxEffect =
  /** Open a suggestion's page (its address marks the query's words). */
  | {kind: 'open'; href: string; query: string}
  /** The search page, for `query`. */
  | {kind: 'search'; query: string}
  /** Forget a recent search. */
  | {kind: 'remove'; search: RecentSearch};

export interface KeyOutcome {
  state: SearchBoxState;
  effect: BoxEffect | null;
  /** The box took the key: the browser must not do its own with it (move the caret, submit). */
  consumed: boolean;
}

const closedBox = (state: SearchBoxState): SearchBoxState => ({...state, closed: true, active: NO_ACTIVE});

/** The same place in what is left (the next search there), so that several go one after the other. */
function afterRemoval(active: Active, row: number, left: number): Active {
  return left === 0 ? NO_ACTIVE : {row: Math.min(row, left - 1), column: active.column};
}

/** The arrows: down opens a closed popup on what it held; the others move only in an open one. */
function arrow(state: SearchBoxState, key: BoxKey & `Arrow${string}`, env: BoxEnv): KeyOutcome | null {
  const closed = key === 'ArrowDown' ? false : state.closed;
  // A key in the field: the focus is there.
  const {popup, rows} = boxDisplay({...state, focused: true, closed}, env);
  const count = popup === 'recent' ? env.recent.length : popup === 'answer' ? rows.length : 0;
  const moved = moveActive(state.active, key, {rows: count, columns: popup === 'recent' ? RECENT_COLUMNS : 1});
  if (moved === null) return null;
  return {state: {...state, closed, active: moved}, effect: null, consumed: true};
}

function enter(state: SearchBoxState, env: BoxEnv, composing: boolean): KeyOutcome | null {
  // Enter that ends an input method's composition is not a choice.
  if (composing) return null;
  const display = boxDisplay(state, env);
  const again = display.popup === 'recent' ? env.recent[state.active.row] : undefined;
  if (again) {
    if (state.active.column === 0) return {state, effect: {kind: 'search', query: again.query}, consumed: true};
    return {
      state: {...state, active: afterRemoval(state.active, state.active.row, env.recent.length - 1)},
      effect: {kind: 'remove', search: again},
      consumed: true,
    };
  }
  if (state.query.trim() === '') return null;
  // An earlier query's list, still in sight while this one loads, is not what the reader asked for.
  const chosen = display.listed && display.current ? display.rows[Math.max(state.active.row, 0)] : undefined;
  const effect: BoxEffect = chosen
    ? {kind: 'open', href: withHighlight(chosen.url, display.answer?.words ?? []), query: state.query}
    : {kind: 'search', query: state.query};
  return {state, effect, consumed: true};
}

function escape(state: SearchBoxState, env: BoxEnv): KeyOutcome | null {
  const {popup, sheet} = boxDisplay(state, env);
  // The sheet closes at once, whatever it shows; a closed popup's Escape empties the box.
  if (popup !== 'closed' || sheet) return {state: closedBox(state), effect: null, consumed: true};
  if (state.query !== '') return {state: {...state, query: '', shown: null}, effect: null, consumed: true};
  return null;
}

/**
 * What `key`, pressed in the field, does: the next state, the effect to run, and whether the box took
 * it; null when it is the field's own (the text's caret, a form's Enter).
 */
export function pressKey(state: SearchBoxState, key: BoxKey, env: BoxEnv, composing = false): KeyOutcome | null {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp':
    case 'ArrowLeft':
    case 'ArrowRight':
      return arrow(state, key, env);
    case 'Home':
    case 'End':
      // As WAI-ARIA's editable combobox: back from the list to the field, where the key moves the caret.
      return state.active.row < 0 ? null : {state: {...state, active: NO_ACTIVE}, effect: null, consumed: false};
    case 'Enter':
      return enter(state, env, composing);
    case 'Escape':
      return escape(state, env);
  }
}

/** A change of the browser's history, as react-router reports it. */
export interface HistoryChange {
  from: string;
  to: string;
  action: 'PUSH' | 'REPLACE' | 'POP';
}

/**
 * Whether a change of the history is the reader going somewhere, which closes the box and lets go of its
 * focus: anything but a page rewriting its own address (the search page writes its query there as it
 * searches, with a replace), which must not take the box from a reader typing in it.
 */
export const readerGoes = ({from, to, action}: HistoryChange): boolean => action !== 'REPLACE' || from !== to;

export function boxReducer(state: SearchBoxState, action: BoxAction): SearchBoxState {
  switch (action.type) {
    case 'typed': {
      const {query} = action;
      const emptied = query.trim() === '';
      return {
        ...state,
        query,
        closed: false,
        // A box emptied starts afresh: the next query's list is not preceded by the last one's.
        shown: emptied ? null : state.shown,
        // Between the recent searches and an answer, nothing stays active.
        active: emptied || state.query.trim() === '' ? NO_ACTIVE : state.active,
      };
    }
    case 'hydrated':
      return {
        ...state,
        query: action.query === '' ? state.query : action.query.slice(0, MAX_QUERY_LENGTH),
        focused: state.focused || action.focused,
      };
    case 'focused':
      return {...state, focused: true, closed: action.field ? false : state.closed};
    case 'blurred':
      return {...state, focused: false};
    case 'answered':
      // Each query lands once; an answer to one the reader has typed past is dropped.
      if (action.answer.query !== state.query) return state;
      return {...state, shown: {kind: 'answer', answer: action.answer}, active: NO_ACTIVE};
    case 'failed':
      return action.query === state.query ? {...state, shown: {kind: 'failed', query: action.query}} : state;
    case 'elsewhere': {
      const {shown} = state;
      if (shown?.kind !== 'answer' || shown.answer.query !== action.query || shown.answer.versionUrl !== action.versionUrl) return state;
      return {...state, shown: {kind: 'answer', answer: {...shown.answer, elsewhere: action.elsewhere}}};
    }
    case 'key':
      return pressKey(state, action.key, action.env, action.composing)?.state ?? state;
    case 'hovered':
      // Every move of the pointer over the row it is on changes nothing (and renders nothing).
      return state.active.row === action.row ? state : {...state, active: {row: action.row, column: 0}};
    case 'closed':
      return closedBox(state);
    case 'summoned':
      return action.phone ? {...state, closed: false} : state;
    case 'recentRemoved':
      return {...state, active: afterRemoval(state.active, action.row, action.left)};
    case 'recentCleared':
      return {...state, active: NO_ACTIVE};
  }
}
