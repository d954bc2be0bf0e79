/**
 * The navbar's search box: a combobox (WAI-ARIA 1.2) over the version the reader is in. It answers
 * from the whole version, the reader's own section first among answers otherwise alike; each answer
 * comes once per query, so a list that is shown holds still until the reader types again. Opened empty,
 * it lists the reader's recent searches. On a phone (the theme's mobile breakpoint) the open box is a
 * full-screen sheet, a modal dialog, as DocSearch's is: the same field, grown across the screen, the same
 * list, keys and footer. None on the login page, whose visitor cannot read the index. (The public login
 * build does not compile this file: docusaurus.login.config.ts.)
 *
 * What it does is boxReducer.ts's (pure, tabled); its hooks are useSearchBox.ts's: this file wires them to the DOM.
 */
import {useEffect, useId, type KeyboardEvent, type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {MAX_QUERY_LENGTH} from '@site/src/search/engine/queryTerms';
import {boxStatus} from '@site/src/search/boxStatus';
import {isBoxKey, pressKey, type BoxAction, type BoxDisplay, type Row} from '@site/src/search/boxReducer';
import {plainText} from '@site/src/search/components/Marked';
import NoResultsWayOn from '@site/src/search/components/NoResultsWayOn';
import SearchLink from '@site/src/search/components/SearchLink';
import {withHighlight} from '@site/src/search/highlightParam';
import {noResultsWayOn} from '@site/src/search/noResults';
import {shortcutHint} from '@site/src/search/shortcut';
import {isMac, isSlowConnection, useSearchBox} from '@site/src/search/useSearchBox';
import {useNavbarChrome} from '@site/src/chrome/useNavbarChrome';
import RecentSearches from './RecentSearches';
import SectionLines, {SuggestionRow} from './SuggestionRow';
import styles from './styles.module.css';
import accessibility from '@site/src/css/accessibility.module.css';

/** The ids the combobox names its popup and active option or cell by. */
function useBoxIds() {
  const ids = useId();
  return {
    listbox: `${ids}-suggestions`,
    recent: `${ids}-recent`,
    option: (position: number) => `${ids}-suggestion-${position}`,
    cell: (row: number, column: number) => `${ids}-recent-${row}-${column}`,
  };
}

function SearchBox(): ReactNode {
  const box = useSearchBox();
  const {state, dispatch, env, display, input, panel} = box;
  const ids = useBoxIds();
  const {activeTarget} = display;
  const activeId =
    activeTarget === null
      ? undefined
      : activeTarget.kind === 'cell'
        ? ids.cell(activeTarget.row, activeTarget.column)
        : ids.option(activeTarget.row);
  // The active suggestion or recent search stays in sight: the popup scrolls to it as the arrow keys move it.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({block: 'nearest'});
  }, [activeId]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isBoxKey(event.key)) return;
    const action = {type: 'key', key: event.key, env, composing: event.nativeEvent.isComposing} as const;
    const outcome = pressKey(state, action.key, env, action.composing);
    if (outcome === null) return;
    if (outcome.consumed) event.preventDefault();
    dispatch(action);
    if (outcome.effect) box.run(outcome.effect);
  };
  // Escape in the popup's links, and Cancel: back to the field, the navbar's search control, closed.
  const closeBox = () => {
    // After the focus: the box's focus handler opens the popup, and the last word of the event wins.
    input.current?.focus();
    dispatch({type: 'closed'});
  };
  return (
    // In the navbar's flow, its size kept while the panel inside is a phone's sheet.
    <div className={clsx('navbar__search', styles.box)} dir="ltr">
      {/* Focus anywhere in the box or its popup keeps the popup: Tab reaches its links (the status's and the footer's). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={panel}
        className={clsx(styles.panel, display.sheet && styles.sheet, display.popup !== 'closed' && styles.open)}
        role={display.sheet ? 'dialog' : undefined}
        aria-modal={display.sheet || undefined}
        aria-label={display.sheet ? 'Search' : undefined}
        onFocus={(event) => dispatch({type: 'focused', field: event.target === input.current})}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({type: 'blurred'});
        }}
        onKeyDown={(event) => {
          // Escape in the popup's links (or on Cancel) closes it and brings the reader back to the box.
          if (event.key === 'Escape' && event.target !== input.current) closeBox();
        }}
        // Pressing anywhere in the sheet or the popup but the field must not take the focus from it (it would
        // close before the click lands).
        onMouseDown={(event) => event.target !== input.current && event.preventDefault()}>
        <Field box={box} ids={ids} activeId={activeId} onKeyDown={onKeyDown} onCancel={closeBox} />
        {display.popup !== 'closed' && <Popup box={box} ids={ids} />}
      </div>
    </div>
  );
}

interface FieldProps {
  box: ReturnType<typeof useSearchBox>;
  ids: ReturnType<typeof useBoxIds>;
  activeId: string | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onCancel: () => void;
}

/** The field: the combobox itself, the shortcut's hint, and the sheet's Cancel. */
function Field({box, ids, activeId, onKeyDown, onCancel}: FieldProps): ReactNode {
  const {state, dispatch, env, display, input} = box;
  const recentShown = display.popup === 'recent';
  // Known once hydrated (the platform decides its words): the server-rendered box has none.
  const hint = useIsBrowser() ? shortcutHint(isMac()) : null;
  return (
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
        aria-expanded={display.listed || recentShown}
        aria-controls={display.listed ? ids.listbox : recentShown ? ids.recent : undefined}
        aria-haspopup={recentShown ? 'grid' : 'listbox'}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-busy={display.popup === 'answer' && display.loading}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        value={state.query}
        onChange={(event) => dispatch({type: 'typed', query: event.target.value})}
        onFocus={() => isSlowConnection() && box.prepare()}
        // A phone's box closed with the focus kept (Cancel) opens again when tapped.
        onClick={() => dispatch({type: 'summoned', phone: env.phone})}
        onKeyDown={onKeyDown}
      />
      {hint !== null && state.query === '' && !state.focused && (
        <kbd className={styles.hint} aria-hidden>
          {hint}
        </kbd>
      )}
      {display.sheet && (
        <button type="button" className={styles.cancel} onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** Below the field: the recent searches, the word that there are none (in the sheet), or the answer. */
function Popup({box, ids}: {box: ReturnType<typeof useSearchBox>; ids: ReturnType<typeof useBoxIds>}): ReactNode {
  const {state, dispatch, env, display, input, recentSearches} = box;
  const {query} = state;
  // Following any link of the answer (a suggestion, the footer's, another version's) keeps the query, and ends its search.
  const rememberLink = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (display.popup !== 'answer' || !link) return;
    recentSearches.remember(query);
    // A middle click opens the link in a new tab; the menu's (right) button opens nothing.
    if (event.button <= 1) box.followed(link.getAttribute('href')!);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events -- Enter on a link is a click too
    <div className={styles.popup} onClick={rememberLink} onAuxClick={rememberLink}>
      {display.popup === 'recent' && (
        <RecentSearches
          id={ids.recent}
          recent={env.recent}
          active={state.active}
          cellId={ids.cell}
          hrefOf={box.searchPage}
          onHover={(row) => dispatch({type: 'hovered', row})}
          onOpen={(again) => recentSearches.remember(again.query)}
          onRemove={(again) => {
            recentSearches.remove(again);
            dispatch({type: 'recentRemoved', row: env.recent.indexOf(again), left: env.recent.length - 1});
          }}
          onClear={() => {
            recentSearches.clear();
            dispatch({type: 'recentCleared'});
            // The button goes with the list: the focus goes back to the field.
            input.current?.focus();
          }}
        />
      )}
      {display.popup === 'no-recent' && (
        <p className={styles.message}>No recent searches. The searches you open a result from are kept here, in this browser only.</p>
      )}
      {display.popup === 'answer' && (
        <Answer
          display={display}
          query={query}
          activeRow={state.active.row}
          ids={ids}
          dispatch={dispatch}
          status={boxStatus(display.status, query, box.versionLabel ?? 'this version')}
          versionCount={box.versionCount}
          searchPage={box.searchPage(query)}
          footer={box.footer}
        />
      )}
      {!display.sheet && (display.listed || display.popup === 'recent') && <KeyHints />}
    </div>
  );
}

/** The keys the list answers to, as DocSearch's footer names them: glyphs for the eye, their names for screen readers. A phone's sheet has no keys to name. */
function KeyHints(): ReactNode {
  const key = (glyph: string, name: string) => (
    <kbd>
      <span aria-hidden>{glyph}</span>
      <span className={accessibility.visuallyHidden}>{name}</span>
    </kbd>
  );
  return (
    <ul className={styles.keys} aria-label="Keys">
      <li>{key('↵', 'Enter')} to select</li>
      <li>
        {key('↑', 'Up arrow')} {key('↓', 'Down arrow')} to navigate
      </li>
      <li>{key('esc', 'Escape')} to close</li>
    </ul>
  );
}

interface AnswerProps {
  display: BoxDisplay;
  query: string;
  activeRow: number;
  ids: ReturnType<typeof useBoxIds>;
  dispatch: (action: BoxAction) => void;
  status: string;
  /** How many versions the reader may search: with several, one that found nothing was limited. */
  versionCount: number;
  searchPage: string;
  footer: {label: string; href: string}[];
}

/** The answer to the query: its suggestions, grouped by page, the status line (with none, the way on), the links to the search page. */
function Answer({display, query, activeRow, ids, dispatch, status, versionCount, searchPage, footer}: AnswerProps): ReactNode {
  const {answer, current, listed, rows} = display;
  return (
    <>
      {listed && answer && (
        // Not ul/li: a list's items are not options (jsx-a11y).
        <div id={ids.listbox} role="listbox" aria-label="Search suggestions" className={clsx(styles.listbox, !current && styles.stale)}>
          {answer.suggestions.map((suggestion) => (
            // A page and its other sections that hold the query, one group named by the page.
            <div key={suggestion.url} role="group" aria-label={plainText(suggestion.title)} className={styles.group}>
              {rows.map((row, position) =>
                row.page !== suggestion ? null : (
                  <Option
                    key={row.url}
                    row={row}
                    id={ids.option(position)}
                    active={position === activeRow}
                    href={withHighlight(row.url, answer.words)}
                    onHover={() => dispatch({type: 'hovered', row: position})}
                  />
                ),
              )}
            </div>
          ))}
        </div>
      )}
      {/* What the list cannot say: searching, nothing found, a failure; with suggestions, their count for screen readers. */}
      <p role="status" className={listed ? accessibility.visuallyHidden : styles.message}>
        {status}
        {current && answer?.total === 0 && (
          <NoResultsWayOn
            query={query}
            wayOn={noResultsWayOn({inSection: false, versions: versionCount, wider: answer.elsewhere, place: 'box'})}
            searchPage={searchPage}
          />
        )}
      </p>
      {footer.length > 0 && (
        <div className={styles.footer}>
          {footer.map(({label, href}) => (
            <SearchLink key={label} href={href}>
              {label}
            </SearchLink>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * Each option is the link to its page (ARIA allows an option on a link), as DocSearch's hits are: a
 * modified or middle click opens it in a new tab, and the browser's menu copies its address. The box
 * keeps the focus and the keys (aria-activedescendant), so an option is no Tab stop.
 */
function Option({row, id, active, href, onHover}: {row: Row; id: string; active: boolean; href: string; onHover: () => void}): ReactNode {
  return (
    <SearchLink
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      href={href}
      className={clsx(styles.option, row.section && styles.more, active && styles.activeOption)}
      onMouseMove={onHover}>
      {row.section ? <SectionLines heading={row.section.heading} text={row.section.text} /> : <SuggestionRow suggestion={row.page} />}
    </SearchLink>
  );
}

export default function SearchBar(): ReactNode {
  return useNavbarChrome().searchBox ? <SearchBox /> : null;
}
