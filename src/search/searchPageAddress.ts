/**
 * The search page's address, `/search?q=…&version=…&ctx=…&more=…`, in one place, as Docusaurus's
 * `useSearchPage` keeps its own: read (parseSearchPageAddress), written (searchPageUrl, searchPageSearch),
 * changed by the page's controls (changeSearchPageAddress), and what it searches (searchPageScope).
 * The page, the box's "See all results" links, the other-version hint and the not-found page all go
 * through it. `ctx` is the section's parameter: links already out there name it so.
 */
import {MAX_QUERY_LENGTH} from './engine/queryTerms';
import {belowBase, type SearchSection} from '../../contracts/searchSections';
import {lastVersion, sectionsOfVersion, versionHolding, versionUrlOf, type ScopeVersion, type SearchScope} from './searchScope';

/** The parameters' names in the address. */
const PARAM = {query: 'q', version: 'version', section: 'ctx', more: 'more'} as const;

/** "Show more results" pressed more often than this is read as this (a thousand answers at 20 a page). */
export const MAX_MORE = 50;

export interface SearchPageAddress {
  query: string;
  /** As written: the version's folder below the base URL (`1.0/`), or its name or label; null when not given (the reader's chosen version is searched). */
  version: string | null;
  /** A section's path below the base URL (`1.0/tutorial-basics`); '' for the whole version. */
  section: string;
  /** How many times the reader asked for more answers than the first ones. */
  more: number;
}

export const EMPTY_ADDRESS: SearchPageAddress = {query: '', version: null, section: '', more: 0};

/** The address's parameters (`?q=…`): what is missing or malformed reads as not given; the query is cut where the box cuts it. */
export function parseSearchPageAddress(search: string): SearchPageAddress {
  const params = new URLSearchParams(search);
  const version = params.get(PARAM.version)?.trim() ?? '';
  const more = params.get(PARAM.more) ?? '';
  return {
    query: (params.get(PARAM.query) ?? '').slice(0, MAX_QUERY_LENGTH),
    version: version === '' ? null : version,
    section: params.get(PARAM.section) ?? '',
    more: /^\d{1,6}$/.test(more) ? Math.min(Number(more), MAX_MORE) : 0,
  };
}

/** The query string of an address (without `?`), naming only what differs from the page's defaults. */
export function searchPageSearch({query, version, section, more}: Partial<SearchPageAddress>): string {
  const params = new URLSearchParams({[PARAM.query]: query ?? ''});
  if (section) params.set(PARAM.section, section);
  if (version) params.set(PARAM.version, version);
  if (more) params.set(PARAM.more, String(more));
  return params.toString();
}

/** A link to the search page. */
export function searchPageUrl(baseUrl: string, address: Partial<SearchPageAddress>): string {
  return `${baseUrl}search?${searchPageSearch(address)}`;
}

/** A version as the page's controls name it: its `version` parameter (searchScope.ts, versionParamOf). */
export interface VersionChoice {
  param: string;
}

/**
 * What the page's controls do to its address. Each starts again at the first answers but "more". A
 * version chosen on the page is named in the address, the one at the root by its label: an address
 * without one searches the version the reader prefers, which may be another. A section belongs to one
 * version: choosing one (or the whole version, '') names that version too, so that the address never
 * says one version and searches another. Another version has sections of its own: choosing it searches
 * the whole of it.
 */
export type AddressChange = {query: string} | {version: VersionChoice} | {section: string; version: VersionChoice} | {more: 'one more'};

export function changeSearchPageAddress(address: SearchPageAddress, change: AddressChange): SearchPageAddress {
  if ('more' in change) return {...address, more: Math.min(address.more + 1, MAX_MORE)};
  if ('query' in change) return {...address, query: change.query.slice(0, MAX_QUERY_LENGTH), more: 0};
  const version = change.version.param;
  if ('section' in change) return {...address, section: change.section, version, more: 0};
  return {...address, version, section: '', more: 0};
}

export interface SearchPageSite {
  baseUrl: string;
  versions: readonly ScopeVersion[];
  sections: readonly SearchSection[];
  /** The version the reader last chose in the version menu, if any: searched when the address names none. */
  preferredVersionName?: string | null;
}

export interface SearchPageScope extends SearchScope {
  /** What the "Search in" menu offers: the sections of the version searched. */
  sections: SearchSection[];
  /** Why the page searches something other than what its address asked for, as a sentence; null when it does not. */
  notice: string | null;
}

/** The version `version` names: its folder below the base URL (with or without slashes), its name or its label. */
function namedVersion(baseUrl: string, written: string, versions: readonly ScopeVersion[]): ScopeVersion | undefined {
  const folder = written.replace(/^\/+|\/+$/g, '');
  return versions.find(
    (candidate) =>
      belowBase(baseUrl, versionUrlOf(baseUrl, candidate)) === folder || candidate.name === folder || candidate.label === folder,
  );
}

/**
 * What the address searches. `ctx` names a section, which also decides the version: a `version` that
 * names another is not dropped silently, the page says which it searches and why. Neither given, the
 * reader's preferred version. A parameter that names nothing is ignored, and the page says so.
 */
export function searchPageScope(address: SearchPageAddress, site: SearchPageSite): SearchPageScope {
  const {baseUrl, versions, sections} = site;
  const notices: string[] = [];
  let version = address.version === null ? undefined : namedVersion(baseUrl, address.version, versions);
  if (address.version !== null && !version) {
    notices.push(`There is no version “${address.version.replace(/^\/+|\/+$/g, '')}” of these docs.`);
  }
  const named = address.section === '' ? undefined : sections.find((candidate) => candidate.path === address.section);
  if (named) {
    const sectionVersion = versionHolding(baseUrl, named.path, versions);
    if (version && sectionVersion && sectionVersion !== version) {
      notices.push(`The section “${named.label}” is in version ${sectionVersion.label}, not ${version.label}.`);
    }
    version = sectionVersion ?? version;
  } else if (address.section !== '') {
    notices.push(`There is no section “${address.section}” of these docs.`);
  }
  version ??= versions.find((candidate) => candidate.name === site.preferredVersionName) ?? lastVersion(versions);
  if (notices.length > 0) {
    notices.push(named ? `Showing results from ${named.label}.` : `Showing results from all of version ${version.label}.`);
  }
  return {
    version,
    versionUrl: versionUrlOf(baseUrl, version),
    section: named?.path ?? '',
    sections: sectionsOfVersion(baseUrl, version, versions, sections),
    notice: notices.length > 0 ? notices.join(' ') : null,
  };
}
