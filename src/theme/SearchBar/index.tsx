/**
 * The navbar's search box: a combobox (WAI-ARIA 1.2) over the version the reader is in. It answers
 * from the whole version, the reader's own section first among answers otherwise alike; each answer
 * comes once per query, so a list that is shown holds still until the reader types again. None on the
 * login page, whose visitor cannot read the index. (The public login build does not compile this file:
 * docusaurus.login.config.ts.)
 */
import {useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {isLoginPath} from '@site/contracts/paths';
import {MAX_QUERY_LENGTH} from '@site/src/search/engine/queryTerms';
import {boxStatus} from '@site/src/search/boxStatus';
import type {SearchAnswer, Suggestion} from '@site/src/search/engine/versionIndex';
import Marked from '@site/src/search/components/Marked';
import ElsewhereLink, {type Elsewhere} from '@site/src/search/components/ElsewhereLink';
import {withHighlight} from '@site/src/search/highlightParam';
import {prepareSearch, search, versionWithAnswers} from '@site/src/search/searchClient';
import {footerLinks, searchPageUrl} from '@site/src/search/searchLinks';
import {isSearchShortcut, isTypingTarget, shortcutHint} from '@site/src/search/shortcut';
import {useHighlightOnPage} from '@site/src/search/useHighlightOnPage';
import {usePopupTop} from '@site/src/search/usePopupTop';
import {useNavbarSearchScope, useSearchVersions} from '@site/src/search/useSearchScope';
import styles from './styles.module.css';

/** The specification's limit. */
const MAX_SUGGESTIONS = 8;

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
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const [shown, setShown] = useState<Shown>(null);
  const latest = useRef(0);
  useHighlightOnPage();

  const {versionUrl, context: section} = scope;
  const here = versions.find((candidate) => candidate.versionUrl === versionUrl);
  const sectionLabel = scope.contextLabel;

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
        answer = await search(baseUrl, versionUrl, {query, limit: MAX_SUGGESTIONS, section: section || undefined});
      } catch (error) {
        console.error('Search failed:', error);
        if (id === latest.current) setShown({kind: 'failed', query});
        return;
      }
      if (id !== latest.current) return;
      setShown({kind: 'answer', answer: {...answer, query, versionUrl}});
      setActive(-1);
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
        setActive(-1);
        input.current?.blur();
      }),
    [history],
  );

  // Ctrl+K / ⌘K, or "/" outside a field: to the box, its text selected so that typing replaces the last query.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event, {mac: isMac(), typing: isTypingTarget(document.activeElement)})) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The active suggestion stays in sight: the popup scrolls to it as the arrow keys move it.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
  }, [active, optionId]);

  // Known once hydrated (the platform decides its words): the server-rendered box has none.
  const hint = useIsBrowser() ? shortcutHint(isMac()) : null;
  const answer = shown?.kind === 'answer' && shown.answer.versionUrl === versionUrl ? shown.answer : null;
  const current = answer?.query === query;
  const suggestions = useMemo(() => answer?.suggestions ?? [], [answer]);
  const open = focused && !closed && query.trim() !== '';
  const popupTop = usePopupTop(open, input);
  const listed = open && suggestions.length > 0;
  const failed = shown?.kind === 'failed' && shown.query === query;
  const loading = query.trim() !== '' && !current && !failed;

  const go = (to: string) => history.push(to);
  const openSuggestion = (suggestion: Suggestion) => go(withHighlight(suggestion.url, answer?.words ?? []));
  const seeAll = searchPageUrl(baseUrl, {query, version: here?.param ?? null});
  const footer = footerLinks(baseUrl, {
    query,
    version: here?.param ?? null,
    readerSection: section && sectionLabel ? {path: section, label: sectionLabel} : undefined,
    answered: current ? {shown: suggestions.length, inSection: suggestions.filter((suggestion) => suggestion.inSection).length} : undefined,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setClosed(false);
        if (suggestions.length > 0) setActive((position) => (position + 1) % suggestions.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (suggestions.length > 0) setActive((position) => (position <= 0 ? suggestions.length - 1 : position - 1));
        break;
      case 'Enter': {
        // Enter that ends an input method's composition is not a choice.
        if (query.trim() === '' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        // An earlier query's list, still in sight while this one loads, is not what the reader asked for.
        const chosen = listed && current ? suggestions[Math.max(active, 0)] : undefined;
        if (chosen) openSuggestion(chosen);
        else go(seeAll);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setClosed(true);
          setActive(-1);
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
    // Focus anywhere in the box or its popup keeps the popup: Tab reaches its links (the status's and the footer's).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={clsx('navbar__search', styles.box, open && styles.open)}
      dir="ltr"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        // Escape in the popup's links closes it and brings the reader back to the box.
        if (event.key !== 'Escape' || event.target === input.current) return;
        // After the focus: the box's focus handler opens the popup, and the last word of the event wins.
        input.current?.focus();
        setClosed(true);
      }}>
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
        aria-expanded={listed}
        aria-controls={listed ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        aria-busy={open && loading}
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
        }}
        onFocus={() => {
          setClosed(false);
          if (isSlowConnection()) void prepare();
        }}
        onKeyDown={onKeyDown}
      />
      {hint !== null && query === '' && !focused && (
        <kbd className={styles.hint} aria-hidden>
          {hint}
        </kbd>
      )}
      {open && (
        // Pressing in the popup must not take the focus from the box (it would close before the click lands).
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions
        <div
          className={styles.popup}
          style={{'--search-popup-top': popupTop === undefined ? undefined : `${popupTop}px`} as CSSProperties}
          onMouseDown={(event) => event.preventDefault()}>
          {listed && (
            // Not ul/li: a list's items are not options (jsx-a11y).
            <div id={listboxId} role="listbox" aria-label="Search suggestions" className={clsx(styles.listbox, !current && styles.stale)}>
              {suggestions.map((suggestion, position) => (
                // Each option is the link to its page (ARIA allows an option on a link), as DocSearch's hits are: a
                // modified or middle click opens it in a new tab, and the browser's menu copies its address. The box
                // keeps the focus and the keys (aria-activedescendant), so an option is no Tab stop.
                <Link
                  key={suggestion.url}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  tabIndex={-1}
                  to={withHighlight(suggestion.url, answer?.words ?? [])}
                  className={clsx(styles.option, position === active && styles.active)}
                  onMouseMove={() => setActive(position)}>
                  <span className={styles.title}>
                    <Marked text={suggestion.title} />
                  </span>
                  {suggestion.heading && (
                    <span className={styles.heading}>
                      <Marked text={suggestion.heading} />
                    </span>
                  )}
                  {suggestion.text && (
                    <span className={styles.text}>
                      <Marked text={suggestion.text} />
                    </span>
                  )}
                  {suggestion.breadcrumbs.length > 0 && <span className={styles.path}>{suggestion.breadcrumbs.join(' › ')}</span>}
                </Link>
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
        </div>
      )}
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const {pathname} = useLocation();
  return isLoginPath(pathname) ? null : <SearchBox />;
}
