/**
 * Insights for authors: what the site's pages, its search box and the gate agree on about readers'
 * searches, "Was this page helpful?" answers and reads. The browser reports what only it sees
 * (a finished search, an answer, moves between pages inside the site) with `navigator.sendBeacon`
 * after the fact; the gate counts the page loads it serves itself, checks every report against the
 * schemas of contracts/insightsSchemas.ts, and keeps counts per day and audiences, never who searched or read (README,
 * "Insights"). Authors read them on INSIGHTS_PAGE, or with `npm run insights`.
 */
import {API_PREFIX} from './paths';
import {SEARCH_PATH} from './searchIndexFiles';
import {sectionOf, type SearchSection} from './searchSections';

// The bodies' types: only types, so that the site's scripts, which import this file, carry no TypeBox.
export type {FeedbackReport, ReadsReport, ReportQuery, SearchReport} from './insightsSchemas';

/** The authors' page, in the site's chrome: only readers of the operator's INSIGHTS_AUDIENCE may open it. */
export const INSIGHTS_PAGE = '/insights';

/** The site's own tools, not its docs: opening one is no read (the searches made on the search page are counted as searches). */
const TOOL_PAGES: readonly string[] = [INSIGHTS_PAGE, SEARCH_PATH];

/** Whether opening a page (its canonical path: contracts/paths.ts) counts as a read of the docs. */
export const countsAsRead = (page: string): boolean => !TOOL_PAGES.includes(page);

/** The bounds of what a reader may send, and of what one reader may add in a day. */
export const INSIGHTS_LIMITS = {
  /** Characters of a search's words kept (longer queries are cut, not refused: a pasted paragraph is still a search). */
  queryChars: 120,
  /** Characters of a feedback comment. */
  commentChars: 1000,
  /** Pages in one reads beacon: moves inside the site since the last one. */
  pagesPerBeacon: 50,
  /** Reports (of any kind) one reader may send per minute, per gate; past it they are dropped and counted. */
  reportsPerMinute: 60,
  /** Searches and reads one reader may add per day, per gate; past it they are dropped and counted. */
  eventsPerDay: 2000,
  /** A page path's characters. */
  pathChars: 512,
} as const;

/** A search the reader finished: a result opened (`opened`, 1 for the first), the query submitted, or the box left after a pause. */
export const SEARCH_BEACON = `${API_PREFIX}insights/search`;

/**
 * POST: a reader's answer to "Was this page helpful?" on a page (one per reader and page, changed by a
 * new one); 204 once it is stored. GET `?page=`: the reader's own answer (FeedbackAnswer), 204 when none.
 */
export const FEEDBACK_ENDPOINT = `${API_PREFIX}insights/feedback`;
export interface FeedbackAnswer {
  helpful: boolean;
  comment: string;
  contact: boolean;
}

/** Pages the reader moved to inside the site since the last beacon (the gate never sees those moves). */
export const READS_BEACON = `${API_PREFIX}insights/reads`;

/**
 * GET `?version=&section=&days=`: the insights an authors' reader may see (InsightsReport); 404 for
 * anyone else, as for any page they may not open. `version`: a version's name (`current`, `1.0`);
 * `section`: a section's path (SearchSection.path), or none for the whole version; `days`: the period.
 */
export const INSIGHTS_REPORT = `${API_PREFIX}insights/report`;
export const INSIGHTS_PERIODS = [7, 30, 90] as const;

/** Counts per day over the period, oldest first: one number per day, `days` of them. */
export type Trend = number[];

export interface PageInsight {
  /** The page's address (`/1.0/intro`). */
  path: string;
  /** Its title as the build has it. */
  title: string;
  reads: number;
  readsTrend: Trend;
  helpful: number;
  unhelpful: number;
}

export interface FeedbackComment {
  path: string;
  title: string;
  helpful: boolean;
  text: string;
  /** The reader's address, only when they ticked "You may contact me". */
  contact: string | null;
  /** `YYYY-MM-DD` of the answer. */
  day: string;
}

export interface SearchInsight {
  query: string;
  searches: number;
  trend: Trend;
  /** Searches that found nothing. */
  noResults: number;
  /** Searches that found something, of which nothing was opened. */
  nothingOpened: number;
  /** The mean rank of the results opened (1: the first), or null when none was. */
  meanRankOpened: number | null;
}

export interface InsightsReport {
  version: string;
  section: string | null;
  days: number;
  /** `YYYY-MM-DD` of the period's first and last day (UTC). */
  from: string;
  to: string;
  totals: {reads: Trend; searches: Trend; helpful: number; unhelpful: number};
  /** Most read first. */
  topPages: PageInsight[];
  /** Most "no" answers first. */
  unhelpfulPages: PageInsight[];
  /** Newest first. */
  comments: FeedbackComment[];
  topSearches: SearchInsight[];
  noResultSearches: SearchInsight[];
  nothingOpenedSearches: SearchInsight[];
  /** Reports the gate dropped in the period (flood caps, a database that did not answer), so that gaps are known. */
  dropped: number;
}

/** GET: 204 when this reader may open INSIGHTS_PAGE (the account menu then links to it), 200 `{insights: false}` otherwise. */
export const INSIGHTS_ACCESS = `${API_PREFIX}insights/access`;

/** How many rows each list of the report holds at most. */
export const REPORT_ROWS = 25;

/**
 * Where each page of a build is, for the gate (the build writes it beside its map: SITE_PLACES of
 * contracts/buildLayout.ts): the docs' versions by their paths, and the search sections. A report is filed
 * under its page's version and section.
 */
export interface SitePlaces {
  /** Docusaurus's versions: name (`current`, `1.0`) and path (`/`, `/1.0`). */
  versions: {name: string; path: string}[];
  sections: SearchSection[];
}

/** A page's version (the one whose path holds it most closely) and section path ('' for none); null outside every version. */
export function placeOf(pathname: string, {versions, sections}: SitePlaces): {version: string; section: string} | null {
  const within = (path: string) => path === '/' || pathname === path || pathname.startsWith(`${path}/`);
  const version = versions.filter(({path}) => within(path)).sort((a, b) => b.path.length - a.path.length)[0];
  if (version === undefined) return null;
  const inVersion = sections.filter((section) => versionOfSection(section, versions) === version.name);
  return {version: version.name, section: sectionOf('/', pathname, inVersion)?.path ?? ''};
}

/** The version a section belongs to: the one whose path holds the section's most closely. */
export function versionOfSection(section: SearchSection, versions: SitePlaces['versions']): string | undefined {
  const where = `/${section.pages?.[0] ?? section.path}`;
  return versions
    .filter(({path}) => path === '/' || where === path || where.startsWith(`${path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.name;
}
