/**
 * From what a reader typed to the index terms a query searches: pure, given lunr's own text rules
 * (the same trimmer, stop words and stemmer that built the index, passed in as `TextRules`).
 */
import {EXPANSION_WEIGHT} from './weights';

export interface TextRules {
  /** lunr.trimmer: non-word characters off both ends. */
  trim: (word: string) => string;
  isStopWord: (word: string) => boolean;
  stem: (word: string) => string;
}

/** A query longer than this is cut: a pasted page of text is not a search. */
export const MAX_QUERY_LENGTH = 100;
export const MAX_QUERY_WORDS = 12;
/** Completions of the word being typed: enough for a word's forms, few enough to load one or two parts. */
export const MAX_COMPLETIONS = 40;
export const MAX_FUZZY = 12;
/** Words shorter than this are not corrected: a one-letter change makes them another word. */
export const MIN_FUZZY_LENGTH = 5;

export interface QueryWord {
  /** The word as typed, lower case, its ends trimmed (what the target page highlights). */
  text: string;
  /** The index term it stands for: trimmed and stemmed. */
  term: string;
  /** The last word, with no space after it yet: the reader may still be typing it. */
  typing: boolean;
  /** The name joined up with punctuation that the word is one of (`vi.mock`, `import.meta.vitest`), if any. */
  name?: string;
}

/**
 * What joins words inside a name, a path or an address: `sidebar_position`, `mockFn.mockResolvedValue`,
 * `localhost:3000`. Not an apostrophe: "server's" is one word.
 */
