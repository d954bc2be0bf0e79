/**
 * The top-level sections of each docs version, as search knows them: the box puts answers from the
 * reader's own section first, and the search page can keep to one. Found on disk by the search
 * plugin's options (plugins/search/sections.ts); this file holds the rules the site, the build and
 * the tests share.
 */

export interface SearchSection {
  /** Path below the base URL, without slashes at either end: `Reference`, `1.0/tutorial-basics`. */
  path: string;
  /** The sidebar label with its version: `Tutorial - Basics (1.0)`. */
  label: string;
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

/** The section a page is in (the longest section path that holds it), or undefined. */
export function sectionOf(baseUrl: string, pathname: string, sections: readonly SearchSection[]): SearchSection | undefined {
  const relative = belowBase(baseUrl, pathname);
  if (relative === null) return undefined;
  let best: SearchSection | undefined;
  for (const section of sections) {
    if (isWithin(relative, section.path) && (!best || section.path.length > best.path.length)) best = section;
  }
  return best;
}
