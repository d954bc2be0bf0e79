/**
 * `reply.sendBuildFile(file, build)`: a built file in the coding the browser accepts, with one
 * entity tag per representation however it is served, and conditional requests judged by jshttp's
 * `fresh`. A build's files never change (a new build is a new folder, see liveBuild.ts): each file
 * is read and digested once, and files up to a size are then sent from memory, faster than
 * streaming them (bench/HISTORY.md, "Performance choices the numbers justify"); bigger ones, and
 * those the bounded cache has dropped, are streamed from disk.
 */
import {createHash} from 'node:crypto';
import {createReadStream} from 'node:fs';
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import {pipeline} from 'node:stream/promises';
import {promisify} from 'node:util';
import {brotliCompress, constants as zlib, gzip} from 'node:zlib';
import type {FastifyPluginAsync, FastifyReply} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import fresh from 'fresh';
import {LRUCache} from 'lru-cache';
import mime from 'mime-types';
import vary from 'vary';
import {chooseCoding, entityTag, type ContentCoding} from '../../rules/representations';
import {PRECOMPRESSED_SUFFIX} from '../../../contracts/buildLayout';
import {assemble, cutKey} from '../../../contracts/audienceMarkers';
import {compressionPlan, type CompressionPlan} from '../../../contracts/compression';
import {asVisitorPage, isVisitorView} from '../../../contracts/audiences';
import type {BuildRef} from '../../services/build';
import type {Cut as ViewCut} from '../../services/liveBuild';
import {scriptsKey, withScriptAddresses} from '../../rules/cutAddresses';

interface Representation {
  path: string;
  size: number;
  etag: string;
  /** The bytes, when the file is small enough to keep; otherwise it is streamed from `path`. */
  body: Buffer | null;
}

interface StoredFile {
  contentType: string;
  representations: Map<ContentCoding, Representation>;
  codings: Set<ContentCoding>;
}

export interface BuildFilesOptions {
  /** Bytes of all files kept in memory together (0: always stream from disk). */
  maxBytes: number;
  /** A file whose representations together are larger is streamed from disk. */
  maxFileBytes: number;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sends a file (relative path) of a build; a 404 if it went missing from disk. `cut`: a file whose
     * pieces differ by reader, sent as this view gets it.
     */
    sendBuildFile(file: string, build: BuildRef, cut?: ViewCut): Promise<FastifyReply>;
  }
}

/** What a file's metadata costs the cache besides its bytes, and room for 32,768 files' metadata. */
const ENTRY_OVERHEAD_BYTES = 512;
const METADATA_BYTES = 32_768 * ENTRY_OVERHEAD_BYTES;

function contentTypeOf(file: string): string {
  return mime.contentType(path.extname(file)) || 'application/octet-stream';
}

async function digestOf(file: string, body: Buffer | null): Promise<string> {
  const hash = createHash('sha256');
  if (body) hash.update(body);
  else await pipeline(createReadStream(file), hash);
  return hash.digest('base64url').slice(0, 27);
}

async function representationOf(file: string, coding: ContentCoding, keepBody: boolean): Promise<Representation | null> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const body = keepBody ? await readFile(file) : null;
  return {path: file, size, etag: entityTag(await digestOf(file, body), coding), body};
}

