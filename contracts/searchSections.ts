/**
 * The top-level sections of each docs version, as search knows them: the box puts answers from the
 * reader's own section first, and the search page can keep to one. Found on disk by the search
 * plugin's options (plugins/search/sections.ts); this file holds the rules the site, the build and
 * the tests share.
 */

export interface SearchSection {
  /**
   * Path below the base URL, without slashes at either end: `Reference`, `1.0/tutorial-basics`. A
   * section with `pages` is no folder: its path only names it (`30.0/guides`, from its label).
   */
  path: string;
  /** The sidebar label with its version: `Tutorial - Basics (1.0)`. */
  label: string;
  /** A sidebar category over flat folders: its pages (paths below the base URL), as its path holds nothing. */
  pages?: readonly string[];
}

/** The search plugin's name for Docusaurus: the site reads its global data with `usePluginData(SEARCH_PLUGIN_NAME)`. */
export const SEARCH_PLUGIN_NAME = 'tutorial-hub-search';

/** What the search plugin gives the site: the sections of every version. */
export interface SearchGlobalData {
  sections: SearchSection[];
}

/** Whether a page (path below the base URL, no slashes at either end) is in a section. */
export function holds(section: SearchSection, relative: string): boolean {
  return section.pages ? section.pages.includes(relative) : isWithin(relative, section.path);
}

/** Whether a path below the base URL (no slashes at either end) is within a prefix of the same kind ('' holds everything). */
export function isWithin(relative: string, prefix: string): boolean {
  return prefix === '' || relative === prefix || relative.startsWith(`${prefix}/`);
}

/** A page's address below the base URL, without slashes at either end; null when the page is not under the base URL. */
export function belowBase(baseUrl: string, pathname: string): string | null {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const full = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return full.startsWith(base) ? full.slice(base.length).replace(/\/+$/, '') : null;
}

/** The section a page is in (of those that hold it, the one with the longest path), or undefined. */
export function sectionOf(baseUrl: string, pathname: string, sections: readonly SearchSection[]): SearchSection | undefined {
  const relative = belowBase(baseUrl, pathname);
  if (relative === null) return undefined;
  let best: SearchSection | undefined;
  for (const section of sections) {
    if (holds(section, relative) && (!best || section.path.length > best.path.length)) best = section;
  }
  return best;
}
