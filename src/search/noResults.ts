/**
 * What a search that found nothing offers instead of links to the same nothing (the box's "See all
 * results", the search page's link to a whole version that has nothing either): where the search kept to
 * less than the reader may search, the wider search, once it is known to have answers ("Search
 * everywhere" from a section, "Search all versions" from one version of several); otherwise a tip, and
 * from the box the search page, where the query has room to change. Pure.
 */
import type {Elsewhere} from './components/NoResultsWayOn';

export interface NoResultsInput {
  /** The search kept to a section of its version (the search page's "Search in"). */
  inSection: boolean;
  /** How many versions the reader may search. */
  versions: number;
  /**
   * What the wider search found (searchClient.ts's versionWithAnswers: for a section its whole version
   * first, then the other versions): where answers are; null, none anywhere; undefined, not known yet.
   */
  wider: Elsewhere | null | undefined;
  /** Where the reader searched: the navbar's box, or the search page. */
  place: 'box' | 'page';
}

export type WayOn =
  /** The wider search is on its way: nothing to offer yet. */
  | {kind: 'waiting'}
  /** The wider search's answers, on the search page of where they are. */
  | {kind: 'wider'; label: 'Search everywhere' | 'Search all versions'; elsewhere: Elsewhere}
  /** Other words: the tip, and from the box a link to the search page. */
  | {kind: 'tip'; tip: string; searchPage: boolean};

export const NO_RESULTS_TIP = 'Try fewer or other words, and check their spelling.';

export function noResultsWayOn({inSection, versions, wider, place}: NoResultsInput): WayOn {
  const limited = inSection || versions > 1;
  if (limited && wider === undefined) return {kind: 'waiting'};
  if (limited && wider) return {kind: 'wider', label: inSection ? 'Search everywhere' : 'Search all versions', elsewhere: wider};
  return {kind: 'tip', tip: NO_RESULTS_TIP, searchPage: place === 'box'};
}
