/**
 * One version's search index as the worker holds it: the manifest, and the parts loaded so far.
 * A query loads the term parts of its own words, ranks the pages (rank.ts), then loads the document
 * parts of the answers it shows.
 */
import {DocKind, partUrl, type DocPart, type IndexedDoc, type SearchManifest, type TermPart} from '../../../contracts/searchIndexFiles';
import {expand, partFor, partsForWord, queryWords, type TextRules} from './queryTerms';
import {rankPages, runOf, type Postings} from './rank';
import {markWords, snippetOf, type Marked} from './snippet';

export type FetchJson = (url: string) => Promise<unknown>;

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
}

export interface SearchRequest {
  query: string;
  limit: number;
  /** The reader's section (path below the base URL): its pages come first among answers otherwise alike. */
  section?: string;
  /** Only pages within this path below the base URL (the search page's section). */
  within?: string;
}

export interface SearchAnswer {
  suggestions: Suggestion[];
  /** How many pages answer in all (the box shows the first few). */
  total: number;
  /** The query's words as typed, for highlighting on the page a suggestion opens. */
  words: string[];
}

const EMPTY: Postings = [];

type LoadedTermPart = TermPart & {at: Map<string, number>};

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
  private async termPart(manifest: SearchManifest, index: number): Promise<LoadedTermPart> {
    const part = await this.part<TermPart & {at?: Map<string, number>}>(manifest.termParts.names[index]!);
    part.at ??= new Map(part.terms.map((term, position) => [term, position]));
    return part as LoadedTermPart;
  }

  async search({query, limit, section, within}: SearchRequest): Promise<SearchAnswer> {
    const manifest = await this.prepare();
    const words = queryWords(query, this.rules);
    const partsOfWords = words.map((word) => partsForWord(word, manifest.termParts));
    const loaded = new Map<number, LoadedTermPart>();
    await Promise.all([...new Set(partsOfWords.flat())].map(async (index) => loaded.set(index, await this.termPart(manifest, index))));
    // Each word among the terms of its own parts (in order, so their terms are too).
    const expansions = words.map((word, position) =>
      expand(
        word,
        partsOfWords[position]!.flatMap((index) => loaded.get(index)!.terms),
      ),
    );
    const postings = (term: string): Postings => {
      const part = loaded.get(partFor(manifest.termParts.first, term));
      const at = part?.at.get(term);
      return at === undefined ? EMPTY : part!.postings[at]!;
    };
    // A section the manifest does not list holds no indexed page (-1 is "in no section": never that).
    const sectionIndex = (path: string | undefined) => (path === undefined ? undefined : manifest.sections.indexOf(path));
    const [readerSection, onlySection] = [sectionIndex(section), sectionIndex(within)];
    const hits = rankPages({
      words: expansions,
      postings,
      pageFirstDocs: manifest.pages.first,
      allowed: onlySection === undefined ? undefined : (page) => onlySection !== -1 && manifest.pages.section[page] === onlySection,
      inSection: readerSection === undefined || readerSection === -1 ? undefined : (page) => manifest.pages.section[page] === readerSection,
    });
    const shown = hits.slice(0, limit);
    const docPartIndexes = new Set(shown.map((hit) => runOf(hit.target, manifest.docParts.first)));
    const docParts = new Map<number, DocPart>();
    await Promise.all(
      [...docPartIndexes].map(async (index) => docParts.set(index, await this.part<DocPart>(manifest.docParts.names[index]!))),
    );
    const docAt = (doc: number): IndexedDoc | undefined => {
      const part = docParts.get(runOf(doc, manifest.docParts.first));
      return part?.docs[doc - part.first];
    };
    const suggestions = shown.map((hit): Suggestion => {
      const matched = new Set(hit.terms);
      const mark = (text: string) => markWords(text, matched, this.rules);
      const pageFirst = manifest.pages.first[hit.page]!;
      const title = docAt(pageFirst);
      const target = docAt(hit.target);
      const url = title?.u ?? '';
      const suggestion: Suggestion = {
        url: target?.h ? `${url}${target.h}` : url,
        title: mark(title?.t ?? ''),
        breadcrumbs: title?.b ?? [],
        inSection: readerSection !== undefined && readerSection !== -1 && manifest.pages.section[hit.page] === readerSection,
      };
      if (target?.k === DocKind.Heading) suggestion.heading = mark(target.t);
      if (target?.k === DocKind.Content) {
        // The text above a page's first heading is the page's own: no heading to show.
        if (target.h && target.s) suggestion.heading = mark(target.s);
        // A long section's match can lie past the stored text: then its heading says enough.
        const text = snippetOf(mark(target.t));
        if (text.some((piece) => piece.mark)) suggestion.text = text;
      }
      if (target?.k === DocKind.Title) {
        const pageEnd = manifest.pages.first[hit.page + 1] ?? pageFirst + 1;
        for (let doc = pageFirst + 1; doc < pageEnd; doc++) {
          const description = docAt(doc);
          if (description?.k === DocKind.Description) suggestion.text = snippetOf(mark(description.t));
        }
      }
      return suggestion;
    });
    return {suggestions, total: hits.length, words: words.map((word) => word.text)};
  }
}
