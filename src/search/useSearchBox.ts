/**
 * The navbar search box's hooks: its state (boxReducer.ts, kept from page to page by SearchBoxProvider.tsx)
 * and what feeds it from outside, each a hook of its own: the answers to its query, the index loaded ahead
 * while the page is idle, the shortcut keys, going to another page, text typed before hydration.
 */
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, type Dispatch, type RefObject} from 'react';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useWindowSize} from '@docusaurus/theme-common';
import {
  boxDisplay,
  boxReducer,
  INITIAL_BOX,
  MAX_SUGGESTIONS,
  MORE_SECTIONS,
  readerGoes,
  type BoxAction,
  type BoxEffect,
  type BoxEnv,
  type SearchBoxState,
} from './boxReducer';
import {prepareSearch} from './searchClient';
import {footerLinks} from './searchLinks';
import {searchPageUrl} from './searchPageAddress';
import {useKeptSearchBox} from './SearchBoxProvider';
import {isSearchShortcut, isTypingTarget} from './shortcut';
import {useHighlightOnPage} from './useHighlightOnPage';
import {useRecentSearches} from './useRecentSearches';
import {useSearchSheet} from './useSearchSheet';
import {useSearchAnswer} from './useSearchAnswer';
import {useNavbarSearchScope, useSearchVersions} from './useSearchScope';
import {rankOf, type SearchEnd} from '../insights/searchReport';
import {useSearchReport} from '../insights/useSearchReport';

export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const isSlowConnection = (): boolean => {
  const connection = (navigator as Navigator & {connection?: {saveData?: boolean; effectiveType?: string}}).connection;
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
};

/** Loads the version's manifest while the page is idle, so that the first key waits only for its own parts; returns the loader. */
function usePrepareSearch(baseUrl: string, versionUrl: string): () => void {
  const prepare = useCallback(
    () =>
      void prepareSearch(baseUrl, versionUrl).catch((error: unknown) => {
        // Only a head start: the first query loads it again, and says so if it fails.
        console.warn('The search index could not be loaded ahead of a query.', error);
      }),
    [baseUrl, versionUrl],
  );
  useEffect(() => {
    // Docusaurus's rule for prefetching: nothing extra on a slow or data-saving link (the box's focus loads it then).
    if (isSlowConnection()) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(prepare, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(prepare, {timeout: 3000});
    return () => window.cancelIdleCallback(handle);
  }, [prepare]);
  return prepare;
}

/** The answers to the box's query, for its reducer: the version's, and for none whether another version has some. */
function useAnswers(
  dispatch: Dispatch<BoxAction>,
  {versionUrl, section, query}: {versionUrl: string; section: string; query: string},
): void {
  const ask = {versionUrl, query, limit: MAX_SUGGESTIONS, section: section || undefined, more: MORE_SECTIONS};
  useSearchAnswer(ask, (outcome, asked) => {
    if ('failed' in outcome) dispatch({type: 'failed', query: asked.query});
    else if (outcome.elsewhere !== undefined)
      dispatch({type: 'elsewhere', query: asked.query, versionUrl: asked.versionUrl, elsewhere: outcome.elsewhere});
    else dispatch({type: 'answered', answer: {...outcome.answer, query: asked.query, versionUrl: asked.versionUrl}});
  });
}

/**
 * Going to another page closes the box, when the reader goes (the history changes: readerGoes), not when the page
 * shows up: Docusaurus renders the new location only once its code has loaded, and closing then would
 * close the answer to what the reader typed meanwhile. Whatever took the reader there, the box lets go
 * of the focus too, so that a phone's keyboard goes down; a reader who comes back to it before the page
 * shows keeps it on that page (useKeptState). The search page rewriting its own address is no going: once
 * hydrated it writes there what was typed into its field before, and took the focus from a reader typing in
 * the box meanwhile.
 * Ctrl+K / ⌘K, or "/" outside a field, bring the reader to the box, its text selected so that typing
 * replaces the last query.
 */
function useWindowEvents(input: RefObject<HTMLInputElement | null>, dispatch: Dispatch<BoxAction>, phone: boolean): void {
  const history = useHistory();
  useEffect(() => {
    let from = history.location.pathname;
    return history.listen((location, action) => {
      const goes = readerGoes({from, to: location.pathname, action});
      from = location.pathname;
      if (!goes) return;
      dispatch({type: 'closed'});
      input.current?.blur();
    });
  }, [history, input, dispatch]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, {mac: isMac(), typing: isTypingTarget(document.activeElement)})) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      dispatch({type: 'summoned', phone});
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input, dispatch, phone]);
  // Text typed before the page was interactive is searched once it is. (A box that comes with a page of
  // another kind shows the kept query already: its field holds nothing else.)
  useEffect(() => {
    const box = input.current;
    if (box) dispatch({type: 'hydrated', query: box.value, focused: document.activeElement === box});
  }, [input, dispatch]);
}

