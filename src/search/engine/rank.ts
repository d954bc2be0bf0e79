/**
 * Which pages answer a query, best first: pure, over the postings of the query's terms.
 *
 * A page is ranked as a whole (its title, headings, description, keywords and section texts
 * together), so "request lifecycle" finds the page titled "Lifecycle" that talks about requests.
 * In order:
 * 1. how many of the query's words the page holds: every word of a query of one or two words, all but
 *    one of a longer one, must be there; a word on most of the version's pages (the product's name, "test"
 *    in a test runner's docs) is not counted when the query has other words, since every page holds it.
 *    A short list (`fillTo`) is filled with pages that hold one word fewer, after every page that holds
 *    enough: "share sheet" still shows the Share page, which never says "sheet". A query no page holds
 *    enough of finds nothing, as before: the reader is offered the wider search instead;
 * 2. whether its title holds every word (the common ones too), or every other word; else whether one of
 *    its headings does, alike;
 * 3. among the first eight (the box's, whatever the limit), whether the title or heading that holds the query is
 *    the query (isExactly, exactFirst): "Mocking" above "Mocking Classes" for `mocking`, the heading `--shard` above
 *    "Sharding" for `--shard`; its words are in the page's document part, which the answer loads anyway;
 * 4. whether it holds each name the query joins up with punctuation whole (`import.meta.vitest`), not only its words
 *    apart; a title or heading holds such a name's words only where it holds the name (step 2);
 * 5. its score, BM25F (Pagefind ranks by BM25 too): for each word, its best term's rarity among the
 *    version's pages times its frequency on the page, the page's fields weighted (title above heading
 *    above description and keywords above text: the specification's order) and each normalised by its
 *    length on the page (the build does that: indexWriter.ts), saturated; times how closely the term
 *    matches the word (itself, a completion, a typo); more when one section holds every word, the words
 *    near each other; more in the reader's own section.
 * Each page is one answer, pointing at the part of it that matches best, with its other matching
 * sections in order for a group under it.
 */
import {DocKind, DOC_KINDS} from '../../../contracts/searchIndexFiles';
import type {Expansion, QueryWord} from './queryTerms';
import {COMMON_WORD_SHARE, KIND_WEIGHT, NEAR_BOOST, SATURATION, SECTION_BOOST} from './weights';

/** A page's other matching sections kept for its group: a heading and its text may both be among them. */
export const MAX_MORE = 8;

/** Postings of one term: per document kind, `[doc, weight, doc, weight, …]`. */
export type Postings = readonly (readonly number[])[];

export interface RankInput {
  /** Per query word, the terms it matches. */
  words: readonly (readonly Expansion[])[];
  /**
   * The query's names joined up with punctuation (`vi.mock`): the positions of their words, and the terms that
   * hold each whole. A title or heading holds such a name's words only where it holds the name.
   */
  names?: readonly {words: readonly number[]; terms: readonly string[]}[];
  postings: (term: string) => Postings;
  /** Each page's first document (the manifest's `pages.first`). */
  pageFirstDocs: readonly number[];
  /** Whether a page may be an answer at all (the search page's section); every page when absent. */
  allowed?: (page: number) => boolean;
  /** Whether a page is in the reader's section. */
  inSection?: (page: number) => boolean;
  /** How many of the best pages get their other sections (`more`): the ones shown with groups. None when absent. */
  grouped?: number;
  /**
   * A list of fewer pages than this that hold the query is filled to it, after them, with the best pages that
   * hold one word fewer (a query of two words or more). Never when absent, nor when no page holds the query.
   */
  fillTo?: number;
}

export interface PageHit {
  page: number;
  /** How many of the query's words the page holds, the words on most pages not counted. */
  coverage: number;
  /**
   * 4: the title holds every word; 3: every word but those on most pages; 2 and 1: a heading does,
   * alike; 0: neither.
   */
  tier: 0 | 1 | 2 | 3 | 4;
  score: number;
  /** The document to point at: the title (the page's top), a heading or a section's text. */
  target: number;
  /** A page that holds one word fewer than the query needs, filling a short list after those that hold it (`fillTo`). */
  filler: boolean;
  /** The index terms the page matched, for highlighting. */
  terms: string[];
  /**
   * The page's other sections that hold the query (headings and section texts, as `target`
   * counts them), best first: what a suggestion groups under its page.
   */
  more: number[];
}

