/**
 * What the not-found page offers a reader who followed a broken or mistyped link: the version the
 * address was in (its first page is a way on) and the words of the address's last segment (the page's
 * own name), searched as the box searches them. The page is the same file for a page that does not exist and one the reader may not
 * open (the gate sends both alike); what it finds comes from the reader's own index, in their browser.
 */
import {belowBase} from '../../contracts/searchSections';
import {readerVersion, type ScopeVersion} from '../search/searchScope';

/** Enough words to find a page by its address; more are a pasted address, not a title. */
export const MAX_ADDRESS_WORDS = 6;

/** Segments that say where a page is, not what it is about. */
const NOT_TOPICS = new Set(['category', 'index', 'html', 'md', 'mdx']);

/** The words of an address below its version's route: `/1.0/tutorial-basics/create_a-Page.html` → `tutorial basics create a page`. */
export function wordsOfAddress(relative: string): string {
  let decoded = relative;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    // A malformed escape: the address as typed still has its words.
  }
  const words = decoded
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !NOT_TOPICS.has(word) && !/^\d+$/.test(word));
  return [...new Set(words)].slice(0, MAX_ADDRESS_WORDS).join(' ');
}

export interface NotFoundHelp {
  /** The version whose route holds the address (the newest for an address outside every version). */
  version: ScopeVersion;
  /** The words to search for; '' when the address has none. */
  query: string;
}

export function notFoundHelp(baseUrl: string, pathname: string, versions: readonly ScopeVersion[]): NotFoundHelp {
  const version = readerVersion({baseUrl, pathname, versions, onDocPage: true, preferredVersionName: null});
  const relative = belowBase(baseUrl, pathname) ?? '';
  const route = belowBase(baseUrl, version.path) ?? '';
  const below = route !== '' && (relative === route || relative.startsWith(`${route}/`)) ? relative.slice(route.length) : relative;
  // The last segment names the page; the folders above it name its section, whose words the page may not hold.
  const segments = below.split('/').filter(Boolean);
  return {version, query: wordsOfAddress(segments.at(-1) ?? '') || wordsOfAddress(below)};
}
