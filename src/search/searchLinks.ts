/** The links under the box's suggestions to the search page (its address: searchPageAddress.ts). */
import {searchPageUrl, type SearchPageAddress} from './searchPageAddress';

export interface FooterInput extends Pick<SearchPageAddress, 'query' | 'version'> {
  /** The reader's section, with its label. */
  readerSection?: {path: string; label: string};
  /** The answer shown for this query, if any: how many of its suggestions are in the reader's section. */
  answered?: {shown: number; inSection: number};
}

/**
 * The links under the box's suggestions (the specification's three): "See all results" of the
 * version; on a page in a section, "within" it; or, when every answer shown lies elsewhere,
 * "outside" it (the version's, which is where they are). None when nothing was found: they would
 * lead to the same nothing, and the status offers the way on instead (noResults.ts).
 */
export function footerLinks(baseUrl: string, {readerSection, answered, ...link}: FooterInput): {label: string; href: string}[] {
  if (answered?.shown === 0) return [];
  const all = searchPageUrl(baseUrl, link);
  if (!readerSection) return [{label: 'See all results', href: all}];
  if (answered && answered.shown > 0 && answered.inSection === 0) {
    return [{label: `See all results outside "${readerSection.label}"`, href: all}];
  }
  return [
    {label: 'See all results', href: all},
    {label: `See all results within "${readerSection.label}"`, href: searchPageUrl(baseUrl, {...link, section: readerSection.path})},
  ];
}

/**
 * The page a search link opens, without its query and anchor: what its code is prefetched by. An
 * answer's address carries the words typed (`?_highlight=`) and its section (`#…`), so every key gives
 * its links new addresses for the same few pages.
 */
export function pageOf(href: string): string {
  return href.replace(/[?#].*$/, '');
}

/** A click the app takes over (a plain primary click): any other opens the link as the browser does (react-router's rule). */
export function isPlainClick(event: {button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean}): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