/**
 * The run an item belongs to, of runs given by their first items (ascending): the last run whose
 * first item is not after it. A document's page, a document's part.
 */
export function runOf(item: number, firsts: readonly number[]): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (firsts[middle]! <= item) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The coverage a page needs: every word of a short query, all but one of a longer one. */
export function requiredCoverage(words: number): number {
  return words <= 2 ? words : words - 1;
}

interface DocMatch {
  kind: DocKind;
  page: number;
  perWord: number[];
  /** The terms it matched. */
  terms: Set<string>;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const covered = (values: readonly number[]) => values.filter((value) => value > 0).length;

/**
 * The other sections of each page `shown` (its `more`), best first. Only the pages shown with groups
 * gather them, after ranking: a word being typed matches most pages.
 */
function gatherMore(shownHits: readonly PageHit[], docs: ReadonlyMap<number, DocMatch>, needed: number): void {
  const shown = new Map(shownHits.map((hit) => [hit.page, {hit, sections: [] as {doc: number; coverage: number; score: number}[]}]));
  if (shown.size === 0) return;
  for (const [doc, match] of docs) {
    const group = shown.get(match.page);
    if (!group || doc === group.hit.target || (match.kind !== DocKind.Heading && match.kind !== DocKind.Content)) continue;
    const coverage = covered(match.perWord);
    // A section that holds fewer of the query's words than the query needs is no answer of its own.
    if (coverage >= needed) group.sections.push({doc, coverage, score: sum(match.perWord) * KIND_WEIGHT[match.kind]});
  }
  for (const {hit, sections} of shown.values()) {
    hit.more = sections
      .sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.doc - b.doc)
      .slice(0, MAX_MORE)
      .map((section) => section.doc);
  }
}

/** How rare a term is among the version's pages (BM25's inverse document frequency, never below 0). */
export function rarity(pagesWithTerm: number, pages: number): number {
  return Math.log(1 + (pages - pagesWithTerm + 0.5) / (pagesWithTerm + 0.5));
}

/** A word's score on a page: the term's rarity times its field-weighted frequency there, saturated (BM25F). */
export function wordScore(frequency: number, rarityOfTerm: number): number {
  return (rarityOfTerm * frequency) / (SATURATION + frequency);
}

/**
 * Every document that holds a term of the query (its kind, page, best score per word and terms matched), and
 * per page each word's score (BM25F: the term's frequency over the page's fields, weighted, saturated).
 */
function matchDocs(
  words: RankInput['words'],
  postings: RankInput['postings'],
  pageFirstDocs: readonly number[],
): {docs: Map<number, DocMatch>; wordScores: Map<number, number[]>} {
  const wordCount = words.length;
  const pageCount = pageFirstDocs.length;
  const docs = new Map<number, DocMatch>();
  // Per page, each word's best score over the terms it matches.
  const wordScores = new Map<number, number[]>();
  words.forEach((expansions, word) => {
    for (const {term, weight} of expansions) {
      const byKind = postings(term);
      // The term's frequency on each page, its fields weighted: BM25F's sum over fields.
      const frequencies = new Map<number, number>();
      for (let kind = 0; kind < DOC_KINDS; kind++) {
        const flat = byKind[kind] ?? [];
        for (let at = 0; at < flat.length; at += 2) {
          const doc = flat[at]!;
          // A frequency of 0 still means the term is there.
          const frequency = Math.max(flat[at + 1]!, 0.01);
          let match = docs.get(doc);
          if (!match) {
            match = {
              kind: kind as DocKind,
              page: runOf(doc, pageFirstDocs),
              perWord: new Array<number>(wordCount).fill(0),
              terms: new Set(),
            };
            docs.set(doc, match);
          }
          if (weight * frequency > match.perWord[word]!) match.perWord[word] = weight * frequency;
          match.terms.add(term);
          frequencies.set(match.page, (frequencies.get(match.page) ?? 0) + KIND_WEIGHT[kind as DocKind] * frequency);
        }
      }
      const rare = rarity(frequencies.size, pageCount);
      for (const [page, frequency] of frequencies) {
        let scores = wordScores.get(page);
        if (!scores) wordScores.set(page, (scores = new Array<number>(wordCount).fill(0)));
        scores[word] = Math.max(scores[word]!, weight * wordScore(frequency, rare));
      }
    }
  });
  return {docs, wordScores};
}

