/**
 * Which words of the page a search result opens are marked: the words the search matched, not only
 * the words as typed. A typed word marks its own forms on the page, whole words of the same stem
 * (`deploying` marks "deploy" and "deployment"), never the longer words it begins (`git` does not mark
 * "GitHub"); a typo, when the page has no form of it, marks the words one typo away (`colapsible` marks
 * "collapsible"), as the search's own expansion of a word (engine/queryTerms.ts) does over the index.
 * Pure, given lunr's text rules.
 */
import {expand, queryWords, type TextRules} from './engine/queryTerms';

/**
 * A word of the page's text, without the punctuation around it or inside a joined-up name
 * (`sidebar_position` is two words, as the search splits it: engine/queryTerms.ts's segmentsOf).
 */
export const PAGE_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The index form of a word: trimmed of punctuation, lower case, stemmed; '' for none. */
function termOf(word: string, rules: TextRules): string {
  const trimmed = rules.trim(word.toLowerCase());
  return trimmed === '' ? '' : rules.stem(trimmed);
}

/**
 * The terms of the page to mark for the `_highlight` words, among the page's words: per word, its own
 * term when the page has it, else those one typo away. Each word is whole: the page is opened once the
 * reader chose, and a beginning would mark every longer word (`GIT_USER`'s `git`, every "GitHub").
 */
export function pageTermsToMark(highlighted: readonly string[], pageWords: Iterable<string>, rules: TextRules): Set<string> {
  const terms = new Set([...pageWords].map((word) => termOf(word, rules)).filter((term) => term !== ''));
  const sorted = [...terms].sort();
  const marked = new Set<string>();
  // Each a whole word (none is still being typed), so stop words are left out as the search leaves them out.
  for (const word of highlighted.flatMap((text) => queryWords(`${text} `, rules))) {
    for (const {term} of expand(word, sorted)) marked.add(term);
  }
  return marked;
}

/** Whether a word of the page (as PAGE_WORD finds it) is one to mark. */
export function isMarked(word: string, terms: ReadonlySet<string>, rules: TextRules): boolean {
  const term = termOf(word, rules);
  return term !== '' && terms.has(term);
}
