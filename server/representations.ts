/** Which stored representation of a file answers a request: pure decisions, no I/O. */
import negotiate from '@fastify/accept-negotiator';

/** `npm run build` writes a `.br` and a `.gz` beside every file worth compressing. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

export const PRECOMPRESSED_SUFFIX: Readonly<Record<Exclude<ContentCoding, 'identity'>, string>> = {br: '.br', gzip: '.gz'};

/** Brotli first: smaller than gzip at the same decoding cost for the browser. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The coding to send, given the request's Accept-Encoding and the codings stored for the file.
 * q-values are honoured; `*` stands for gzip, as @fastify/static reads it; without a usable match
 * the file goes as it is.
 */
export function chooseCoding(acceptEncoding: string | undefined, stored: ReadonlySet<ContentCoding>): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const offered = PREFERENCE.filter((coding) => stored.has(coding));
  if (offered.length === 0) return 'identity';
  const header = acceptEncoding.toLowerCase().replace(/\*/g, 'gzip');
  return negotiate(header, offered) ?? 'identity';
}

/** RFC 9110 §13.1.2: If-None-Match compares entity tags weakly; `*` matches any. */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
