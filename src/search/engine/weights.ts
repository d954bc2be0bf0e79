/**
 * Every weight of the search's ranking, in one place: the build bakes SUBWORD_WEIGHT and
 * LENGTH_NORMALISATION into the index's postings (indexWriter.ts), the browser's engine applies the
 * others (rank.ts, queryTerms.ts). A change here is measured with `BENCH_ONLY=search-ranking npm run
 * bench` on every doc set, the held-out ones included.
 */
import {DocKind} from '../../../contracts/searchIndexFiles';

/** What a match counts by the kind of document it is in: the specification's order, title first. */
export const KIND_WEIGHT: Readonly<Record<DocKind, number>> = {
  [DocKind.Title]: 10,
  [DocKind.Heading]: 5,
  [DocKind.Description]: 2,
  [DocKind.Keywords]: 2,
  [DocKind.Content]: 1,
};

/** A page with one section (a heading or its text) that holds every word of the query, the words near each other. */
export const NEAR_BOOST = 1.3;

/** The reader's section first, among answers otherwise alike. */
export const SECTION_BOOST = 1.2;

/** How much a match counts by how the index term relates to the word typed. */
export const EXPANSION_WEIGHT = {exact: 1, completion: 0.6, fuzzy: 0.4} as const;

/** A word inside a joined-up name (`sidebar_position`, `ContentTypeParser`) counts a little less than the whole name. */
export const SUBWORD_WEIGHT = 0.8;

/**
 * A word on more than this share of the version's pages (the product's name in its own docs) tells no
 * page from another: it still has to be on a page, but whether a title or a heading holds it does not
 * rank the page (the query's other words decide).
 */
export const COMMON_WORD_SHARE = 0.5;

/**
 * How much a field's length tempers its term frequencies (BM25's b), by kind: a word counts more in a
 * short title ("throttle") than in a long one ("throttle (Lodash compatibility)"), in a short page's
 * text than in a long one's.
 */
export const LENGTH_NORMALISATION: Readonly<Record<DocKind, number>> = {
  [DocKind.Title]: 0.75,
  [DocKind.Heading]: 0.5,
  [DocKind.Description]: 0.5,
  [DocKind.Keywords]: 0,
  [DocKind.Content]: 0.75,
};

/**
 * BM25's saturation (k1): how soon more of a word stops counting. The fields' frequencies are summed
 * with their weights (a title's word counts 10), so it is of the order of those weights: with lunr's
 * 1.2, one title word would already be near the most a page can score, and every page titled with
 * the word would score alike whatever else it holds.
 */
export const SATURATION = 6;
