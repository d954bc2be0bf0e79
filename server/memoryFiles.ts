/**
 * Built files served from memory. A build's files never change (a new build is a new folder, see
 * liveBuild.ts), and they are small: read once, a file is sent from a Buffer rather than opened, stat'ed and streamed from disk
 * on every request, which doubled the gate's throughput (BENCHMARKS.md, Server). Files above the
 * per-file limit, and files the bounded cache has dropped for hotter ones, go through
 * @fastify/static as before.
 */
import {createHash} from 'node:crypto';
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import type {FastifyPluginAsync, FastifyReply} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import send from '@fastify/send';
import {LRUCache} from 'lru-cache';
import vary from 'vary';
import {chooseCoding, matchesEntityTag, PRECOMPRESSED_SUFFIX, type ContentCoding} from './representations';

interface Representation {
  body: Buffer;
  etag: string;
}

interface MemoryFile {
  contentType: string;
  representations: Map<ContentCoding, Representation>;
  codings: Set<ContentCoding>;
  /** All representations together: what the file costs the cache. */
  bytes: number;
}

/** Which build a file belongs to: its folder, and the identity of that reading of it. */
export interface BuildRef {
  id: string;
  root: string;
}

export interface MemoryFilesOptions {
  /** All representations of all cached files together. */
  maxBytes: number;
  /** A file whose representations together are larger is streamed from disk instead. */
  maxFileBytes: number;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a file (relative path) of a build, from memory when it is cached. */
    sendBuildFile(file: string, build: BuildRef): Promise<FastifyReply>;
  }
}

function contentTypeOf(file: string): string {
  const type = send.mime.getType(file) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

function representationOf(body: Buffer, coding: ContentCoding): Representation {
  // Strong, and different per coding: each is a different sequence of bytes.
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {body, etag: `"${digest}${coding === 'identity' ? '' : `-${coding}`}"`};
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function loadFile(root: string, file: string, maxFileBytes: number): Promise<MemoryFile | null> {
  const absolute = path.join(root, file);
  if ((await stat(absolute)).size > maxFileBytes) return null;
  const representations = new Map<ContentCoding, Representation>([['identity', representationOf(await readFile(absolute), 'identity')]]);
  for (const [coding, suffix] of Object.entries(PRECOMPRESSED_SUFFIX) as [ContentCoding, string][]) {
    const body = await readIfPresent(absolute + suffix);
    if (body) representations.set(coding, representationOf(body, coding));
  }
  const bytes = [...representations.values()].reduce((sum, {body}) => sum + body.length, 0);
  if (bytes > maxFileBytes) return null;
  return {contentType: contentTypeOf(file), representations, codings: new Set(representations.keys()), bytes};
}

/** @fastify/static, for files not held in memory. */
async function sendFromDisk(reply: FastifyReply, file: string, root: string): Promise<FastifyReply> {
  // @fastify/send answers a matching condition with 304 whatever the reply's status: an error
  // page (the 404) must never turn into an empty "not modified".
  if (reply.statusCode !== 200) {
    delete reply.request.raw.headers['if-none-match'];
    delete reply.request.raw.headers['if-modified-since'];
  }
  return reply.sendFile(file, root);
}

/** Cache key: the same path in two builds is two files. */
const keyOf = (build: BuildRef, file: string) => `${build.id}\0${build.root}\0${file}`;

const memoryFiles: FastifyPluginAsync<MemoryFilesOptions> = async (app, {maxBytes, maxFileBytes}) => {
  if (maxBytes <= 0) {
    app.decorateReply('sendBuildFile', function (this: FastifyReply, file: string, build: BuildRef) {
      return sendFromDisk(this, file, build.root);
    });
    return;
  }
  const streamed = new Set<string>();
  const cache = new LRUCache<string, MemoryFile>({
    maxSize: maxBytes,
    sizeCalculation: (file) => file.bytes,
    // One read per file, however many requests ask for it at once.
    fetchMethod: async (key) => {
      const [, root, file] = key.split('\0') as [string, string, string];
      const loaded = await loadFile(root, file, maxFileBytes);
      if (loaded === null) streamed.add(key);
      return loaded ?? undefined;
    },
  });

  async function cachedFile(key: string): Promise<MemoryFile | undefined> {
    if (streamed.has(key)) return undefined;
    try {
      return await cache.fetch(key);
    } catch {
      // Unreadable now: @fastify/static answers, with its own error handling.
      return undefined;
    }
  }

  app.decorateReply('sendBuildFile', async function (this: FastifyReply, file: string, build: BuildRef): Promise<FastifyReply> {
    const cached = await cachedFile(keyOf(build, file));
    if (!cached) return sendFromDisk(this, file, build.root);

    const coding = chooseCoding(this.request.headers['accept-encoding'], cached.codings);
    const {body, etag} = cached.representations.get(coding)!;
    this.header('etag', etag);
    // The answer depends on Accept-Encoding whenever the file has compressed copies.
    if (cached.codings.size > 1) this.header('vary', vary.append(String(this.getHeader('vary') ?? ''), 'Accept-Encoding'));
    if (this.statusCode === 200 && matchesEntityTag(this.request.headers['if-none-match'], etag)) return this.code(304).send();
    this.header('content-type', cached.contentType);
    if (coding !== 'identity') this.header('content-encoding', coding);
    return this.send(body);
  });
};

export const memoryFilesPlugin = fastifyPlugin(memoryFiles, {name: 'memory-files', dependencies: ['@fastify/static']});
