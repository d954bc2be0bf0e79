/**
 * The recent searches of the version a box searches (recentSearches.ts), as stored in this browser and
 * kept in step with the reader's other tabs. Storage that cannot be read or written (turned off, full)
 * leaves the list empty: a convenience, never an error.
 */
import {useCallback, useMemo, useSyncExternalStore} from 'react';
import {addRecent, parseRecent, recentIn, recentSearchesKey, removeRecent, type RecentSearch} from './recentSearches';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change (a sign-out there forgets them here too).
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, list: readonly RecentSearch[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Not kept: the list stays as it was.
  }
  for (const listener of listeners) listener();
}

export interface RecentSearches {
  /** The version's recent searches, newest first. */
  recent: readonly RecentSearch[];
  /** The reader opened a result of `query`, or took it to the search page. */
  remember(query: string): void;
  remove(search: RecentSearch): void;
  /** Forgets every version's: what a reader who clears their searches means. */
  clear(): void;
}

export function useRecentSearches(baseUrl: string, versionUrl: string): RecentSearches {
  const key = recentSearchesKey(baseUrl);
  // The prerendered page has none: the list is the browser's.
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const recent = useMemo(() => recentIn(parseRecent(raw), versionUrl), [raw, versionUrl]);
  const update = useCallback((change: (list: RecentSearch[]) => RecentSearch[]) => write(key, change(parseRecent(read(key)))), [key]);
  return {
    recent,
    remember: useCallback((query: string) => update((list) => addRecent(list, {query, version: versionUrl})), [update, versionUrl]),
    remove: useCallback((search: RecentSearch) => update((list) => removeRecent(list, search)), [update]),
    clear: useCallback(() => update(() => []), [update]),
  };
}
