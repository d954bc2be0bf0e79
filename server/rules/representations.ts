/** Which stored representation of a built file answers a request, and how it is named: pure decisions, no I/O. */
import negotiate from '@fastify/accept-negotiator';
import type {PrecompressedCoding} from '../../contracts/buildLayout';

/** The stored copies (contracts/buildLayout.ts), or the file as it is. */
export type ContentCoding = PrecompressedCoding | 'identity';

/** Brotli first: smaller than gzip at the same decoding cost for the browser. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The coding to send, given the request's Accept-Encoding and the codings stored for the file.
 * q-values are honoured; `*` stands for gzip; without a usable match the file goes as it is.
 */
export function chooseCoding(acceptEncoding: string | undefined, stored: ReadonlySet<ContentCoding>): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const offered = PREFERENCE.filter((coding) => stored.has(coding));
  if (offered.length === 0) return 'identity';
  const header = acceptEncoding.toLowerCase().replace(/\*/g, 'gzip');
  return negotiate(header, offered) ?? 'identity';
}

/**
 * The entity tag of one representation, from a digest of its bytes: the same on every instance,
 * after every restart and whether the bytes come from memory or disk; different per coding, since
 * each coding is a different sequence of bytes. Strong, unless the coding's bytes are made on the fly
 * and may differ from one copy to the next (`weak`): the text they decode to is the same.
 */
export function entityTag(digest: string, coding: ContentCoding, weak = false): string {
  return `${weak ? 'W/' : ''}"${digest}${coding === 'identity' ? '' : `-${coding}`}"`;
}
