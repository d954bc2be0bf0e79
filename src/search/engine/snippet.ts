/**
 * What a suggestion shows of a document's text: the words that matched marked, and for a long
 * section only the stretch around its first match. Pure, given lunr's text rules.
 */
import {segmentsOf, type TextRules} from './queryTerms';

/** Text in pieces, each marked or not. */
export type Marked = {text: string; mark: boolean}[];

const WORD = /[^\s-]+/g;
/** A word inside a joined-up name, as queryTerms.ts's segmentsOf cuts it. */
const SEGMENT = /[\p{L}\p{N}'’]+/gu;

/** Marks each word of `text` whose index term (trimmed, stemmed) is one of `terms`. */
export function markWords(text: string, terms: ReadonlySet<string>, rules: Pick<TextRules, 'trim' | 'stem'>): Marked {
  const pieces: Marked = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const trimmed = rules.trim(word.toLowerCase());
    if (trimmed === '') continue;
    // Only the word itself is marked, not the punctuation around it; in a joined-up name (`localhost:3000`), the words that matched.
    const start = match.index + word.toLowerCase().indexOf(trimmed);
    const spans = terms.has(rules.stem(trimmed))
      ? [{at: start, length: trimmed.length}]
      : segmentsOf(trimmed).length > 0
        ? [...trimmed.matchAll(SEGMENT)]
            .filter((segment) => terms.has(rules.stem(segment[0])))
            .map((segment) => ({at: start + segment.index, length: segment[0].length}))
        : [];
    for (const {at, length} of spans) {
      if (at > last) pieces.push({text: text.slice(last, at), mark: false});
      pieces.push({text: text.slice(at, at + length), mark: true});
      last = at + length;
    }
  }
  if (last < text.length) pieces.push({text: text.slice(last), mark: false});
  return pieces;
}

/** Characters kept before a section's first match, and in all. */
export const SNIPPET_BEFORE = 50;
export const SNIPPET_LENGTH = 160;

/** A window of marked text around its first mark, cut at spaces, with ellipses where it was cut. */
export function snippetOf(pieces: Marked): Marked {
  const text = pieces.map((piece) => piece.text).join('');
  if (text.length <= SNIPPET_LENGTH) return pieces;
  let offset = 0;
  let firstMark = 0;
  for (const piece of pieces) {
    if (piece.mark) {
      firstMark = offset;
      break;
    }
    offset += piece.text.length;
  }
  let start = Math.max(0, firstMark - SNIPPET_BEFORE);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space >= firstMark ? start : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > firstMark) end = space;
  }
  const window: Marked = [];
  offset = 0;
  for (const piece of pieces) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + piece.text.length);
    if (from < to) window.push({text: piece.text.slice(from - offset, to - offset), mark: piece.mark});
    offset += piece.text.length;
  }
  if (start > 0) window.unshift({text: '…', mark: false});
  if (end < text.length) window.push({text: '…', mark: false});
  return window;
}
