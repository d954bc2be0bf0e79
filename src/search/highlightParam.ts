/**
 * The words a suggestion's page highlights: `?_highlight=word` on the address it opens (the search
 * plugin's convention, which readers' bookmarks may carry).
 */
export const HIGHLIGHT_PARAM = '_highlight';

/** A suggestion's address with the words to highlight, before its anchor. */
export function withHighlight(url: string, words: readonly string[]): string {
  const hashAt = url.indexOf('#');
  const [path, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  if (words.length === 0) return url;
  const params = new URLSearchParams();
  for (const word of words) params.append(HIGHLIGHT_PARAM, word);
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}${hash}`;
}

export function highlightedWords(search: string): string[] {
  return new URLSearchParams(search).getAll(HIGHLIGHT_PARAM).filter((word) => word.trim() !== '');
}
