import type {ReactNode} from 'react';
import type {Marked as MarkedText} from '../engine/snippet';

/** Text with the words that matched in <mark>. */
export default function Marked({text}: {text: MarkedText}): ReactNode {
  return text.map((piece, position) => (piece.mark ? <mark key={position}>{piece.text}</mark> : piece.text));
}

export const plainText = (text: MarkedText): string => text.map((piece) => piece.text).join('');