const JOINER = /[^\p{L}\p{N}'’]+/u;

/**
 * The words inside a token that punctuation joins (lunr keeps `localhost:3000` whole), in order, or
 * the one word inside punctuation lunr keeps (`_.groupBy`, `__dirname`); none for a token that is one
 * word. The index gives each such word the token's documents (indexWriter.ts), and a query searches
 * them as words of their own: both sides split alike.
 */
export function segmentsOf(token: string): string[] {
  const segments = token.split(JOINER).filter((segment) => segment !== '');
  return segments.length > 1 || (segments.length === 1 && segments[0] !== token) ? segments : [];
}

/**
 * The words of a query: split as lunr splits text (white space and hyphens), then at the punctuation
 * inside a word as the index splits it (segmentsOf), stop words left out.
 */
export function queryWords(input: string, rules: TextRules): QueryWord[] {
  const cut = input.slice(0, MAX_QUERY_LENGTH).toLowerCase();
  const raw = cut.split(/[\s-]+/).filter((word) => word !== '');
  const endsInWord = /[^\s-]$/.test(cut);
  const words: QueryWord[] = [];
  raw.forEach((word, position) => {
    const trimmed = rules.trim(word);
    const typing = endsInWord && position === raw.length - 1;
    const segments = segmentsOf(trimmed);
    const texts = segments.length > 0 ? segments : [trimmed];
    texts.forEach((text, at) => {
      const typed = typing && at === texts.length - 1;
      if (text === '' || (!typed && rules.isStopWord(text))) return;
      words.push({text, term: rules.stem(text), typing: typed, ...(segments.length > 1 ? {name: trimmed} : {})});
    });
  });
  // Stop words are not in the index: a query of them alone finds nothing, except that the word still
  // being typed ("how to|") is searched as the beginning of longer words ("tool", "token").
  return words.slice(0, MAX_QUERY_WORDS);
}

/** The words of a text as a query of it searches them, none still being typed: a page's title, to compare with a query. */
export function textWords(text: string, rules: TextRules): QueryWord[] {
  return queryWords(`${text} `, rules);
}

/** A name joined up with punctuation in a query, and the positions of its words among the query's words. */
export interface JoinedName {
  name: string;
  words: number[];
  /** The query's last word is its last: the reader may still be typing it. */
  typing: boolean;
}

/** The names joined up with punctuation that a query's words come from (queryWords' `name`), each once. */
export function joinedNamesOf(words: readonly QueryWord[]): JoinedName[] {
  const names = new Map<string, JoinedName>();
  words.forEach((word, position) => {
    if (word.name === undefined) return;
    const joined = names.get(word.name) ?? {name: word.name, words: [], typing: false};
    joined.words.push(position);
    joined.typing ||= word.typing;
    names.set(word.name, joined);
  });
  return [...names.values()];
}

/**
 * The term parts a joined-up name loads to be looked up whole: those of its stem and of the terms it begins
 * (`vi.mock('./path` may sort in a part after `vi.mock`'s), as a word being typed loads its completions. It is
 * never corrected: its words are.
 */
export function partsForName({name}: JoinedName, partitions: readonly TermPartList[], rules: TextRules): WordParts {
  return partsForWord({text: name, term: rules.stem(name), typing: true}, partitions, {corrected: false});
}

/**
 * The index terms that hold a joined-up name whole: its stem (a title's `fastify.register`), and the terms
 * it begins where punctuation follows it (`vi.mock('./path` in code); while it is typed, every term it begins.
 * `terms` is sorted: those of the parts loaded for the name (partsForName), which end before `stops`' term
 * for it, as a completion does (a page is not found by a part its partition happened to reach further in).
 */
export function wholeNameTerms(
  {name, typing}: JoinedName,
  terms: readonly string[],
  rules: TextRules,
  stops: ReadonlyMap<string, string> = new Map(),
): string[] {
  const found = new Set<string>();
  const stem = rules.stem(name);
  if (terms[lowerBound(terms, stem)] === stem) found.add(stem);
  const stop = stops.get(name);
  for (let at = lowerBound(terms, name); at < terms.length && terms[at]!.startsWith(name); at++) {
    if (stop !== undefined && terms[at]! >= stop) break;
    const rest = terms[at]!.slice(name.length);
    if (typing || rest === '' || JOINER.test(rest[0]!)) found.add(terms[at]!);
  }
  return [...found];
}

export interface Expansion {
  /** An index term. */
  term: string;
  weight: number;
}

/** Raw bytes of term parts a word being typed may load for its completions (the part of the word itself always loads). */
export const COMPLETION_BYTES = 96 * 1024;

/** The part that holds a term, or would: the last one whose first term is not after it. */
export function partFor(firsts: readonly string[], term: string): number {
  const at = lowerBound(firsts, term);
  return firsts[at] === term ? at : Math.max(0, at - 1);
}

/** A partition's term parts, as its manifest lists them: the first term of each and its size. */
export interface TermPartList {
  first: readonly string[];
  bytes: readonly number[];
}

export interface WordParts {
  /** Per partition, the term parts the word loads (positions in its list, in order). */
  parts: number[][];
  /**
   * Per beginning completed, the first term past what every partition loaded: completions stop
   * before it, so that a page is not found by a completion only because its partition's part reached
   * further. None: every completion of it is loaded.
   */
  stops: Map<string, string>;
}

/**
 * The term parts a query word needs, in each of the reader's partitions: the one holding its term (and,
 * for a word long enough to be corrected, those that would hold its beginnings); while it is typed, also the parts of the terms it begins, in term order across the partitions, as far
 * as `COMPLETION_BYTES` allows in all (a one-letter beginning begins thousands of terms, and each
 * partition repeats most of the vocabulary: the nearest in order are enough to suggest).
 */
export function partsForWord(word: QueryWord, partitions: readonly TermPartList[], {corrected = true} = {}): WordParts {
  // A word long enough to be corrected may be a stem and a misspelt ending (oneTypoFrom), and the stem sort in an earlier part.
  const beginnings =
    corrected && word.text.length >= MIN_FUZZY_LENGTH
      ? Array.from({length: word.text.length - MIN_FUZZY_LENGTH + 2}, (_, at) => word.text.slice(0, MIN_FUZZY_LENGTH - 1 + at))
      : [];
  const needed = partitions.map((parts) => new Set([word.term, ...beginnings].map((term) => partFor(parts.first, term))));
  const stops = new Map<string, string>();
  if (word.typing) {
    for (const prefix of new Set([word.text, word.term])) {
      const further: {partition: number; part: number; first: string}[] = [];
      partitions.forEach((parts, partition) => {
        const start = partFor(parts.first, prefix);
        needed[partition]!.add(start);
        for (let part = start + 1; part < parts.first.length && parts.first[part]!.startsWith(prefix); part++) {
          further.push({partition, part, first: parts.first[part]!});
        }
      });
      further.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : a.partition - b.partition));
      // The start parts of the partitions but the largest one are spent from the budget too: a reader in
      // several audiences loads about what a reader in none does.
      const startBytes = partitions.map((parts) => parts.bytes[partFor(parts.first, prefix)] ?? 0);
      let spent = startBytes.reduce((sum, bytes) => sum + bytes, 0) - Math.max(0, ...startBytes);
      for (const {partition, part, first} of further) {
        if (needed[partition]!.has(part)) continue;
        spent += partitions[partition]!.bytes[part]!;
        if (spent > COMPLETION_BYTES) {
          stops.set(prefix, first);
          break;
        }
        needed[partition]!.add(part);
      }
    }
  }
  return {parts: needed.map((parts) => [...parts].sort((a, b) => a - b)), stops};
}

