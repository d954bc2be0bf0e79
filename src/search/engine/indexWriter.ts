/**
 * Splits a version's search index, as the search plugin builds it (five lunr indexes: titles,
 * headings, descriptions, keywords, section texts), into the parts the site serves: a manifest (where
 * each part starts, each page's first document and section), term parts (the terms in order, which
 * documents hold each, with its frequency there normalised by the length of that field of the page:
 * BM25F's half that needs the whole version) and document parts (what a suggestion
 * shows). A query then loads the parts of its own terms and of the documents it shows, not the whole
 * index: Pagefind's way of staying small at any size of site. The build's half of the format
 * (plugins/search runs it); the browser's half is its reader, versionIndex.ts.
 */
import {createHash} from 'node:crypto';
import lunr from 'lunr';
import {DOC_KINDS, DocKind, type DocPart, type IndexedDoc, type SearchManifest, type TermPart} from '../../../contracts/searchIndexFiles';
import {lunrRules} from './lunrRules';
import {LENGTH_NORMALISATION, SUBWORD_WEIGHT} from './weights';
import {segmentsOf, type TextRules} from './queryTerms';
import {runOf} from './rank';
import {sectionOf, type SearchSection} from '../../../contracts/searchSections';

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

/** A lunr index of one kind of document, as the search plugin builds it (English pipeline, ref `i`, field `t`). */
export function lunrIndexOf(documents: readonly PluginDoc[]): SerialisedLunrIndex {
  return lunr(function () {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const doc of documents) this.add({...doc, i: String(doc.i)});
  }).toJSON() as unknown as SerialisedLunrIndex;
}

/**
 * The page documents titled as each page shows its title (plugins/search: the Markdown title at its top, else
 * the front matter's or the file's name, as Docusaurus heads the page), before they are indexed. The plugin takes
 * the first <h1> in the page, and docs written for GitHub often open with an HTML banner (`<h1>Project</h1>`):
 * every such page would be titled alike, and found by none of its title's words.
 */
export function withDocTitles(pageTitles: readonly PluginDoc[], titles: ReadonlyMap<string, string>): PluginDoc[] {
  return pageTitles.map((doc) => {
    const title = titles.get(doc.u);
    return title === undefined || title === doc.t ? doc : {...doc, t: title};
  });
}

function partName(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

/** Two decimals tell frequencies apart well enough, in fewer bytes. */
const weight = (frequency: number) => Math.round(frequency * 100) / 100;

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
    ...(kind === DocKind.Title ? {u: doc.u} : {}),
    ...(doc.h ? {h: doc.h} : {}),
    ...(kind === DocKind.Content && doc.s ? {s: doc.s} : {}),
    ...(kind === DocKind.Title && doc.b && doc.b.length > 0 ? {b: doc.b} : {}),
  };
}

/** A name written as one: camelCase, PascalCase, ALLCAPSName. */
const CAMEL = /[a-z][A-Z]|[A-Z]{2}[a-z]/;

/**
 * Joined-up names in a text with the index terms of the words inside them: the words punctuation joins
 * (`sidebar_position`, `mockFn.mockResolvedValue(value)`, `localhost:3000`: queryTerms.ts's segmentsOf,
 * which splits a query alike). In a title or heading (`heading`), also the words of a camel-cased name
 * (`ContentTypeParser`) and a two-word name without its punctuation ("http2" finds `HTTP/2`, "nodejs"
 * `Node.js`); not in running text and code, where every `JavaScript` would make a page about scripts.
 */
export function joinedNames(
  text: string,
  rules: TextRules,
  {heading = true}: {heading?: boolean} = {},
): {whole: string; parts: string[]}[] {
  const names: {whole: string; parts: string[]}[] = [];
  for (const token of text.split(/[\s-]+/)) {
    const trimmed = rules.trim(token);
    const segments = segmentsOf(trimmed);
    const words = heading ? (segments.length > 0 ? segments : [trimmed]) : [];
    // A query splits at punctuation alike, down to a single letter; a camel case's one-letter part (`getX`) is no word.
    const camelWords = words
      .filter((word) => CAMEL.test(word))
      .flatMap((word) => word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [])
      .filter((word) => word.length > 1);
    const unpunctuated = heading && segments.length === 2 ? [segments.join('')] : [];
    if (segments.length === 0 && camelWords.length === 0) continue;
    const whole = rules.stem(trimmed.toLowerCase());
    const parts = [...segments, ...unpunctuated, ...camelWords]
      .map((word) => word.toLowerCase())
      .filter((word) => !rules.isStopWord(word))
      .map((word) => rules.stem(word))
      .filter((word) => word !== '' && word !== whole);
    if (parts.length > 0) names.push({whole, parts: [...new Set(parts)]});
  }
  return names;
}

