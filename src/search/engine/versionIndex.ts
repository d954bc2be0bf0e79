/**
 * One version's search index as the worker holds it: the manifest, and the parts loaded so far.
 * A query loads the term parts of its own words, ranks the pages (rank.ts), then loads the document
 * parts of the answers it shows. A version whose pages have different readers comes in partitions
 * (plugins/search/partitions.ts), of which the reader's manifest lists theirs: they are searched as
 * one index, their documents and pages numbered one partition after another. The build writes the
 * parts with indexWriter.ts, beside this reader.
 */
import {DocKind, partUrl, type DocPart, type IndexedDoc, type SearchManifest, type TermPart} from '../../../contracts/searchIndexFiles';
import {
  expand,
  joinedNamesOf,
  partFor,
  partsForName,
  partsForWord,
  queryWords,
  textWords,
  wholeNameTerms,
  type TextRules,
} from './queryTerms';
import {exactFirst, isExactly, rankPages, runOf, type PageHit, type Postings} from './rank';
import {markWords, snippetOf, type Marked} from './snippet';

export type FetchJson = (url: string) => Promise<unknown>;

/** The specification's limit of the box: pages, whatever their sections under them. An answer shorter than this is filled (rank.ts). */
export const MAX_SUGGESTIONS = 8;

export interface Suggestion {
  /** Where it leads: the page, and the anchor of the heading or section that matched. */
  url: string;
  /** The page's title, its matching words marked. */
  title: Marked;
  /** The sidebar categories above the page. */
  breadcrumbs: string[];
  /** The heading that matched, or the heading of the section whose text matched. */
  heading?: Marked;
  /** The matching text: a stretch of the section, or the page's description. */
  text?: Marked;
  /** Whether it is in the reader's section. */
  inSection: boolean;
  /** More sections of the page that hold the query, best first, each with where it leads: the page's group. */
  more?: SectionHit[];
}

/** A section of a suggestion's page that holds the query too. */
export interface SectionHit {
  url: string;
  heading: Marked;
  text?: Marked;
}

export interface SearchRequest {
  query: string;
  limit: number;
  /** The reader's section (path below the base URL): its pages come first among answers otherwise alike. */
  section?: string;
  /** Only pages within this path below the base URL (the search page's section). */
  within?: string;
  /** How many more of a page's matching sections to show under it (none when absent). */
  more?: number;
}

export interface SearchAnswer {
  suggestions: Suggestion[];
  /** How many pages answer in all (the box shows the first few). */
  total: number;
  /** The query's words as typed, for highlighting on the page a suggestion opens. */
  words: string[];
}

const EMPTY: Postings = [];

interface SectionHitsInput {
  /** The page's other sections' documents, best first. */
  docs: readonly number[];
  /** The anchor the suggestion itself leads to. */
  targetAnchor: string;
  count: number;
  /** The page's address. */
  url: string;
  docAt: (doc: number) => IndexedDoc | undefined;
  mark: (text: string) => Marked;
}

/** A page's other sections, one per anchor (a heading and its text are one section), none at the page's top. */
function sectionHits({docs, targetAnchor, count, url, docAt, mark}: SectionHitsInput): SectionHit[] {
  const byAnchor = new Map<string, {heading?: string; text?: Marked}>();
  for (const doc of docs) {
    const found = docAt(doc);
    if (!found?.h || found.h === targetAnchor) continue;
    let entry = byAnchor.get(found.h);
    if (!entry) byAnchor.set(found.h, (entry = {}));
    if (found.k === DocKind.Heading) entry.heading = found.t;
    if (found.k === DocKind.Content) {
      entry.heading ??= found.s;
      const text = snippetOf(mark(found.t));
      if (text.some((piece) => piece.mark)) entry.text ??= text;
    }
  }
  // Counted once their headings are known: a section without one is no row, and takes no place.
  return [...byAnchor]
    .flatMap(([anchor, {heading, text}]) =>
      heading === undefined ? [] : [{url: `${url}${anchor}`, heading: mark(heading), ...(text ? {text} : {})}],
    )
    .slice(0, count);
}

type LoadedTermPart = TermPart & {at: Map<string, number>};

/** A partition, with where its documents and pages start in the version's numbering. */
interface Partition {
  manifest: SearchManifest;
  firstDoc: number;
  firstPage: number;
}

/** The version's partitions, and what ranking needs of them all: every page's first document and section. */
interface Partitions {
  list: Partition[];
  pageFirstDocs: number[];
  /** Every section path of any partition; each page's section as an index into it (-1: none). */
  sections: string[];
  pageSections: number[];
}

