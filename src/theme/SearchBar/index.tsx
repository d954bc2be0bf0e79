/**
 * The navbar's search box: a combobox (WAI-ARIA 1.2) over the version the reader is in. It answers
 * from the whole version, the reader's own section first among answers otherwise alike; each answer
 * comes once per query, so a list that is shown holds still until the reader types again. Opened empty,
 * it lists the reader's recent searches. On a phone (the theme's mobile breakpoint) the open box is a
 * full-screen sheet, a modal dialog, as DocSearch's is: the same field, grown across the screen, the same
 * list, keys and footer. None on the login page, whose visitor cannot read the index. (The public login
 * build does not compile this file: docusaurus.login.config.ts.)
 */
import {useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useWindowSize} from '@docusaurus/theme-common';
import {MAX_QUERY_LENGTH} from '@site/src/search/engine/queryTerms';
import {boxStatus} from '@site/src/search/boxStatus';
import {boxView, moveActive, NO_ACTIVE, type Active, type ListKey} from '@site/src/search/boxView';
import type {RecentSearch} from '@site/src/search/recentSearches';
import type {SearchAnswer, SectionHit, Suggestion} from '@site/src/search/engine/versionIndex';
import Marked, {plainText} from '@site/src/search/components/Marked';
import type {Marked as MarkedText} from '@site/src/search/engine/snippet';
import ElsewhereLink, {type Elsewhere} from '@site/src/search/components/ElsewhereLink';
import {withHighlight} from '@site/src/search/highlightParam';
import {prepareSearch, search, versionWithAnswers} from '@site/src/search/searchClient';
import {footerLinks} from '@site/src/search/searchLinks';
import {searchPageUrl} from '@site/src/search/searchPageAddress';
import {isSearchShortcut, isTypingTarget, shortcutHint} from '@site/src/search/shortcut';
import {useHighlightOnPage} from '@site/src/search/useHighlightOnPage';
import {useRecentSearches} from '@site/src/search/useRecentSearches';
import {useSearchSheet} from '@site/src/search/useSearchSheet';
import {useNavbarSearchScope, useSearchVersions} from '@site/src/search/useSearchScope';
import {useNavbarChrome} from '@site/src/chrome/useNavbarChrome';
import RecentSearches, {RECENT_COLUMNS} from './RecentSearches';
import styles from './styles.module.css';

/** The specification's limit. */
const MAX_SUGGESTIONS = 8;
/** A page's other sections that hold the query, as options under it (DocSearch groups its hits by page): more rows, never fewer pages. */
const MORE_SECTIONS = 2;

/** A row of the list: a suggested page, or one of its other sections under it. */
interface Row {
  url: string;
  page: Suggestion;
  section?: SectionHit;
}

interface BoxAnswer extends SearchAnswer {
  query: string;
  versionUrl: string;
  /** With no answer here: another version that has some. */
  elsewhere?: Elsewhere;
}

type Shown = {kind: 'answer'; answer: BoxAnswer} | {kind: 'failed'; query: string} | null;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const isSlowConnection = () => {
  const connection = (navigator as Navigator & {connection?: {saveData?: boolean; effectiveType?: string}}).connection;
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
};

