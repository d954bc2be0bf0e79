/**
 * The reader's recent searches: queries they opened a result from, or took to the search page, kept in
 * this browser only (localStorage, never sent anywhere). Newest first, the same search once, a few per
 * version (a query belongs to the version whose box searched it), one list per site. Signing out, or any
 * other end of the reader's session here, forgets them all (src/auth/sessionEnded.ts), so a shared
 * computer does not show them to the next reader.
 */
import {MAX_QUERY_LENGTH} from './engine/queryTerms';

export interface RecentSearch {
  query: string;
  /** The URL of the version the box searched (`/1.0/`, `/`). */
  version: string;
}

/** As DocSearch keeps: enough to find last week's search again, few enough to take in at a glance. */
export const RECENT_PER_VERSION = 5;
/** Across versions, so that versions since removed do not keep searches for ever. */
export const RECENT_KEPT = 20;

const KEY_PREFIX = 'tutorial-hub:recent-searches:';

/** One list per site: two sites on one origin differ in their base URL. */
export const recentSearchesKey = (baseUrl: string): string => `${KEY_PREFIX}${baseUrl}`;

/** The query as it is kept and shown: spaces as one, none at either end, no longer than a query may be. */
const tidy = (query: string): string => query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();

/** The same search whatever its letter case or spaces: the engine reads them alike. */
const isSame = (one: RecentSearch, other: RecentSearch): boolean =>
  one.version === other.version && tidy(one.query).toLowerCase() === tidy(other.query).toLowerCase();

/** Pure: `search` first (an earlier spelling of it dropped), each version's oldest past its bound dropped. */
export function addRecent(list: readonly RecentSearch[], search: RecentSearch): RecentSearch[] {
  const query = tidy(search.query);
  if (query === '') return [...list];
  const added = {query, version: search.version};
  const perVersion = new Map<string, number>();
  return [added, ...list.filter((kept) => !isSame(kept, added))]
    .filter(({version}) => {
      const count = (perVersion.get(version) ?? 0) + 1;
      perVersion.set(version, count);
      return count <= RECENT_PER_VERSION;
    })
    .slice(0, RECENT_KEPT);
}

export function removeRecent(list: readonly RecentSearch[], search: RecentSearch): RecentSearch[] {
  return list.filter((kept) => !isSame(kept, search));
}

/** What the box of `version` shows. */
export function recentIn(list: readonly RecentSearch[], version: string): RecentSearch[] {
  return list.filter((kept) => kept.version === version);
}

const isRecentSearch = (value: unknown): value is RecentSearch =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecentSearch).query === 'string' &&
  typeof (value as RecentSearch).version === 'string';

/**
 * Pure: the list stored as `raw`, held to the same rules as one made by `addRecent` (storage is the
 * reader's to edit, and an older release may have written it): anything else is dropped.
 */
export function parseRecent(raw: string | null): RecentSearch[] {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  // Oldest first, each one added in front: the newest ends first, as stored.
  return stored.filter(isRecentSearch).reduceRight<RecentSearch[]>((list, search) => addRecent(list, search), []);
}

/** Forgets every site's recent searches in `storage` (the reader is signed out). */
export function forgetRecentSearches(storage: Storage): void {
  const keys = Array.from({length: storage.length}, (_, index) => storage.key(index)).filter(
    (key): key is string => key !== null && key.startsWith(KEY_PREFIX),
  );
  for (const key of keys) storage.removeItem(key);
}