/** First index in a sorted array whose entry is ≥ `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether two words differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/**
 * Endings English's stemmer takes off (`-ation`, `-ing`, `-ional`): a misspelt one is left on the word,
 * and the word then matches no stem.
 */
const ENDINGS = (
  'able ables ably ally ance ate ated ates ating ation ational ations ator ators ence ers ful ible ing ings ion ional ions ' +
  'ise ised ising ism isms ist ists ities ity ive ives ize ized izing less ment ments ness ous'
).split(' ');

/**
 * Whether a word no term matches is one typo from `term`: its stem is (`snaphsot` for `snapshot`), or
 * the word is the term and a misspelt ending, which the stemmer could not take off (`geolocaton`:
 * `geoloc`, the stem of "geolocation", and `aton` for `ation`). A word that is the term and another
 * word (`handbook`: `hand` and `book`) is not.
 */
export function oneTypoFrom(word: Pick<QueryWord, 'text' | 'term'>, term: string): boolean {
  if (withinOneEdit(word.term, term)) return true;
  if (term.length < MIN_FUZZY_LENGTH - 1 || !word.text.startsWith(term)) return false;
  const ending = word.text.slice(term.length);
  return ending.length >= 2 && ENDINGS.some((known) => known !== ending && withinOneEdit(ending, known));
}

/**
 * The index terms a word matches, each with its weight, among `terms` (sorted: those of the parts
 * loaded for it): the term itself; while typed, the terms it begins (before the beginning's stop,
 * partsForWord's); when neither exists, the terms
 * one typo away (oneTypoFrom; found where the word would sort, so a typo in its first letters is not corrected).
 */
export function expand(word: QueryWord, terms: readonly string[], stops: ReadonlyMap<string, string> = new Map()): Expansion[] {
  const found = new Map<string, number>();
  if (terms[lowerBound(terms, word.term)] === word.term) found.set(word.term, EXPANSION_WEIGHT.exact);
  if (word.typing) {
    for (const prefix of new Set([word.text, word.term])) {
      let completions = 0;
      const stop = stops.get(prefix);
      for (let at = lowerBound(terms, prefix); at < terms.length && terms[at]!.startsWith(prefix); at++) {
        if (stop !== undefined && terms[at]! >= stop) break;
        if (!found.has(terms[at]!)) found.set(terms[at]!, EXPANSION_WEIGHT.completion);
        if (++completions >= MAX_COMPLETIONS) break;
      }
    }
  }
  if (found.size === 0 && word.text.length >= MIN_FUZZY_LENGTH) {
    for (const term of terms) {
      if (found.size >= MAX_FUZZY) break;
      if (oneTypoFrom(word, term)) found.set(term, EXPANSION_WEIGHT.fuzzy);
    }
  }
  return [...found].map(([term, weight]) => ({term, weight}));
}

/**
 * What to tell a reader whose query found nothing and holds search syntax of other engines (lunr's
 * `field:`, `~1`, `^2`, `*`, `+`/`-` before a word): here every word is searched as written.
 */
export function syntaxHint(query: string): string | null {
  return /(?:^|\s)[+-]\S|\S:\S*|~|\^|\*/.test(query)
    ? 'Search takes plain words: symbols such as : ~ ^ * + have no special meaning here.'
    : null;
}