async function loadFile(root: string, file: string, {maxBytes, maxFileBytes}: BuildFilesOptions): Promise<StoredFile | null> {
  const absolute = path.join(root, file);
  const sizes = await Promise.all(
    [absolute, ...Object.values(PRECOMPRESSED_SUFFIX).map((suffix) => absolute + suffix)].map((candidate) =>
      stat(candidate).then(
        (stats) => stats.size,
        () => 0,
      ),
    ),
  );
  const keepBodies = maxBytes > 0 && sizes.reduce((sum, size) => sum + size, 0) <= maxFileBytes;
  const identity = await representationOf(absolute, 'identity', keepBodies);
  if (identity === null) return null;
  const representations = new Map<ContentCoding, Representation>([['identity', identity]]);
  for (const [coding, suffix] of Object.entries(PRECOMPRESSED_SUFFIX) as [ContentCoding, string][]) {
    const representation = await representationOf(absolute + suffix, coding, keepBodies);
    if (representation) representations.set(coding, representation);
  }
  return {contentType: contentTypeOf(file), representations, codings: new Set(representations.keys())};
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * One view's copy of a file with audience markers, in one coding, made when first asked for: a
 * build-time copy of the whole file would hold every reader's pieces. Views that meet the same of the
 * file's conditions share one copy (cutKey). Only the coding asked for is kept, so that every page of a
 * large site fits in the cache as readers get it (brotli, a quarter of the text). Compressed at a quality
 * that takes milliseconds, since it is made while a reader waits; where the build's policy
 * (contracts/compression.ts) gives the file a better one (main.js, which every page loads; a search
 * manifest), it is compressed again at that quality in the background, one at a time, and replaces it.
 */
interface Cut {
  contentType: string;
  /** The digest of the view's copy as text: one entity, whatever its coding. */
  digest: string;
  body: Buffer;
}

/** What a reader waits for: a quality that takes milliseconds (the build's own for pages). */
const QUICK: CompressionPlan = {brotliQuality: 5, gzipLevel: 6};

function encoded(body: Buffer, coding: ContentCoding, plan: CompressionPlan = QUICK): Promise<Buffer> {
  if (coding === 'identity') return Promise.resolve(body);
  return coding === 'br'
    ? brotli(body, {params: {[zlib.BROTLI_PARAM_QUALITY]: plan.brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length}})
    : gzipped(body, {level: plan.gzipLevel});
}

/** The build's plan for a file, when it is better than the quick one: what a copy is refined to. */
function refinedPlan(file: string, bytes: number): CompressionPlan | null {
  const plan = compressionPlan(file, bytes);
  return plan !== null && (plan.brotliQuality > QUICK.brotliQuality || plan.gzipLevel > QUICK.gzipLevel) ? plan : null;
}

/** One view's copy of a file, as text: its pieces cut, a visitor's page marked as one, and the view's own scripts named. */
function viewCopy(text: string, file: string, {template, view, scripts}: ViewCut): string {
  const cut = assemble(text, template, view);
  if (file.endsWith('.html')) {
    const page = isVisitorView(view) ? asVisitorPage(cut) : cut;
    return scripts ? withScriptAddresses(page, scripts, view, 'page') : page;
  }
  return scripts && file === scripts.runtime ? withScriptAddresses(cut, scripts, view, 'runtime') : cut;
}

async function cutFile(root: string, file: string, cut: ViewCut, coding: ContentCoding): Promise<{cut: Cut; text: Buffer} | null> {
  let text: string;
  try {
    text = await readFile(path.join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const body = Buffer.from(viewCopy(text, file, cut));
  return {cut: {contentType: contentTypeOf(file), digest: await digestOf(file, body), body: await encoded(body, coding)}, text: body};
}

const CUT_CODINGS: ReadonlySet<ContentCoding> = new Set(['identity', 'br', 'gzip']);

const bytesOf = (file: StoredFile) =>
  [...file.representations.values()].reduce((sum, {body}) => sum + (body?.length ?? 0), ENTRY_OVERHEAD_BYTES);

const buildFiles: FastifyPluginAsync<BuildFilesOptions> = async (app, options) => {
  const cache = new LRUCache<string, StoredFile, {root: string; file: string}>({
    // The bytes kept in memory, and room for every file's metadata besides.
    maxSize: options.maxBytes + METADATA_BYTES,
    sizeCalculation: bytesOf,
    // One read per file, however many requests ask for it at once.
    fetchMethod: async (_key, _stale, {context}) => (await loadFile(context.root, context.file, options)) ?? undefined,
  });

  // Cuts waiting for the build's compression, done one at a time so that readers' requests keep the other core.
  const refinements: {key: string; file: string; cut: Cut; text: Buffer; coding: ContentCoding; plan: CompressionPlan}[] = [];
  let refining = false;
  async function refine() {
    if (refining) return;
    refining = true;
    for (let next = refinements.shift(); next; next = refinements.shift()) {
      const {key, file, cut, text, coding, plan} = next;
      if (cuts.peek(key) !== cut) continue;
      try {
        const body = await encoded(text, coding, plan);
        if (cuts.peek(key) === cut && body.length < cut.body.length) cuts.set(key, {...cut, body});
      } catch (error) {
        app.log.warn({err: error, file}, 'A reader copy of a file was not recompressed; the quick copy stays.');
      }
    }
    refining = false;
  }

  const cuts: LRUCache<string, Cut, {root: string; file: string; cut: ViewCut; coding: ContentCoding}> = new LRUCache({
    // Each view's copies of the few files that differ by reader (pages, main.js, sidebars' data).
    maxSize: Math.max(options.maxBytes / 2, 8 * 1024 * 1024),
    sizeCalculation: (cut) => cut.body.length + ENTRY_OVERHEAD_BYTES,
    fetchMethod: async (key, _stale, {context}) => {
      const made = await cutFile(context.root, context.file, context.cut, context.coding);
      if (!made) return undefined;
      const plan = context.coding === 'identity' ? null : refinedPlan(context.file, made.text.length);
      if (plan !== null) {
        refinements.push({key, file: context.file, cut: made.cut, text: made.text, coding: context.coding, plan});
        // After the cache holds the quick copy: the best one replaces it.
        setImmediate(() => void refine());
      }
      return made.cut;
    },
  });

  async function sendCut(reply: FastifyReply, file: string, build: BuildRef, viewCut: ViewCut) {
    const {template, view, scripts} = viewCut;
    const coding = chooseCoding(reply.request.headers['accept-encoding'], CUT_CODINGS);
    // A visitor's page says it is one (asVisitorPage): a copy of its own. A page names the view's copies of the scripts.
    const kind = `${cutKey(template, view)}${isVisitorView(view) ? 'v' : ''}${scripts ? `/${scriptsKey(scripts, view)}` : ''}`;
    const cut = await cuts.fetch(`${build.id}\0${build.root}\0${file}\0${kind}\0${coding}`, {
      context: {root: build.root, file, cut: viewCut, coding},
    });
    if (!cut) {
      reply.callNotFound();
      return reply;
    }
    // Weak when compressed here, as nginx makes it: the bytes of one coding change when the best copy replaces the quick one.
    const etag = entityTag(cut.digest, coding, coding !== 'identity');
    reply.header('etag', etag);
    reply.header('vary', vary.append(String(reply.getHeader('vary') ?? ''), 'Accept-Encoding'));
    if (reply.statusCode === 200 && fresh(reply.request.headers, {etag})) return reply.code(304).send();
    reply.header('content-type', cut.contentType);
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.send(cut.body);
  }

  app.decorateReply(
    'sendBuildFile',
    async function (this: FastifyReply, file: string, build: BuildRef, cut?: ViewCut): Promise<FastifyReply> {
      if (cut) return sendCut(this, file, build, cut);
      // A file is its build, folder and path: the same path in two builds (or one changed in place), or in the site and the login build of one, is two files.
      const stored = await cache.fetch(`${build.id}\0${build.root}\0${file}`, {context: {root: build.root, file}});
      // The build was removed under the gate: nothing to send.
      if (!stored) {
        this.callNotFound();
        return this;
      }

      const coding = chooseCoding(this.request.headers['accept-encoding'], stored.codings);
      const representation = stored.representations.get(coding)!;
      this.header('etag', representation.etag);
      // The answer depends on Accept-Encoding whenever the file has compressed copies.
      if (stored.codings.size > 1) this.header('vary', vary.append(String(this.getHeader('vary') ?? ''), 'Accept-Encoding'));
      // An error page (the 404) is never "not modified": it must reach the reader.
      if (this.statusCode === 200 && fresh(this.request.headers, {etag: representation.etag})) return this.code(304).send();
      this.header('content-type', stored.contentType);
      if (coding !== 'identity') this.header('content-encoding', coding);
      if (representation.body) return this.send(representation.body);
      this.header('content-length', representation.size);
      return this.send(this.request.method === 'HEAD' ? undefined : createReadStream(representation.path));
    },
  );
};

export const buildFilesPlugin = fastifyPlugin(buildFiles, {name: 'build-files'});