function SearchBox(): ReactNode {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const history = useHistory();
  const scope = useNavbarSearchScope();
  const versions = useSearchVersions();
  const ids = useId();
  const listboxId = `${ids}-suggestions`;
  const optionId = useCallback((position: number) => `${ids}-suggestion-${position}`, [ids]);
  const recentId = `${ids}-recent`;
  const cellId = useCallback((row: number, column: number) => `${ids}-recent-${row}-${column}`, [ids]);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState<Active>(NO_ACTIVE);
  const [shown, setShown] = useState<Shown>(null);
  const latest = useRef(0);
  useHighlightOnPage();

  const {versionUrl, section} = scope;
  const here = versions.find((candidate) => candidate.versionUrl === versionUrl);
  const {sectionLabel} = scope;
  const {recent, remember, remove, clear} = useRecentSearches(baseUrl, versionUrl);
  const phone = useWindowSize() === 'mobile';

  // The version's manifest loads while the page is idle, so that the first key waits only for its own parts.
  const prepare = useCallback(
    () =>
      prepareSearch(baseUrl, versionUrl).catch((error: unknown) => {
        // Only a head start: the first query loads it again, and says so if it fails.
        console.warn('The search index could not be loaded ahead of a query.', error);
      }),
    [baseUrl, versionUrl],
  );
  useEffect(() => {
    // Docusaurus's rule for prefetching: nothing extra on a slow or data-saving link (the box's focus loads it then).
    if (isSlowConnection()) return;
    const start = () => void prepare();
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(start, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(start, {timeout: 3000});
    return () => window.cancelIdleCallback(handle);
  }, [prepare]);

  // Text typed before the page was interactive is searched once it is.
  useEffect(() => {
    const box = input.current;
    if (box && box.value !== '') setQuery(box.value.slice(0, MAX_QUERY_LENGTH));
    if (box && document.activeElement === box) setFocused(true);
  }, []);

  useEffect(() => {
    // Any answer still on its way is for an earlier query: it must not land.
    const id = ++latest.current;
    // An empty box asks nothing (its last answer was dropped when it was emptied).
    if (query.trim() === '') return;
    const others = versions.filter((candidate) => candidate.versionUrl !== versionUrl);
    (async () => {
      let answer: SearchAnswer;
      try {
        answer = await search(baseUrl, versionUrl, {query, limit: MAX_SUGGESTIONS, section: section || undefined, more: MORE_SECTIONS});
      } catch (error) {
        console.error('Search failed:', error);
        if (id === latest.current) setShown({kind: 'failed', query});
        return;
      }
      if (id !== latest.current) return;
      setShown({kind: 'answer', answer: {...answer, query, versionUrl}});
      setActive(NO_ACTIVE);
      if (answer.total > 0 || others.length === 0) return;
      // Nothing here: whether another version has answers is added to the status line when known.
      try {
        const elsewhere = await versionWithAnswers(baseUrl, query, others);
        if (elsewhere && id === latest.current) setShown({kind: 'answer', answer: {...answer, query, versionUrl, elsewhere}});
      } catch (error) {
        console.warn('The other versions could not be searched:', error);
      }
    })();
  }, [query, baseUrl, versionUrl, section, versions]);

  // Going to another page closes the box, when the reader goes (the history changes), not when the page
  // shows up: Docusaurus renders the new location only once its code has loaded, and closing then would
  // close the answer to what the reader typed meanwhile. (Keys typed before hydration: answered in the open box.)
  // Whatever took the reader there (Enter, a suggestion, a link of the popup), the box lets go of the
  // focus too, so that a phone's keyboard goes down.
  useEffect(
    () =>
      history.listen(() => {
        setClosed(true);
        setActive(NO_ACTIVE);
        input.current?.blur();
      }),
    [history],
  );

  // Ctrl+K / ⌘K, or "/" outside a field: to the box, its text selected so that typing replaces the last query.
  // On a phone they open the sheet even from a box that kept the focus when it was closed.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event, {mac: isMac(), typing: isTypingTarget(document.activeElement)})) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      if (phone) setClosed(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [phone]);

  const view = boxView({phone, focused, closed, query, recent: recent.length});
  const open = view.popup !== 'closed';
  useSearchSheet(view.sheet, panel);

  // Known once hydrated (the platform decides its words): the server-rendered box has none.
  const hint = useIsBrowser() ? shortcutHint(isMac()) : null;
  const answer = shown?.kind === 'answer' && shown.answer.versionUrl === versionUrl ? shown.answer : null;
  const current = answer?.query === query;
  const suggestions = useMemo(() => answer?.suggestions ?? [], [answer]);
  const rows = useMemo(
    () =>
      suggestions.flatMap((suggestion): Row[] => [
        {url: suggestion.url, page: suggestion},
        ...(suggestion.more ?? []).map((section) => ({url: section.url, page: suggestion, section})),
      ]),
    [suggestions],
  );
  const listed = view.popup === 'answer' && suggestions.length > 0;
  const recentShown = view.popup === 'recent';

  // The active suggestion or recent search stays in sight: the popup scrolls to it as the arrow keys move it.
  const activeId = active.row < 0 ? undefined : recentShown ? cellId(active.row, active.column) : listed ? optionId(active.row) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({block: 'nearest'});
  }, [activeId]);
  const failed = shown?.kind === 'failed' && shown.query === query;
  const loading = query.trim() !== '' && !current && !failed;

  const go = (to: string) => history.push(to);
  const openRow = (row: Row) => go(withHighlight(row.url, answer?.words ?? []));
  const seeAll = searchPageUrl(baseUrl, {query, version: here?.param ?? null});
  const searchAgain = (again: string) => searchPageUrl(baseUrl, {query: again, version: here?.param ?? null});
  const removeRecent = (search: RecentSearch, row: number) => {
    remove(search);
    // The same place in what is left (the next search there), so that several go one after the other.
    const left = recent.length - 1;
    setActive(left === 0 ? NO_ACTIVE : {row: Math.min(row, left - 1), column: active.column});
  };
  // Escape in the popup's links, and Cancel: back to the field, the navbar's search control, closed.
  const closeBox = () => {
    // After the focus: the box's focus handler opens the popup, and the last word of the event wins.
    input.current?.focus();
    setClosed(true);
    setActive(NO_ACTIVE);
  };
  // Following any link of the answer (a suggestion, the footer's, another version's) keeps the query.
  const rememberLink = (event: MouseEvent<HTMLElement>) => {
    if (view.popup === 'answer' && (event.target as Element).closest('a[href]')) remember(query);
  };
  const footer = footerLinks(baseUrl, {
    query,
    version: here?.param ?? null,
    readerSection: section && sectionLabel ? {path: section, label: sectionLabel} : undefined,
    answered: current ? {shown: suggestions.length, inSection: suggestions.filter((suggestion) => suggestion.inSection).length} : undefined,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'ArrowLeft':
      case 'ArrowRight': {
        // Down opens a closed popup on what it held; the others move only in an open one.
        const showing =
          event.key === 'ArrowDown' ? boxView({phone, focused: true, closed: false, query, recent: recent.length}).popup : view.popup;
        const count = showing === 'recent' ? recent.length : showing === 'answer' ? rows.length : 0;
        const moved = moveActive(active, event.key as ListKey, {rows: count, columns: showing === 'recent' ? RECENT_COLUMNS : 1});
        if (moved === null) return;
        event.preventDefault();
        if (event.key === 'ArrowDown') setClosed(false);
        setActive(moved);
        break;
      }
      case 'Enter': {
        // Enter that ends an input method's composition is not a choice.
        if (event.nativeEvent.isComposing) return;
        const again = recentShown ? recent[active.row] : undefined;
        if (again) {
          event.preventDefault();
          if (active.column === 0) {
            remember(again.query);
            go(searchAgain(again.query));
          } else removeRecent(again, active.row);
          return;
        }
        if (query.trim() === '') return;
        event.preventDefault();
        remember(query);
        // An earlier query's list, still in sight while this one loads, is not what the reader asked for.
        const chosen = listed && current ? rows[Math.max(active.row, 0)] : undefined;
        if (chosen) openRow(chosen);
        else go(seeAll);
        break;
      }
      case 'Escape':
        // The sheet closes at once, whatever it shows.
        if (open || view.sheet) {
          event.preventDefault();
          setClosed(true);
          setActive(NO_ACTIVE);
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
          setShown(null);
        }
        break;
      default:
    }
  };

  const status = boxStatus(
    failed
      ? {kind: 'failed'}
      : current
        ? {kind: 'answered', shown: suggestions.length, total: answer.total}
        : {kind: 'searching', showing: suggestions.length},
    query,
    here?.label ?? 'this version',
  );

  return (
    // In the navbar's flow, its size kept while the panel inside is a phone's sheet.
    <div className={clsx('navbar__search', styles.box)} dir="ltr">
      {/* Focus anywhere in the box or its popup keeps the popup: Tab reaches its links (the status's and the footer's). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={panel}
        className={clsx(styles.panel, view.sheet && styles.sheet, open && styles.open)}
        role={view.sheet ? 'dialog' : undefined}
        aria-modal={view.sheet || undefined}
        aria-label={view.sheet ? 'Search' : undefined}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={(event) => {
          // Escape in the popup's links (or on Cancel) closes it and brings the reader back to the box.
          if (event.key === 'Escape' && event.target !== input.current) closeBox();
        }}
        // Pressing anywhere in the sheet or the popup but the field must not take the focus from it (it would
        // close before the click lands).
        onMouseDown={(event) => event.target !== input.current && event.preventDefault()}>
        <div className={styles.field}>
          <svg aria-hidden="true" className={styles.icon} focusable="false" viewBox="0 0 16 16">
            <path
              fill="currentColor"
              d="M6.03 10.2a4.17 4.17 0 1 1 4.17-4.17 4.16 4.16 0 0 1-4.17 4.17Zm9.69 4.22-4.82-4.82A5.88 5.88 0 0 0 12.06 6.03a6 6 0 1 0-2.46 4.87l4.82 4.82a.9.9 0 0 0 1.3 0 .9.9 0 0 0 0-1.3Z"
            />
          </svg>
          <input
            ref={input}
            className={clsx('navbar__search-input', styles.input)}
            type="text"
            role="combobox"
            aria-label="Search"
            placeholder="Search"
            aria-expanded={listed || recentShown}
            aria-controls={listed ? listboxId : recentShown ? recentId : undefined}
            aria-haspopup={recentShown ? 'grid' : 'listbox'}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-busy={view.popup === 'answer' && loading}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={MAX_QUERY_LENGTH}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setClosed(false);
              // A box emptied starts afresh: the next query's list is not preceded by the last one's.
              if (event.target.value.trim() === '') setShown(null);
              // Between the recent searches and an answer, nothing stays active.
              if (event.target.value.trim() === '' || query.trim() === '') setActive(NO_ACTIVE);
            }}
            onFocus={() => {
              setClosed(false);
              if (isSlowConnection()) void prepare();
            }}
            // A phone's box closed with the focus kept (Cancel) opens again when tapped.
            onClick={() => phone && setClosed(false)}
            onKeyDown={onKeyDown}
          />
          {hint !== null && query === '' && !focused && (
            <kbd className={styles.hint} aria-hidden>
              {hint}
            </kbd>
          )}
          {view.sheet && (
            <button type="button" className={styles.cancel} onClick={closeBox}>
              Cancel
            </button>
          )}
        </div>
        {open && (
          // eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events -- Enter on a link is a click too
          <div className={styles.popup} onClick={rememberLink} onAuxClick={rememberLink}>
            {view.popup === 'recent' && (
              <RecentSearches
                id={recentId}
                recent={recent}
                active={active}
                cellId={cellId}
                hrefOf={searchAgain}
                onHover={(row) => setActive((was) => ({row, column: was.row === row ? was.column : 0}))}
                onOpen={(again) => remember(again.query)}
                onRemove={(again) => removeRecent(again, recent.indexOf(again))}
                onClear={() => {
                  clear();
                  setActive(NO_ACTIVE);
                  // The button goes with the list: the focus goes back to the field.
                  input.current?.focus();
                }}
              />
            )}
            {view.popup === 'no-recent' && (
              <p className={styles.message}>No recent searches. The searches you open a result from are kept here, in this browser only.</p>
            )}
            {view.popup === 'answer' && (
              <>
                {listed && (
                  // Not ul/li: a list's items are not options (jsx-a11y).
                  <div
                    id={listboxId}
                    role="listbox"
                    aria-label="Search suggestions"
                    className={clsx(styles.listbox, !current && styles.stale)}>
                    {suggestions.map((suggestion) => (
                      // A page and its other sections that hold the query, one group named by the page.
                      <div key={suggestion.url} role="group" aria-label={plainText(suggestion.title)} className={styles.group}>
                        {rows.map((row, position) =>
                          row.page !== suggestion ? null : (
                            // Each option is the link to its page (ARIA allows an option on a link), as DocSearch's hits are: a
                            // modified or middle click opens it in a new tab, and the browser's menu copies its address. The box
                            // keeps the focus and the keys (aria-activedescendant), so an option is no Tab stop.
                            <Link
                              key={row.url}
                              id={optionId(position)}
                              role="option"
                              aria-selected={position === active.row}
                              tabIndex={-1}
                              to={withHighlight(row.url, answer?.words ?? [])}
                              className={clsx(styles.option, row.section && styles.more, position === active.row && styles.active)}
                              onMouseMove={() => setActive({row: position, column: 0})}>
                              {row.section ? (
                                <SectionLines heading={row.section.heading} text={row.section.text} />
                              ) : (
                                <SuggestionRow suggestion={row.page} />
                              )}
                            </Link>
                          ),
                        )}
                      </div>
                    ))}
                  </div>
                )}
                {/* What the list cannot say: searching, nothing found, a failure; with suggestions, their count for screen readers. */}
                <p role="status" className={listed ? styles.visuallyHidden : styles.message}>
                  {status}
                  {current && answer.elsewhere && <ElsewhereLink query={query} elsewhere={answer.elsewhere} />}
                </p>
                <div className={styles.footer}>
                  {footer.map(({label, href}) => (
                    <Link key={label} to={href}>
                      {label}
                    </Link>
                  ))}
                </div>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The heading and the text of a section that matched, each when there is one. */
function SectionLines({heading, text}: {heading?: MarkedText; text?: MarkedText}): ReactNode {
  return (
    <>
      {heading && (
        <span className={styles.heading}>
          <Marked text={heading} />
        </span>
      )}
      {text && (
        <span className={styles.text}>
          <Marked text={text} />
        </span>
      )}
    </>
  );
}

/** A suggested page: its title, the heading and text that matched, where it is. */
function SuggestionRow({suggestion}: {suggestion: Suggestion}): ReactNode {
  return (
    <>
      <span className={styles.title}>
        <Marked text={suggestion.title} />
      </span>
      <SectionLines heading={suggestion.heading} text={suggestion.text} />
      {suggestion.breadcrumbs.length > 0 && <span className={styles.path}>{suggestion.breadcrumbs.join(' › ')}</span>}
    </>
  );
}

export default function SearchBar(): ReactNode {
  return useNavbarChrome().searchBox ? <SearchBox /> : null;
}