/**
 * The box's state, as Root keeps it, and boxReducer's dispatch. A page of another kind replaces the box
 * (its layout and navbar are the page's own): the new one shows the query, and takes the focus when the
 * old one's field had it, so that a reader who typed while the page's code loaded goes on typing.
 */
function useKeptState(input: RefObject<HTMLInputElement | null>): [SearchBoxState, Dispatch<BoxAction>] {
  const {state, store} = useKeptSearchBox();
  const {focusHandedOnRef} = store;
  const dispatch = useCallback((action: BoxAction) => store.update((kept) => boxReducer(kept ?? INITIAL_BOX, action)), [store]);
  useLayoutEffect(() => {
    const field = input.current;
    if (focusHandedOnRef.current) field?.focus();
    focusHandedOnRef.current = false;
    // Before React takes the field out of the page, which would move the focus to the body.
    return () => {
      focusHandedOnRef.current = field !== null && document.activeElement === field;
    };
  }, [input, focusHandedOnRef]);
  return [state ?? INITIAL_BOX, dispatch];
}

/** The box's state, what it shows, and the wiring its component needs. */
export function useSearchBox() {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const history = useHistory();
  const {versionUrl, section, sectionLabel} = useNavbarSearchScope();
  const versions = useSearchVersions();
  const here = versions.find((candidate) => candidate.versionUrl === versionUrl);
  const recentSearches = useRecentSearches(baseUrl, versionUrl);
  const phone = useWindowSize() === 'mobile';
  const env: BoxEnv = useMemo(() => ({phone, versionUrl, recent: recentSearches.recent}), [phone, versionUrl, recentSearches.recent]);
  const input = useRef<HTMLInputElement>(null);
  const [state, dispatch] = useKeptState(input);
  const panel = useRef<HTMLDivElement>(null);
  useHighlightOnPage();
  const prepare = usePrepareSearch(baseUrl, versionUrl);
  useAnswers(dispatch, {versionUrl, section, query: state.query});
  useWindowEvents(input, dispatch, phone);
  const display = boxDisplay(state, env);
  useSearchSheet(display.sheet, panel);
  // The box is left once the reader leaves it (the focus goes elsewhere) or closes it (Escape, Cancel, another
  // page); emptying it to type another query is not leaving it.
  const finishSearch = useSearchReport({
    query: state.query,
    results: display.current && display.answer ? display.answer.total : null,
    shown: state.focused && !state.closed,
  });
  /** Following a link of the answer ends its search: a result opened, or (any other link goes there) the query taken to the search page. */
  const followed = (href: string) => {
    const rank = display.current && display.answer ? rankOf(display.answer, href) : null;
    finishSearch(rank === null ? {how: 'submitted'} : ({how: 'opened', rank} satisfies SearchEnd));
  };

  const version = here?.param ?? null;
  const searchPage = (query: string) => searchPageUrl(baseUrl, {query, version});
  const run = (effect: BoxEffect) => {
    if (effect.kind === 'remove') return recentSearches.remove(effect.search);
    if (effect.kind === 'open') followed(effect.href);
    else finishSearch({how: 'submitted'});
    recentSearches.remember(effect.query);
    history.push(effect.kind === 'open' ? effect.href : searchPage(effect.query));
  };
  const {query} = state;
  const suggestions = display.answer?.suggestions ?? [];
  const footer = footerLinks(baseUrl, {
    query,
    version,
    readerSection: section && sectionLabel ? {path: section, label: sectionLabel} : undefined,
    answered: display.current
      ? {shown: suggestions.length, inSection: suggestions.filter((suggestion) => suggestion.inSection).length}
      : undefined,
  });
  return {
    state,
    dispatch,
    env,
    display,
    input,
    panel,
    prepare,
    run,
    followed,
    searchPage,
    footer,
    recentSearches,
    versionLabel: here?.label,
    versionCount: versions.length,
  };
}