/** The manifest's own partition, then those the reader's copy lists (the gate left out the others; the dev server has none). */
export function partitionsOf(manifest: SearchManifest): Partitions {
  const manifests = [manifest, ...(manifest.partitions ?? []).filter((partition) => typeof partition === 'object')];
  const list: Partition[] = [];
  const pageFirstDocs: number[] = [];
  const sections: string[] = [];
  const pageSections: number[] = [];
  let firstDoc = 0;
  for (const partition of manifests) {
    list.push({manifest: partition, firstDoc, firstPage: pageFirstDocs.length});
    for (const first of partition.pages.first) pageFirstDocs.push(first + firstDoc);
    for (const section of partition.pages.section) {
      const path = partition.sections[section];
      if (path !== undefined && !sections.includes(path)) sections.push(path);
      pageSections.push(path === undefined ? -1 : sections.indexOf(path));
    }
    firstDoc += partition.docs ?? 0;
  }
  return {list, pageFirstDocs, sections, pageSections};
}

export class VersionIndex {
  private manifest: Promise<SearchManifest> | undefined;
  private readonly parts = new Map<string, Promise<unknown>>();

  constructor(
    private readonly manifestUrl: string,
    private readonly baseUrl: string,
    private readonly fetchJson: FetchJson,
    private readonly rules: TextRules,
  ) {}

  /** Loads what every query needs (the manifest), so that the first one waits only for its own parts. */
  prepare(): Promise<SearchManifest> {
    this.manifest ??= this.fetchJson(this.manifestUrl).then(
      (json) => json as SearchManifest,
      (error: unknown) => {
        this.manifest = undefined;
        throw error;
      },
    );
    return this.manifest;
  }

  private part<T>(name: string): Promise<T> {
    let part = this.parts.get(name);
    if (!part) {
      part = this.fetchJson(partUrl(this.baseUrl, name)).catch((error: unknown) => {
        // A part that failed is asked for again by the next query; one that is gone belongs to a build
        // replaced since the manifest was read: the next query reads the new manifest.
        this.parts.delete(name);
        if (error instanceof Error && /HTTP 404/.test(error.message)) {
          this.manifest = undefined;
          this.parts.clear();
        }
        throw error;
      });
      this.parts.set(name, part);
    }
    return part as Promise<T>;
  }

  /** A term part, with its terms' positions for lookups. */
  private async termPart(name: string): Promise<LoadedTermPart> {
    const part = await this.part<TermPart & {at?: Map<string, number>}>(name);
    part.at ??= new Map(part.terms.map((term, position) => [term, position]));
    return part as LoadedTermPart;
  }

  /**
   * The query's words and the index terms each matches, its joined-up names and the terms that hold each whole,
   * and the postings of every term looked up: the term parts they need, loaded.
   */
  private async lookUp(query: string, partitions: Partitions) {
    const words = queryWords(query, this.rules);
    const termPartLists = partitions.list.map(({manifest: own}) => own.termParts);
    const names = joinedNamesOf(words);
    // A joined-up name is looked up whole too: its parts follow the words'.
    const partsOfWords = [
      ...words.map((word) => partsForWord(word, termPartLists)),
      ...names.map((joined) => partsForName(joined, termPartLists, this.rules)),
    ];
    // Per word, per partition, the names of the term parts the word needs.
    const namesOfWords = partsOfWords.map(({parts}) =>
      parts.map((positions, partition) => positions.map((position) => termPartLists[partition]!.names[position]!)),
    );
    const loaded = new Map<string, LoadedTermPart>();
    await Promise.all([...new Set(namesOfWords.flat(2))].map(async (name) => loaded.set(name, await this.termPart(name))));
    // Each word among the terms of its own parts, of every partition (in order, so their terms are too).
    const termsOf = (position: number) => {
      const terms = namesOfWords[position]!.flatMap((partNames) => partNames.flatMap((name) => loaded.get(name)!.terms));
      return partitions.list.length === 1 ? terms : [...new Set(terms)].sort();
    };
    const expansions = words.map((word, position) => expand(word, termsOf(position), partsOfWords[position]!.stops));
    const wholeNames = names.map((joined, at) => ({
      words: joined.words,
      terms: wholeNameTerms(joined, termsOf(words.length + at), this.rules, partsOfWords[words.length + at]!.stops),
    }));
    const postings = (term: string): Postings => {
      const found = partitions.list.flatMap(({manifest: own, firstDoc}) => {
        const part = loaded.get(own.termParts.names[partFor(own.termParts.first, term)] ?? '');
        const at = part?.at.get(term);
        if (at === undefined) return [];
        const own_ = part!.postings[at]!;
        return [firstDoc === 0 ? own_ : own_.map((pairs) => pairs.map((value, i) => (i % 2 === 0 ? value + firstDoc : value)))];
      });
      if (found.length === 0) return EMPTY;
      return found.length === 1 ? found[0]! : found[0]!.map((_, kind) => found.flatMap((byKind) => byKind[kind] ?? []));
    };
    return {words, expansions, wholeNames, postings};
  }

