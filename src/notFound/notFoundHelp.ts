/**
 * What the not-found page offers a reader who followed a broken or mistyped link: the version the
 * address was in (its first page is a way on), the same page in the reader's other versions, and the
 * words of the address's last segment (the page's own name), searched as the box searches them. The page
 * is the same file for a page that does not exist and one the reader may not open (the gate sends both
 * alike); what it finds comes from the reader's own copy of the docs' data and of the index, in their browser.
 */
import {canonicalPath} from '../../contracts/paths';
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

/** The address's version (readerVersion's), and the address below that version's route, without slashes at its ends. */
function placeOf(baseUrl: string, pathname: string, versions: readonly ScopeVersion[]): {version: ScopeVersion; below: string} {
  const version = readerVersion({baseUrl, pathname, versions, onDocPage: true, preferredVersionName: null});
  const relative = belowBase(baseUrl, pathname) ?? '';
  const route = belowBase(baseUrl, version.path) ?? '';
  const below = route !== '' && (relative === route || relative.startsWith(`${route}/`)) ? relative.slice(route.length) : relative;
  return {version, below: below.replace(/^\/+/, '')};
}

export function notFoundHelp(baseUrl: string, pathname: string, versions: readonly ScopeVersion[]): NotFoundHelp {
  const {version, below} = placeOf(baseUrl, pathname, versions);
  // The last segment names the page; the folders above it name its section, whose words the page may not hold.
  const segments = below.split('/').filter(Boolean);
  return {version, query: wordsOfAddress(segments.at(-1) ?? '') || wordsOfAddress(below)};
}

/** A version with its docs, as the reader's copy of the docs' global data lists them (the gate leaves out what they may not read). */
export interface VersionWithDocs extends ScopeVersion {
  docs: readonly {path: string; unlisted?: boolean}[];
}

/** An address as the docs name it: decoded where it can be, in the site's canonical spelling. */
function comparable(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape names no doc's path.
  }
  return canonicalPath(decoded);
}

/**
 * The same page in the reader's other versions: the address below its version's route, under each other
 * version's route, where the reader's data has a doc (not an unlisted one: it is not to be found but by its
 * address). `/1.0/x` finds `/x` of the version at the root, and `/x` finds `/1.0/x`. Only the reader's own
 * data is asked, so a page they may not read, or a version they may not read, is never named.
 */
export function samePageElsewhere(
  baseUrl: string,
  pathname: string,
  versions: readonly VersionWithDocs[],
): {label: string; path: string}[] {
  const {below} = placeOf(baseUrl, pathname, versions);
  if (below === '') return [];
  const address = comparable(pathname);
  return versions.flatMap((version) => {
    const route = belowBase(baseUrl, version.path) ?? '';
    const candidate = comparable(`${baseUrl}${route}/${below}`);
    const doc = version.docs.find((found) => !found.unlisted && comparable(found.path) === candidate);
    return doc && candidate !== address ? [{label: version.label, path: doc.path}] : [];
  });
}
