/**
 * A plain static file server on loopback, in the benchmark's own process: what a site without a gate
 * would sit behind (a CDN or nginx). Text files (HTML, JS, CSS, JSON) are sent with brotli when the
 * browser accepts it, compressed once at quality 11 and kept; every other file as it is on disk
 * (Pagefind's index files are gzip inside already). No caching headers: every benchmark run uses a
 * fresh browser context.
 */
import {createServer} from 'node:http';
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, constants} from 'node:zlib';
import {HOST} from './environment';
import type {RunningServer} from './processes';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg']);

/** A folder served at `prefix` (`/` or `/pagefind/`). */
export interface Mount {
  prefix: string;
  dir: string;
}

/** The file a URL path names under the mounts: the path itself, or `<path>.html`, or `<path>/index.html` (Docusaurus's pages). */
function fileFor(mounts: readonly Mount[], urlPath: string): string | null {
  const decoded = decodeURIComponent(urlPath);
  for (const {prefix, dir} of mounts) {
    if (!decoded.startsWith(prefix)) continue;
    const relative = decoded.slice(prefix.length);
    const base = path.resolve(dir, relative);
    if (base !== dir && !base.startsWith(`${dir}${path.sep}`)) return null;
    for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // Not this one.
      }
    }
  }
  return null;
}

/** Serves `mounts` (the longest prefix first) and `pages` (exact paths → HTML) on `port`. */
export function startStaticServer(port: number, mounts: readonly Mount[], pages: Record<string, string> = {}): Promise<RunningServer> {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const brotli = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', `http://${HOST}`);
    let body: Buffer;
    let extension: string;
    let key: string;
    if (pages[pathname] !== undefined) {
      body = Buffer.from(pages[pathname]!);
      extension = '.html';
      key = `page:${pathname}`;
    } else {
      const file = fileFor(ordered, pathname);
      if (!file) {
        response.writeHead(404, {'content-type': 'text/plain'}).end('Not found');
        return;
      }
      body = readFileSync(file);
      extension = path.extname(file);
      key = file;
    }
    const headers: Record<string, string> = {'content-type': TYPES[extension] ?? 'application/octet-stream', 'cache-control': 'no-store'};
    if (COMPRESSED.has(extension) && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      let compressed = brotli.get(key);
      if (!compressed) {
        compressed = brotliCompressSync(body, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}});
        brotli.set(key, compressed);
      }
      body = compressed;
      headers['content-encoding'] = 'br';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = String(body.length);
    response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () =>
      resolve({
        pid: process.pid,
        origin: `http://${HOST}:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // A browser's idle keep-alive connections would hold close() back.
            server.closeAllConnections();
          }),
      }),
    );
  });
}
