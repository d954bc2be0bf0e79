/**
 * A plain static file server on loopback, in the benchmark's own process: what a site without a gate
 * would sit behind (a CDN or nginx). Text files are sent with brotli when the browser accepts it,
 * compressed once at quality 11; every other file as it is on disk (Pagefind's index files are gzip
 * inside already). No caching headers: every search uses a fresh browser context.
 */
import {readFileSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {brotliCompressSync, constants} from 'node:zlib';
import {HOST} from './servers';

const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};
const BINARY_TYPES: Record<string, string> = {'.wasm': 'application/wasm'};

/** The file a URL path names in `dir`: the path itself, or `<path>.html` (Docusaurus's pages). */
function fileFor(dir: string, urlPath: string): string | null {
  const base = path.resolve(dir, decodeURIComponent(urlPath).slice(1));
  if (base !== dir && !base.startsWith(`${dir}${path.sep}`)) return null;
  return [base, `${base}.html`].find((candidate) => statSync(candidate, {throwIfNoEntry: false})?.isFile()) ?? null;
}

/** Serves `dir` on a port the system picks. */
export function startStaticServer(dir: string): Promise<{origin: string; stop: () => Promise<void>}> {
  const brotli = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const file = fileFor(dir, new URL(request.url ?? '/', `http://${HOST}`).pathname);
    if (!file) return void response.writeHead(404).end();
    const extension = path.extname(file);
    const textType = TEXT_TYPES[extension];
    const headers: Record<string, string> = {
      'content-type': textType ?? BINARY_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    };
    let body = readFileSync(file);
    if (textType && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      if (!brotli.has(file)) brotli.set(file, brotliCompressSync(body, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}));
      body = brotli.get(file)!;
      Object.assign(headers, {'content-encoding': 'br', vary: 'accept-encoding'});
    }
    response.writeHead(200, {...headers, 'content-length': String(body.length)}).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () =>
      resolve({
        origin: `http://${HOST}:${(server.address() as AddressInfo).port}`,
        // A browser's idle keep-alive connections would hold close() back.
        stop: () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())),
      }),
    );
  });
}
