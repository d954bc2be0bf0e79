/**
 * The reader's recent searches, shown when the box opens empty: each a link that runs the search again
 * on the search page, with a button that removes it, and one that clears them all.
 *
 * Links to the search, not to the page a result opened (DocSearch's recent hits are pages): a search
 * taken to the search page opened no page, and the answer is the current build's, so a page since
 * renamed, moved or joined by better ones is not a dead or stale link.
 *
 * A grid (WAI-ARIA's combobox with a grid popup), not a listbox: an option may hold no button. The box
 * keeps the focus and names the active cell (aria-activedescendant); the arrows move between rows and,
 * in a row, between its link and its button.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {Active} from '@site/src/search/boxView';
import type {RecentSearch} from '@site/src/search/recentSearches';
import styles from './styles.module.css';

interface Props {
  id: string;
  recent: readonly RecentSearch[];
  active: Active;
  cellId: (row: number, column: number) => string;
  hrefOf: (query: string) => string;
  onHover: (row: number) => void;
  onOpen: (search: RecentSearch) => void;
  onRemove: (search: RecentSearch) => void;
  onClear: () => void;
}

export default function RecentSearches({id, recent, active, cellId, hrefOf, onHover, onOpen, onRemove, onClear}: Props): ReactNode {
  const isActive = (row: number, column: number) => active.row === row && active.column === column;
  return (
    <>
      <p id={`${id}-title`} className={styles.groupTitle}>
        Recent searches
      </p>
      <div id={id} role="grid" aria-labelledby={`${id}-title`} className={styles.recent}>
        {recent.map((search, row) => (
          // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the box keeps the focus and names the active cell (aria-activedescendant)
          <div
            key={search.query}
            role="row"
            className={clsx(styles.recentRow, row === active.row && styles.active)}
            onMouseMove={() => onHover(row)}>
            <div
              id={cellId(row, 0)}
              role="gridcell"
              aria-selected={isActive(row, 0)}
              className={clsx(styles.recentCell, isActive(row, 0) && styles.activeCell)}>
              <Link to={hrefOf(search.query)} tabIndex={-1} className={styles.recentLink} onClick={() => onOpen(search)}>
                {search.query}
              </Link>
            </div>
            <div
              id={cellId(row, 1)}
              role="gridcell"
              aria-selected={isActive(row, 1)}
              className={clsx(styles.recentCell, isActive(row, 1) && styles.activeCell)}>
              <button
                type="button"
                tabIndex={-1}
                className={styles.remove}
                aria-label={`Remove "${search.query}" from recent searches`}
                title="Remove from recent searches"
                onClick={() => onRemove(search)}>
                <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
                  <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 3l10 10M13 3L3 13" />
                </svg>
              </button>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.footer}>
        <button type="button" className={styles.clear} onClick={onClear}>
          Clear recent searches
        </button>
      </div>
    </>
  );
}
