/**
 * Raw HTTP/1.1 requests: fetch() normalises paths (`..`, `//`) and overwrites fetch-metadata
 * headers, and the tests and the benchmarks need to send exactly what an attacker or a browser would.
 */
import {request, type Agent} from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as received, still encoded when Content-Encoding says so. */
  bytes: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The connection pool to send it over (node's global one by default). */
  agent?: Agent;
}

export function rawRequest(
  origin: string,
  path: string,
  {method = 'GET', headers = {}, body, agent}: RequestOptions = {},
): Promise<RawResponse> {
  const {hostname, port} = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({host: hostname, port, method, path, headers, agent}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes});
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const NAVIGATION = {accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document'};
export const SUBRESOURCE = {accept: '*/*', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script'};
/** A JSON POST from a page of `origin` itself, as the login page calls the session endpoints. */
export const sameOriginJson = (origin: string) => ({'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin'});
