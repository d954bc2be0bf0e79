/**
 * The search indexes of a build, named as the search plugin writes them into each version's folder
 * (`search-index{dir}.json`), with the outline our patch adds (patches/README.md). The site, the
 * precompression policy, the tests and the benchmarks take the names from here.
 */

/** A version's whole index: every page of the version. */
export const WHOLE_INDEX = 'search-index.json';
/** Its outline: the same pages' titles and headings, which the search box loads first. */
export const OUTLINE_INDEX = 'search-index.outline.json';

/** A section's index: its search context's path, below the base URL, with dashes for slashes. */
export function sectionIndex(context: string): string {
  return `search-index-${context.replace(/\//g, '-')}.json`;
}

/** Whether a build file (any folder, either slash) is one of the indexes. */
export function isSearchIndex(file: string): boolean {
  return /(?:^|[\\/])search-index[^\\/]*\.json$/.test(file);
}