/** The sections a page needs to be taken for a partial when another page holds them all. */
const MIN_PARTIAL_SECTIONS = 2;

type PageEntry = {kind: DocKind; doc: PluginDoc};

/**
 * The documents a page holds because it embeds another doc page (an MDX import of `./checklist.md`):
 * the other page's every section (heading and text, at the same anchor) is in it, and it has
 * sections of its own besides. Per embedding page, its entries that are copies; the embedded page keeps its own.
 */
export function embeddedCopies(pages: ReadonlyMap<number, readonly PageEntry[]>): Map<number, Set<PageEntry>> {
  const sectionsOf = (entries: readonly PageEntry[]) =>
    entries.filter(({kind, doc}) => (kind === DocKind.Heading || kind === DocKind.Content) && doc.h);
  const signature = ({kind, doc}: PageEntry) => `${kind}\0${doc.h}\0${doc.t}`;
  const holders = new Map<string, Set<number>>();
  for (const [page, entries] of pages) {
    for (const entry of sectionsOf(entries)) {
      const key = signature(entry);
      const holding = holders.get(key) ?? new Set<number>();
      holders.set(key, holding.add(page));
    }
  }
  const copies = new Map<number, Set<PageEntry>>();
  for (const [page, entries] of pages) {
    const own = sectionsOf(entries);
    // A page of one section shares it by chance as often as by import ("Next steps" and a line): a partial has several.
    if (new Set(own.map(({doc}) => doc.h)).size < MIN_PARTIAL_SECTIONS) continue;
    const signatures = new Set(own.map(signature));
    // The pages that hold every section of this one, and more.
    const embedding = [...holders.get(signature(own[0]!))!].filter(
      (other) =>
        other !== page &&
        own.every((entry) => holders.get(signature(entry))!.has(other)) &&
        sectionsOf(pages.get(other)!).some((entry) => !signatures.has(signature(entry))),
    );
    for (const other of embedding) {
      const copied = copies.get(other) ?? new Set<PageEntry>();
      for (const entry of sectionsOf(pages.get(other)!)) if (signatures.has(signature(entry))) copied.add(entry);
      copies.set(other, copied);
    }
  }
  return copies;
}

export interface SplitOptions {
  /** The site's base URL, and its search sections (paths below it): each page is told its section. */
  baseUrl: string;
  sections: readonly SearchSection[];
  termPartBytes?: number;
  docPartBytes?: number;
  rules?: TextRules;
}

/** A serialised index entry's documents, each with the positions of the term in it (the plugin keeps them). */
type EntryDocs = Record<string, {position?: unknown[]}>;

/**
 * Every term of the five indexes with its postings per kind: the documents (by their number in the
 * split index, `numberOf`; a document left out has none) and the term's frequency in each, divided by
 * how long that kind of text is on the document's page against other pages (BM25F's normalised
 * frequency): a page's documents of a kind add up to the page's own field, which the engine scores.
 */