  async search({query, limit, section, within, more = 0}: SearchRequest): Promise<SearchAnswer> {
    const manifest = await this.prepare();
    const partitions = partitionsOf(manifest);
    const {words, expansions, wholeNames, postings} = await this.lookUp(query, partitions);
    // A section no partition lists holds no indexed page (-1 is "in no section": never that).
    const sectionIndex = (path: string | undefined) => (path === undefined ? undefined : partitions.sections.indexOf(path));
    const [readerSection, onlySection] = [sectionIndex(section), sectionIndex(within)];
    const hits = rankPages({
      words: expansions,
      names: wholeNames,
      postings,
      pageFirstDocs: partitions.pageFirstDocs,
      allowed: onlySection === undefined ? undefined : (page) => onlySection !== -1 && partitions.pageSections[page] === onlySection,
      inSection:
        readerSection === undefined || readerSection === -1 ? undefined : (page) => partitions.pageSections[page] === readerSection,
      grouped: more > 0 ? limit : 0,
      fillTo: MAX_SUGGESTIONS,
    });
    // Whether a title or heading is the query orders the box's answers (the first MAX_SUGGESTIONS) whatever the
    // limit: a longer list (the search page's "Show more") only adds pages after them, and a shorter one is their start.
    const firstHits = hits.slice(0, limit > 0 ? Math.max(limit, MAX_SUGGESTIONS) : 0);
    const firstDocs = partitions.list.map((partition) => partition.firstDoc);
    const partitionOf = (doc: number) => partitions.list[runOf(doc, firstDocs)]!;
    const docPartOf = (doc: number) => {
      const {manifest: own, firstDoc} = partitionOf(doc);
      return own.docParts.names[runOf(doc - firstDoc, own.docParts.first)]!;
    };
    const docParts = new Map<string, DocPart>();
    await Promise.all(
      [...new Set(firstHits.map((hit) => docPartOf(hit.target)))].map(async (name) => docParts.set(name, await this.part<DocPart>(name))),
    );
    const docAt = (doc: number): IndexedDoc | undefined => {
      const part = docParts.get(docPartOf(doc));
      return part?.docs[doc - partitionOf(doc).firstDoc - part.first];
    };
    const titleOf = (hit: PageHit) => docAt(partitions.pageFirstDocs[hit.page]!);
    // The title or heading that holds every word (the hit's tier says which), compared with the query's words,
    // its last one taken as complete.
    const queryAsText = textWords(query, this.rules);
    const holderDoc = (hit: PageHit) => (hit.tier >= 3 ? titleOf(hit) : hit.tier >= 1 ? docAt(hit.target) : undefined);
    const isQuery = (hit: PageHit) => {
      const holder = holderDoc(hit);
      return holder !== undefined && isExactly(textWords(holder.t, this.rules), queryAsText);
    };
    const shown = [...exactFirst(firstHits.slice(0, MAX_SUGGESTIONS), isQuery), ...firstHits.slice(MAX_SUGGESTIONS)].slice(0, limit);
    const suggestions = shown.map((hit): Suggestion => {
      const matched = new Set(hit.terms);
      const mark = (text: string) => markWords(text, matched, this.rules);
      const pageFirst = partitions.pageFirstDocs[hit.page]!;
      const title = titleOf(hit);
      const target = docAt(hit.target);
      const url = title?.u ?? '';
      const suggestion: Suggestion = {
        url: target?.h ? `${url}${target.h}` : url,
        title: mark(title?.t ?? ''),
        breadcrumbs: title?.b ?? [],
        inSection: readerSection !== undefined && readerSection !== -1 && partitions.pageSections[hit.page] === readerSection,
      };
      if (target?.k === DocKind.Heading) suggestion.heading = mark(target.t);
      if (target?.k === DocKind.Content) {
        // The text above a page's first heading is the page's own: no heading to show.
        if (target.h && target.s) suggestion.heading = mark(target.s);
        // A long section's match can lie past the stored text: then its heading says enough.
        const text = snippetOf(mark(target.t));
        if (text.some((piece) => piece.mark)) suggestion.text = text;
      }
      const group = more > 0 ? sectionHits({docs: hit.more, targetAnchor: target?.h ?? '', count: more, url, docAt, mark}) : [];
      if (group.length > 0) suggestion.more = group;
      if (target?.k === DocKind.Title) {
        // Found by its title: the page says what it holds with its description, else with its opening text.
        // Its documents follow its title, in the same part, up to the next page's title.
        const pageDocs: IndexedDoc[] = [];
        for (let doc = pageFirst + 1, next = docAt(doc); next && next.k !== DocKind.Title; next = docAt(++doc)) pageDocs.push(next);
        const opening = pageDocs.find((doc) => doc.k === DocKind.Description) ?? pageDocs.find((doc) => doc.k === DocKind.Content);
        if (opening) suggestion.text = snippetOf(mark(opening.t));
      }
      return suggestion;
    });
    return {suggestions, total: hits.length, words: words.map((word) => word.text)};
  }
}
