/**
 * How hard each built file is compressed, by `npm run build` (plugins/precompress) and by the gate for
 * a reader's own copy of a file it cuts (server/plugins/app/buildFiles.ts): one policy, pure decisions, measured on the 2 × 1,000-docs
 * bench corpus (bench/HISTORY.md, "Build" and "Figures behind the code's choices"). Brotli's top
 * qualities (10, 11) are many times slower than 5 for a few per cent fewer bytes, so they go only where
 * every reader pays for the bytes: the few shared bundles. The thousands of files that grow with the docs (pages and their chunks) get the fast
 * qualities, or the build would spend minutes on them; the search index's files, which a reader's
 * first suggestions wait for, a middle one.
 */
import {isSearchIndex} from './searchIndexFiles';

/** The build's text files: the only ones compression shrinks. */
const COMPRESSIBLE = /\.(?:html|js|css|json|svg|txt|xml|map|webmanifest)$/;

export function isCompressible(relativePath: string): boolean {
  return COMPRESSIBLE.test(relativePath);
}

/** Below this, a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;
/**
 * From this size on, a script or stylesheet is one of the few shared bundles (main.js, vendor chunks,
 * the stylesheet). A page's HTML is never one, however long: only that page's readers fetch it, and a
 * team's long reference pages would cost the build most of its compression time (fastify's Server
 * page: 0.7 s at quality 11 against 26 ms at 5, for 15 % fewer bytes).
 */
const SHARED_BUNDLE_BYTES = 64 * 1024;
const PAGE = /\.html$/;
/** Above this, quality 11 would take tens of seconds for one file: such a file gets the middle quality. */
const LARGE_BYTES = 4 * 1024 * 1024;
/** gzip -9 is much slower than -6 on multi-MB JSON for hardly fewer bytes; only browsers without brotli get it. */
const GZIP_FAST_FROM_BYTES = 1024 * 1024;

export interface CompressionPlan {
  brotliQuality: number;
  gzipLevel: number;
}

export type FileKind = 'search-index' | 'other';

/** The search index's manifests and parts (contracts/searchIndexFiles.ts): what the first suggestions wait for. */
export function kindOf(relativePath: string): FileKind {
  return isSearchIndex(relativePath) ? 'search-index' : 'other';
}

/** Qualities for one file; null when it is too small to be worth a compressed copy. */
export function compressionPlan(relativePath: string, bytes: number): CompressionPlan | null {
  if (bytes < MIN_BYTES) return null;
  const gzipLevel = bytes >= GZIP_FAST_FROM_BYTES ? 6 : 9;
  const kind = kindOf(relativePath);
  // What a reader waits for before the first suggestion: quality 9, smaller than 5 for a little more build time.
  if (kind === 'search-index' || bytes >= LARGE_BYTES) return {brotliQuality: 9, gzipLevel};
  return {brotliQuality: bytes >= SHARED_BUNDLE_BYTES && !PAGE.test(relativePath) ? 11 : 5, gzipLevel};
}

/** A copy written after its file last changed is up to date: a later run (`npm run build:compress`) leaves it. */
export function isUpToDate(copyModifiedMs: number | null, fileModifiedMs: number): boolean {
  return copyModifiedMs !== null && copyModifiedMs >= fileModifiedMs;
}

/** A compressed copy is kept only when it saves at least a tenth: otherwise the server sends the file as it is. */
export function worthKeeping(originalBytes: number, compressedBytes: number): boolean {
  return compressedBytes <= originalBytes * 0.9;
}

/**
 * Rough single-core throughput in MB/s by brotli quality and gzip level, each measured on the files
 * it is used for (gzip -9 on files under 1 MiB, -6 on larger ones): to start the longest jobs first.
 */
const BROTLI_MB_PER_S: Record<number, number> = {5: 20, 6: 16, 9: 4, 11: 0.4};
const GZIP_MB_PER_S: Record<number, number> = {6: 15, 9: 25};

/** Estimated seconds of one job, for longest-first scheduling (keeps both cores busy to the end). */
export function estimatedSeconds(bytes: number, coding: 'br' | 'gzip', level: number): number {
  const speed = (coding === 'br' ? BROTLI_MB_PER_S[level] : GZIP_MB_PER_S[level]) ?? 1;
  return bytes / 1e6 / speed;
}