function termPostings(
  index: PluginIndex,
  numberOf: (kind: number, id: number | string) => number | undefined,
  pageOf: (doc: number) => number,
  rules: TextRules,
): Map<string, number[][]> {
  const found = new Map<string, [number, number][][]>();
  const add = (term: string, kind: number, doc: number, frequency: number) => {
    let byKind = found.get(term);
    if (!byKind) found.set(term, (byKind = Array.from({length: DOC_KINDS}, () => [])));
    byKind[kind]!.push([doc, frequency]);
  };
  index.forEach(({documents, index: lunrIndex}, kind) => {
    const frequencies = new Map<string, Map<number, number>>();
    const count = (term: string, doc: number, times: number) => {
      let docs = frequencies.get(term);
      if (!docs) frequencies.set(term, (docs = new Map()));
      docs.set(doc, (docs.get(doc) ?? 0) + times);
    };
    // The words a field holds, as lunr's pipeline left them: its length.
    const lengths = new Map<number, number>();
    for (const [term, entry] of lunrIndex.invertedIndex) {
      for (const [ref, metadata] of Object.entries((entry.t ?? {}) as EntryDocs)) {
        const doc = numberOf(kind, ref);
        if (doc === undefined) continue;
        const times = Math.max(metadata.position?.length ?? 1, 1);
        // lunr 2 keeps a mark between spaces ("Mocking | Guide", "—", "&") as an empty term (its trimmer leaves "",
        // which the pipeline keeps: https://github.com/olivernn/lunr.js/pull/166). No query asks for it: it gets no
        // postings. It still counts in the field's length, as the ranking was measured (not counting it lowered the
        // held-out Jest set: bench/HISTORY.md, issue 58).
        if (term !== '') count(term, doc, times);
        lengths.set(doc, (lengths.get(doc) ?? 0) + times);
      }
    }
    // The words inside a joined-up name find it too: "mockResolvedValue" the heading `mockFn.mockResolvedValue(value)`,
    // "localhost 3000" the text that says `localhost:3000`; in a title or heading also those of "ContentTypeParser".
    const heading = kind === DocKind.Title || kind === DocKind.Heading;
    const subwords = new Map<string, Map<number, number>>();
    for (const doc of documents) {
      const number = numberOf(kind, doc.i);
      if (number === undefined) continue;
      for (const {parts} of joinedNames(doc.t, rules, {heading})) {
        for (const part of parts) {
          let docs = subwords.get(part);
          if (!docs) subwords.set(part, (docs = new Map()));
          docs.set(number, (docs.get(number) ?? 0) + SUBWORD_WEIGHT);
        }
      }
    }
    const pageLengths = new Map<number, number>();
    for (const [doc, length] of lengths) pageLengths.set(pageOf(doc), (pageLengths.get(pageOf(doc)) ?? 0) + length);
    const average = pageLengths.size === 0 ? 1 : [...pageLengths.values()].reduce((sum, length) => sum + length, 0) / pageLengths.size;
    const b = LENGTH_NORMALISATION[kind as DocKind];
    const normalised = (doc: number, times: number) => times / (1 - b + (b * (pageLengths.get(pageOf(doc)) ?? average)) / average);
    for (const [term, docs] of frequencies) for (const [doc, times] of docs) add(term, kind, doc, normalised(doc, times));
    for (const [term, docs] of subwords) for (const [doc, times] of docs) add(term, kind, doc, normalised(doc, times));
  });
  const postingsOf = new Map<string, number[][]>();
  for (const [term, byKind] of found) {
    postingsOf.set(
      term,
      byKind.map((pairs) => {
        // A subword may repeat a whole word's term in a document: their frequencies add up.
        const total = new Map<number, number>();
        for (const [doc, frequency] of pairs) total.set(doc, frequency + (total.get(doc) ?? 0));
        return [...total].sort((a, b) => a[0] - b[0]).flatMap(([doc, frequency]) => [doc, weight(frequency)]);
      }),
    );
  }
  return postingsOf;
}

export function splitIndex(
  index: PluginIndex,
  {baseUrl, sections, termPartBytes = TERM_PART_BYTES, docPartBytes = DOC_PART_BYTES, rules = lunrRules}: SplitOptions,
): IndexParts {
  const parts = new Map<string, string>();
  const store = (json: string) => {
    const name = partName(json);
    parts.set(name, json);
    return name;
  };

  // Number the documents page by page: a page's title, then the rest of its documents by kind.
  const titles = index[DocKind.Title]?.documents ?? [];
  const byPage = new Map<number, PageEntry[]>();
  for (const title of titles) byPage.set(title.i, [{kind: DocKind.Title, doc: title}]);
  for (let kind = 1 as DocKind; kind < DOC_KINDS; kind++) {
    for (const doc of index[kind]?.documents ?? []) {
      if (doc.p !== undefined) byPage.get(doc.p)?.push({kind, doc});
    }
  }
  // A doc embedded in another (a partial) is found on its own page only: the copy's documents are left out.
  for (const [page, copies] of embeddedCopies(byPage))
    byPage.set(
      page,
      byPage.get(page)!.filter((entry) => !copies.has(entry)),
    );
  const numberOf = new Map<string, number>();
  const key = (kind: number, id: number | string) => `${kind}:${id}`;
  const pageDocs: IndexedDoc[][] = [];
  const pages: SearchManifest['pages'] = {first: [], section: []};
  const sectionPaths: string[] = [];
  let next = 0;
  for (const title of titles) {
    const docs = byPage.get(title.i) ?? [];
    const section = sectionOf(baseUrl, title.u, sections)?.path;
    if (section !== undefined && !sectionPaths.includes(section)) sectionPaths.push(section);
    pages.section.push(section === undefined ? -1 : sectionPaths.indexOf(section));
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

  const postingsOf = termPostings(
    index,
    (kind, id) => numberOf.get(key(kind, id)),
    (doc) => runOf(doc, pages.first),
    rules,
  );
  const terms = [...postingsOf.keys()].sort();
  const termParts: SearchManifest['termParts'] = {first: [], names: [], bytes: []};
  for (const run of runsOf(
    terms.map((term) => [term, postingsOf.get(term)!] as const),
    termPartBytes,
  )) {
    const part: TermPart = {terms: run.map(([term]) => term), postings: run.map(([, postings]) => postings)};
    const json = JSON.stringify(part);
    termParts.first.push(part.terms[0]!);
    termParts.names.push(store(json));
    termParts.bytes.push(json.length);
  }

  return {manifest: {format: 3, termParts, docParts, pages, sections: sectionPaths, docs: next}, parts};
}
