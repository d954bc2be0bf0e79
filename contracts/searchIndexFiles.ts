/**
 * The search index as the site builds and serves it (plugins/search): per version, a small manifest
 * at a fixed address beside the version's pages, naming content-hashed parts under /assets that a
 * query loads only when it needs them (the terms it searches, the documents it shows). The build
 * plugin, the search worker, the precompression policy, the tests and the benchmarks take the names
 * and the format from here.
 */

/** The search page (plugins/search adds its route). Not in contracts/paths.ts, which the public login page bundles: a stranger learns nothing of the site's pages. */
export const SEARCH_PATH = '/search';

/** A version's manifest, in the version's folder (`/search-index.manifest.json`, `/1.0/search-index.manifest.json`). */
export const MANIFEST_FILE = 'search-index.manifest.json';
/** The folder below the site's root that holds every version's parts, named by their content's hash. */
export const PARTS_DIR = 'assets/search-index';

/** The address of a part, from the manifest's name for it. */
export function partUrl(baseUrl: string, name: string): string {
  return `${baseUrl}${PARTS_DIR}/${name}.json`;
}

/** Whether a build file (any folder, either slash) belongs to the search index: a manifest, a part, or one of the plugin's own files. */
export function isSearchIndex(file: string): boolean {
  return /(?:^|[\\/])search-index(?:[^\\/]*\.json$|[\\/][^\\/]+\.json$)/.test(file);
}

/** What a document of the index is, in the order of the specification's ranking weights. */
export const DocKind = {Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4} as const;
export type DocKind = (typeof DocKind)[keyof typeof DocKind];
export const DOC_KINDS = 5;

/**
 * A version's manifest: what a query needs before it knows which parts to load. It grows with the
 * number of parts and pages, not with the vocabulary: the terms live in the term parts. Documents are
 * numbered page by page (a page's title first, then its headings, description, keywords and
 * sections), so a page's documents are one range of numbers and a document part never splits a page.
 */
export interface SearchManifest {
  format: 3;
  /** Term parts, in term order: the first term of each, its name, and its size (raw bytes). */
  termParts: {first: string[]; names: string[]; bytes: number[]};
  /** Document parts: the first document of each, and its name. */
  docParts: {first: number[]; names: string[]};
  /** Each page's first document, and its section (an index into `sections`; -1 for none). */
  pages: {first: number[]; section: number[]};
  /** The version's sections (paths below the base URL) that hold pages. */
  sections: string[];
  /** How many documents it numbers: the documents of its partitions are numbered after these. */
  docs?: number;
  /**
   * The version's pages that only some of its readers may see, each group in an index of its own, with
   * its own statistics (plugins/search/partitions.ts). In the file, each is marked for the gate
   * (contracts/audienceMarkers.ts): a reader's copy holds only theirs, and the numbers of the others.
   */
  partitions?: SearchManifest[];
}

/**
 * A term part: its terms (lunr's pipeline made them: trimmed, stemmed; sorted) and, for each, per
 * document kind, the documents that hold it with the term's frequency in each, normalised by how long
 * that kind of text is on the document's page (indexWriter.ts): `[doc, frequency, doc, frequency, …]`.
 */
export interface TermPart {
  terms: string[];
  postings: number[][][];
}

/** A document as a suggestion shows it. */
export interface IndexedDoc {
  /** Its kind (DocKind). */
  k: DocKind;
  /** Its text: the page's title, a heading, the description, the keywords or a section's text. */
  t: string;
  /** Title: the page's address. */
  u?: string;
  /** The anchor it sits under (`#install`), if not the page's top. */
  h?: string;
  /** Content: the heading of its section. */
  s?: string;
  /** Title: the page's breadcrumbs (the sidebar categories above it). */
  b?: string[];
}

export interface DocPart {
  first: number;
  docs: IndexedDoc[];
}
