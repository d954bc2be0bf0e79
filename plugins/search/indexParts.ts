/**
 * Splits a version's search index, as the search plugin builds it (five lunr indexes: titles,
 * headings, descriptions, keywords, section texts), into the parts the site serves: a manifest with
 * the version's terms and pages, term parts (which documents hold each term, with lunr's BM25 weight:
 * b 0.75, k1 1.2) and document parts (what a suggestion shows). A query then loads the parts of its
 * own terms and of the documents it shows, not the whole index: Pagefind's way of staying small at
 * any size of site.
 */
import {createHash} from 'node:crypto';
import {DOC_KINDS, DocKind, type DocPart, type IndexedDoc, type SearchManifest, type TermPart} from '../../shared/searchIndexFiles';

/** A document as the plugin writes it. */
export interface PluginDoc {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  b?: string[];
  s?: string;
}

/** lunr's serialised index, with the parts read here. */
export interface SerialisedLunrIndex {
  fieldVectors: [string, number[]][];
  invertedIndex: [string, {_index: number; [field: string]: unknown}][];
}

export type PluginIndex = {documents: PluginDoc[]; index: SerialisedLunrIndex}[];

export interface IndexParts {
  manifest: SearchManifest;
  /** Part name (its content's hash) → its JSON. */
  parts: Map<string, string>;
}

/** Raw bytes a part aims at: a query for one word loads one or two of them (single terms may exceed it). */
export const TERM_PART_BYTES = 32 * 1024;
export const DOC_PART_BYTES = 24 * 1024;
/** What a suggestion shows of a section is its first match in context: the rest of a long section is never shown. */
export const MAX_DOC_TEXT = 1200;

function partName(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

const weight = (score: number) => Math.round(score * 1000) / 1000;

/** Groups items into runs whose JSON stays near `budget` bytes (an item larger than that is a run of its own). */
function runsOf<T>(items: readonly T[], budget: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (run.length > 0 && bytes + size > budget) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

function asIndexedDoc(kind: DocKind, doc: PluginDoc): IndexedDoc {
  const text = kind === DocKind.Content && doc.t.length > MAX_DOC_TEXT ? `${doc.t.slice(0, MAX_DOC_TEXT)}…` : doc.t;
  return {
    k: kind,
    t: text,
    ...(doc.h ? {h: doc.h} : {}),
    ...(kind === DocKind.Content && doc.s ? {s: doc.s} : {}),
    ...(kind === DocKind.Title && doc.b && doc.b.length > 0 ? {b: doc.b} : {}),
  };
}

export interface PartSizes {
  termPartBytes: number;
  docPartBytes: number;
}

export function splitIndex(index: PluginIndex, {termPartBytes, docPartBytes}: PartSizes = {termPartBytes: TERM_PART_BYTES, docPartBytes: DOC_PART_BYTES}): IndexParts {
  const parts = new Map<string, string>();
  const store = (json: string) => {
    const name = partName(json);
    parts.set(name, json);
    return name;
  };

  // Number the documents page by page: a page's title, then the rest of its documents by kind.
  const titles = index[DocKind.Title]?.documents ?? [];
  const byPage = new Map<number, {kind: DocKind; doc: PluginDoc}[]>();
  for (const title of titles) byPage.set(title.i, [{kind: DocKind.Title, doc: title}]);
  for (let kind = 1 as DocKind; kind < DOC_KINDS; kind++) {
    for (const doc of index[kind]?.documents ?? []) {
      if (doc.p !== undefined) byPage.get(doc.p)?.push({kind, doc});
    }
  }
  const numberOf = new Map<string, number>();
  const key = (kind: number, id: number | string) => `${kind}:${id}`;
  const pageDocs: IndexedDoc[][] = [];
  const pages: SearchManifest['pages'] = {urls: [], first: []};
  let next = 0;
  for (const title of titles) {
    const docs = byPage.get(title.i) ?? [];
    pages.urls.push(title.u);
    pages.first.push(next);
    pageDocs.push(docs.map(({kind, doc}) => asIndexedDoc(kind, doc)));
    for (const {kind, doc} of docs) numberOf.set(key(kind, doc.i), next++);
  }

  const docParts: SearchManifest['docParts'] = {first: [], names: []};
  let firstDoc = 0;
  for (const run of runsOf(pageDocs, docPartBytes)) {
    const docs = run.flat();
    const part: DocPart = {first: firstDoc, docs};
    docParts.first.push(firstDoc);
    docParts.names.push(store(JSON.stringify(part)));
    firstDoc += docs.length;
  }

  // Every term of the five indexes, with its documents and weights per kind.
  const postingsOf = new Map<string, number[][]>();
  index.forEach(({index: lunrIndex}, kind) => {
    const vectors = new Map(lunrIndex.fieldVectors.map(([ref, vector]) => [ref.slice(ref.indexOf('/') + 1), vector]));
    for (const [term, entry] of lunrIndex.invertedIndex) {
      const refs = Object.keys((entry.t ?? {}) as Record<string, unknown>);
      if (refs.length === 0) continue;
      let postings = postingsOf.get(term);
      if (!postings) {
        postings = Array.from({length: DOC_KINDS}, () => []);
        postingsOf.set(term, postings);
      }
      const flat = postings[kind]!;
      const found: [number, number][] = [];
      for (const ref of refs) {
        const doc = numberOf.get(key(kind, ref));
        const vector = vectors.get(ref);
        if (doc === undefined || !vector) continue;
        let score = 0;
        for (let i = 0; i < vector.length; i += 2) {
          if (vector[i] === entry._index) {
            score = vector[i + 1]!;
            break;
          }
        }
        found.push([doc, weight(score)]);
      }
      found.sort((a, b) => a[0] - b[0]);
      for (const [doc, score] of found) flat.push(doc, score);
    }
  });
  const terms = [...postingsOf.keys()].sort();
  const termParts: SearchManifest['termParts'] = {first: [], names: []};
  let firstTerm = 0;
  for (const run of runsOf(
    terms.map((term) => postingsOf.get(term)!),
    termPartBytes,
  )) {
    const part: TermPart = {first: firstTerm, postings: run};
    termParts.first.push(firstTerm);
    termParts.names.push(store(JSON.stringify(part)));
    firstTerm += run.length;
  }

  return {manifest: {format: 1, terms, termParts, docParts, pages}, parts};
}
