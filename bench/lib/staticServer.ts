/**
 * A plain static file server on loopback, in the benchmark's own process: what a site without a gate
 * would sit behind (a CDN or nginx). Text files are sent with brotli when the browser accepts it,
 * compressed once at quality 11; every other file as it is on disk (Pagefind's index files are gzip
 * inside already). No caching headers: every run uses a fresh browser context.
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
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** The file a URL path names in `dir`: the path itself, `<path>.html` or `<path>/index.html` (Docusaurus's pages). */
function fileFor(dir: string, urlPath: string): string | null {
  const base = path.resolve(dir, decodeURIComponent(urlPath).slice(1));
  if (base !== dir && !base.startsWith(`${dir}${path.sep}`)) return null;
  return (
    [base, `${base}.html`, path.join(base, 'index.html')].find((candidate) => statSync(candidate, {throwIfNoEntry: false})?.isFile()) ??
    null
  );
}

/** Serves `dir` on `port`. */
export function startStaticServer(port: number, dir: string): Promise<RunningServer> {
  const brotli = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const file = fileFor(dir, new URL(request.url ?? '/', `http://${HOST}`).pathname);
    if (!file) return void response.writeHead(404).end();
    const type = TYPES[path.extname(file)];
    const headers: Record<string, string> = {'content-type': type ?? 'application/octet-stream', 'cache-control': 'no-store'};
    let body = readFileSync(file);
    if (type && type !== TYPES['.wasm'] && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      if (!brotli.has(file)) brotli.set(file, brotliCompressSync(body, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}));
      body = brotli.get(file)!;
      Object.assign(headers, {'content-encoding': 'br', vary: 'accept-encoding'});
    }
    response.writeHead(200, {...headers, 'content-length': String(body.length)}).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () =>
      resolve({
        pid: process.pid,
        origin: `http://${HOST}:${port}`,
        // A browser's idle keep-alive connections would hold close() back.
        stop: () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())),
      }),
    );
  });
}