export function rankPages({words, postings, pageFirstDocs, names = [], allowed, inSection, grouped = 0, fillTo = 0}: RankInput): PageHit[] {
  const wordCount = words.length;
  if (wordCount === 0) return [];
  const namesHeld = docsHolding(names, postings);
  const pageCount = pageFirstDocs.length;
  const {docs, wordScores} = matchDocs(words, postings, pageFirstDocs);

  // The words that tell pages apart: those on at most COMMON_WORD_SHARE of the pages (all of them when none is).
  const pagesOf = Array.from({length: wordCount}, () => new Set<number>());
  for (const match of docs.values()) match.perWord.forEach((score, word) => score > 0 && pagesOf[word]!.add(match.page));
  const tellingWords = pagesOf.map((pagesWithWord) => pagesWithWord.size <= COMMON_WORD_SHARE * pageCount);
  const telling = tellingWords.some(Boolean) ? tellingWords : tellingWords.map(() => true);
  const tellingCount = telling.filter(Boolean).length;
  const tellingCovered = (perWord: readonly number[]) => perWord.filter((score, word) => telling[word] && score > 0).length;

  interface PageState {
    terms: Set<string>;
    titleAll: boolean;
    /** The title holds every word, the common ones too. */
    titleEvery?: boolean;
    /** The heading found holds every word, the common ones too. */
    headingEvery?: boolean;
    heading?: {doc: number; score: number};
    section?: {doc: number; coverage: number; score: number};
    /** The joined-up names the page holds whole, somewhere (their positions in `names`). */
    whole: Set<number>;
  }
  const pages = new Map<number, PageState>();
  for (const [doc, match] of docs) {
    const {page} = match;
    if (allowed && !allowed(page)) continue;
    let state = pages.get(page);
    if (!state) pages.set(page, (state = {terms: new Set(), titleAll: false, whole: new Set()}));
    for (const term of match.terms) state.terms.add(term);
    for (const name of namesHeld.get(doc) ?? []) state.whole.add(name);
    const coverage = covered(match.perWord);
    const score = sum(match.perWord);
    // A title or heading that holds the words of a joined-up name apart ("Mocking with vi.when" for `vi.mock`) does not hold it.
    const scoresWithNames = names.length === 0 ? match.perWord : withNamesHeld(match.perWord, names, namesHeld.get(doc));
    if (match.kind === DocKind.Title) {
      state.titleAll = tellingCovered(scoresWithNames) === tellingCount;
      state.titleEvery = covered(scoresWithNames) === wordCount;
    }
    if (
      match.kind === DocKind.Heading &&
      tellingCovered(scoresWithNames) === tellingCount &&
      (!state.heading || (covered(scoresWithNames) === wordCount && !state.headingEvery) || score > state.heading.score)
    ) {
      state.heading = {doc, score};
      state.headingEvery ||= covered(scoresWithNames) === wordCount;
    }
    if (match.kind === DocKind.Heading || match.kind === DocKind.Content) {
      const best = state.section;
      if (!best || coverage > best.coverage || (coverage === best.coverage && score > best.score)) state.section = {doc, coverage, score};
    }
  }

  const needed = requiredCoverage(wordCount);
  const hits: RankedHit[] = [];
  // Pages that hold one word fewer than needed: what a short list is filled with.
  const fillers: RankedHit[] = [];
  for (const [page, state] of pages) {
    const scores = wordScores.get(page)!;
    const holds = covered(scores);
    const filler = holds < needed;
    if (filler && (fillTo === 0 || holds === 0 || holds < needed - 1)) continue;
    // A word on most pages ("run", "test" in a test runner's docs) does not make a page more of an answer by being there.
    const coverage = tellingCovered(scores);
    const tier: PageHit['tier'] = state.titleAll ? (state.titleEvery ? 4 : 3) : state.heading ? (state.headingEvery ? 2 : 1) : 0;
    const near = wordCount > 1 && state.section !== undefined && state.section.coverage === wordCount;
    const score = sum(scores) * (near ? NEAR_BOOST : 1);
    const target = tier >= 3 ? pageFirstDocs[page]! : tier >= 1 ? state.heading!.doc : (state.section?.doc ?? pageFirstDocs[page]!);
    const ranked = score * (inSection?.(page) ? SECTION_BOOST : 1);
    (filler ? fillers : hits).push({
      page,
      coverage,
      tier,
      score,
      target,
      filler,
      terms: [...state.terms],
      more: [],
      ranked,
      whole: state.whole.size,
    });
  }
  const answer = inOrder(hits, fillers, fillTo);
  gatherMore(answer.slice(0, grouped), docs, needed);
  return answer;
}

