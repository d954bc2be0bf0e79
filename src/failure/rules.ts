/** Pure rules for the screens shown when a page cannot be: what counts as a failed chunk, and what of an error a reader reads. */

/**
 * A script or stylesheet chunk the bundler could not load (its runtime names the error
 * `ChunkLoadError`; the CSS extractor marks its own with a code).
 */
export function isChunkLoadFailure(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const {name, code} = reason as {name?: unknown; code?: unknown};
  return name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED';
}

/** Longest error text shown; past it, the reader learns nothing more. */
const MAX_DETAIL_LENGTH = 500;

/**
 * The messages of an error and of its causes, one a line, without stacks: what a reader can pass
 * on when asking for help. Empty when the error has no message.
 */
export function errorText(error: unknown): string {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    if (message.trim() !== '') messages.push(message.trim());
    current = current instanceof Error ? current.cause : undefined;
  }
  const text = messages.join('\n');
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…` : text;
}
