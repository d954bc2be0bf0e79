/**
 * When a reader's search is finished, and what the gate is told of it (contracts/insights.ts, SearchReport):
 * pure, for the navbar box and the search page alike. A search is finished when a result is opened, when the
 * query is taken to the search page, or when the reader leaves the box with a query that stayed as it was
 * for a moment; never per key. A search already reported is not reported again when the same query is
 * only shown again (the search page showing the box's query, the box opened again on it).
 */
import type {SearchReport} from '../../contracts/insights';
import {INSIGHTS_LIMITS} from '../../contracts/insights';
import type {SearchAnswer} from '../search/engine/versionIndex';
import {withHighlight} from '../search/highlightParam';

/** How long a query stays as it is before leaving it counts as a search, not as a reader who was still typing. */
export const SETTLED_MS = 1000;

/** The search on screen: its words as typed, where it is made, and what it found. */
export interface SearchOnScreen {
  query: string;
  /** The pathname of the page it is made from. */
  page: string;
  /** How many results the query's own answer has; null while it is on its way, or when the search failed. */
  results: number | null;
  /** When the query was last changed (ms). */
  since: number;
  /** The search page's version and section, which file its search in place of its page's. */
  scope?: {version: string; section: string};
}

export type SearchEnd =
  /** A result opened: its rank among the results shown, 1 for the first. */
  | {how: 'opened'; rank: number}
  /** The query taken to the search page (Enter, "See all results"). */
  | {how: 'submitted'}
  /** The box closed or left, or the search page left, at `at` (ms). */
  | {how: 'left'; at: number};

/** The words as the gate keeps them: trimmed, cut to the contract's length (by characters, never inside one). */
export function reportedQuery(query: string): string {
  return Array.from(query.trim()).slice(0, INSIGHTS_LIMITS.queryChars).join('');
}

/** What makes two queries the same search: the same words, whatever their spacing and letter case. */
export function searchKey(query: string): string {
  return reportedQuery(query).replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The report of a search that `end` finishes, or null when there is none to send: no query, no answer yet
 * (the search page, which a query taken there before its answer goes to, reports it), a query left before it
 * settled, a page the gate would refuse, or the search last reported (`reported`: its searchKey) shown again.
 */
export function finishedSearch(search: SearchOnScreen | null, end: SearchEnd, reported: string | null): SearchReport | null {
  if (search === null || search.results === null) return null;
  const query = reportedQuery(search.query);
  if (query === '' || searchKey(query) === reported) return null;
  if (!search.page.startsWith('/') || search.page.length > INSIGHTS_LIMITS.pathChars) return null;
  if (end.how === 'left' && end.at - search.since < SETTLED_MS) return null;
  const report: SearchReport = {query, page: search.page, results: search.results, opened: end.how === 'opened' ? end.rank : null};
  return search.scope ? {...report, scope: search.scope} : report;
}

/**
 * The rank of the result a link of `answer` opens, 1 for the first page shown: a page's other sections,
 * listed under it, are that page's rank. Null for a link that opens no result (the search page, another version).
 */
export function rankOf(answer: SearchAnswer, href: string): number | null {
  const at = answer.suggestions.findIndex((page) =>
    [page.url, ...(page.more ?? []).map((section) => section.url)].some((url) => withHighlight(url, answer.words) === href),
  );
  return at === -1 ? null : at + 1;
}