/** The documents that hold each joined-up name whole: per document, the names' positions in `names`. */
function docsHolding(names: NonNullable<RankInput['names']>, postings: RankInput['postings']): Map<number, Set<number>> {
  const held = new Map<number, Set<number>>();
  names.forEach(({terms}, name) => {
    for (const term of terms) {
      for (const flat of postings(term)) {
        for (let at = 0; at < flat.length; at += 2) {
          const doc = flat[at]!;
          if (!held.has(doc)) held.set(doc, new Set());
          held.get(doc)!.add(name);
        }
      }
    }
  });
  return held;
}

/** A document's per-word scores with the words of each joined-up name it does not hold whole taken as missing. */
function withNamesHeld(
  perWord: readonly number[],
  names: NonNullable<RankInput['names']>,
  held: ReadonlySet<number> | undefined,
): number[] {
  const scores = [...perWord];
  names.forEach(({words}, name) => {
    if (!held?.has(name)) for (const word of words) scores[word] = 0;
  });
  return scores;
}

/** `whole`: how many of the query's joined-up names the page holds whole (`import.meta.vitest`, not its words apart). */
type RankedHit = PageHit & {ranked: number; whole: number};
const byRank = (a: RankedHit, b: RankedHit) =>
  b.coverage - a.coverage || b.tier - a.tier || b.whole - a.whole || b.ranked - a.ranked || a.page - b.page;

/** The pages that hold the query, best first, then as many `fillers` as bring a short list (not an empty one) to `fillTo`. */
function inOrder(hits: RankedHit[], fillers: RankedHit[], fillTo: number): PageHit[] {
  hits.sort(byRank);
  if (hits.length > 0 && hits.length < fillTo) hits.push(...fillers.sort(byRank).slice(0, fillTo - hits.length));
  return hits.map(({ranked: _ranked, whole: _whole, ...hit}) => hit);
}

const wordsKey = (words: readonly string[]) => [...words].sort().join('\u0000');

/**
 * Whether a title or heading is the query: its words, as queryWords gives them, are the words typed, in any
 * order ("Mocking" for `mocking`, not "Mocking Classes", nor "Mocks": a stem is a looser match). Algolia,
 * DocSearch's engine, ranks a record whose attribute is a one-word query whole above one that holds more
 * ("Road" above "Road Trip").
 */
export function isExactly(holder: readonly QueryWord[], query: readonly QueryWord[]): boolean {
  return (
    holder.length > 0 &&
    holder.length === query.length &&
    wordsKey(holder.map((word) => word.text)) === wordsKey(query.map((word) => word.text))
  );
}

/**
 * Ranked hits with, among those of the same coverage and tier (the pages that hold the query, or the
 * fillers after them), the pages whose title or heading is the query (`exact`, isExactly) first; the
 * others keep their order.
 */
export function exactFirst<T extends Pick<PageHit, 'coverage' | 'tier' | 'filler'>>(hits: readonly T[], exact: (hit: T) => boolean): T[] {
  const alike = (a: T, b: T) => a.coverage === b.coverage && a.tier === b.tier && a.filler === b.filler;
  const ordered: T[] = [];
  for (let start = 0; start < hits.length;) {
    let end = start + 1;
    while (end < hits.length && alike(hits[end]!, hits[start]!)) end++;
    const run = hits.slice(start, end);
    ordered.push(...run.filter(exact), ...run.filter((hit) => !exact(hit)));
    start = end;
  }
  return ordered;
}
