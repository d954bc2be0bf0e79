/**
 * How the gate serves the build: behind an https proxy, redirects of other spellings, caching and
 * precompressed copies (from memory and from disk), search files, what reaches the browser.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';
import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {healthStatuses, type RunningGate, sessionCookieFor, signedInGate, startGate} from '../support/gate';
import {emulator} from '../support/emulator';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../../testkit/http';
import {LOGIN_BUILD_DIR, markersOf, SITE_BUILD_DIR, mainScriptOf} from '../support/builtFiles';
import {MANIFEST_FILE, partUrl, type SearchManifest} from '../../contracts/searchIndexFiles';
import {DEMO_READER} from '../../contracts/demoReader';
import {LOGOUT_ENDPOINT, SESSION_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
/** The same gate over a loopback port. */
let port: string;
let cookie: string;

beforeAll(async () => ({gate, port, cookie} = await signedInGate()));
afterAll(() => gate.close());

describe('behind an https proxy', () => {
  let proxied: RunningGate;
  let proxiedPort: string;
  beforeAll(async () => {
    proxied = await startGate({TRUST_PROXY: '1', SESSION_MAX_AGE_DAYS: '14', PUBLIC_ORIGIN: 'https://docs.tutorial-hub.test'});
    proxiedPort = await proxied.listen();
  });
  afterAll(() => proxied.close());

  it('marks the cookie Secure, sends HSTS, and honours the lifetime setting', async () => {
    const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
    const response = await proxied.request(SESSION_ENDPOINT, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'docs.tutorial-hub.test',
        origin: 'https://docs.tutorial-hub.test',
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({idToken}),
    });
    expect(response.status).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain(`Max-Age=${14 * 24 * 3600}`);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('marks the cookie Secure by the public origin, whatever X-Forwarded-Proto says', async () => {
    const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
    const response = await proxied.request(SESSION_ENDPOINT, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'x-forwarded-proto': 'http', origin: 'https://docs.tutorial-hub.test'},
      body: JSON.stringify({idToken}),
    });
    expect(response.status).toBe(204);
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it.each([
    ['a URL that does not decode', '/1.0/%E0%A4%A', {}, 400],
    ['oversized headers', PAGE.path, {'x-filler': 'x'.repeat(20_000)}, 431],
  ])('sends HSTS with answers given before routing: %s', async (_name, url, extra, status) => {
    const response = await rawRequest(proxiedPort, url, {headers: {...SUBRESOURCE, ...extra}});
    expect(response.status).toBe(status);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('serving', () => {
  const signedIn = () => ({...SUBRESOURCE, cookie: sessionCookieHeader(cookie)});

  it('redirects /x/, /x.html and /x/index.html to /x with 301, keeping the query', async () => {
    for (const url of [`${PAGE.path}/?a=1`, `${PAGE.path}.html?a=1`, `${PAGE.path}/index.html?a=1`]) {
      const response = await gate.request(url, {headers: signedIn()});
      expect({url, status: response.status, location: response.headers.location}).toEqual({url, status: 301, location: `${PAGE.path}?a=1`});
    }
  });

  it('sends cache headers: immutable hashed assets and index parts, revalidated HTML, index manifests and what is cut per reader, never public', async () => {
    const html = await gate.request(PAGE.path, {headers: signedIn()});
    const manifestFile = readFileSync(path.join(SITE_BUILD_DIR, MANIFEST_FILE), 'utf8');
    const manifest = await gate.request(`/${MANIFEST_FILE}`, {headers: signedIn()});
    const part = await gate.request(partUrl('/', (JSON.parse(manifestFile) as SearchManifest).termParts.names[0]!), {headers: signedIn()});
    const stylesheet = /href=(\/assets\/css\/styles\.[^ >]+\.css)/.exec(html.body)![1]!;
    const asset = await gate.request(stylesheet, {headers: signedIn()});
    // main.js holds the route table, which the gate cuts per reader on a site with audiences: the page names the
    // reader's own copy by an address of its own, hashed like any asset; the build's address gets the same copy, revalidated.
    const mainJs = mainScriptOf(html.body);
    const cut = await gate.request(mainJs, {headers: signedIn()});
    const built = `/assets/js/${(await readdir(path.join(SITE_BUILD_DIR, 'assets/js'))).find((file) => /^main\.[0-9a-f]+\.js$/.test(file))}`;
    const atBuiltAddress = await gate.request(built, {headers: signedIn()});
    const cutPerReader = markersOf().mayHold(readFileSync(path.join(SITE_BUILD_DIR, built), 'utf8'));
    expect([manifest.status, part.status, asset.status, cut.status, atBuiltAddress.status]).toEqual([200, 200, 200, 200, 200]);
    expect(mainJs === built).toBe(!cutPerReader);
    expect(cut.body).toBe(atBuiltAddress.body);
    expect(html.headers['cache-control']).toBe('private, no-cache');
    // The manifest keeps its address from build to build; a part's name changes with its content.
    expect(manifest.headers['cache-control']).toBe('private, no-cache');
    expect(part.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(asset.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(cut.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(atBuiltAddress.headers['cache-control']).toBe(cutPerReader ? 'private, no-cache' : 'private, max-age=31536000, immutable');
    for (const response of [html, manifest, part, asset, cut, atBuiltAddress]) {
      expect(String(response.headers.vary)).toContain('Cookie');
      expect(String(response.headers['cache-control'])).not.toContain('public');
    }
  });

  it.each([
    ['GET', '/healthz', {}],
    ['GET', '/readyz', {}],
    ['GET', SESSION_ENDPOINT, {}],
    ['GET', '/api/sign-in-options', {}],
    ['POST', LOGOUT_ENDPOINT, {'content-type': 'application/json', origin: 'http://127.0.0.1:3000'}],
    ['GET', PAGE.path, NAVIGATION],
    ['GET', '/assets/js/main.js', SUBRESOURCE],
    ['DELETE', PAGE.path, {}],
    ['GET', `${PAGE.path}/`, NAVIGATION],
  ])('lets nothing store %s %s (signed out): no-store unless a built file is served', async (method, url, headers) => {
    const response = await gate.request(url, {method, headers, body: method === 'POST' ? '{}' : undefined});
    expect({url, cacheControl: response.headers['cache-control']}).toEqual({url, cacheControl: 'no-store'});
  });

  it('sends the security headers', async () => {
    const response = await gate.request('/login', {headers: NAVIGATION});
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' https://apis.google.com");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Plain http on loopback: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets only the login page load Google’s sign-in scripts and frame the auth handler', async () => {
    const policy = async (url: string) => {
      const response = await gate.request(url, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
      expect(response.status).toBe(200);
      return String(response.headers['content-security-policy']);
    };
    const login = await policy('/login');
    expect(login).toMatch(/script-src [^;]*https:\/\/apis\.google\.com/);
    expect(login).toMatch(/frame-src [^;]*https:\/\/demo-tutorial-hub\.firebaseapp\.com/);
    for (const url of ['/', PAGE.path, '/search']) {
      const docs = await policy(url);
      expect(docs).not.toContain('apis.google.com');
      expect(docs).toContain("frame-src 'none'");
      // A signed-in page still refreshes its ID token.
      expect(docs).toContain('https://securetoken.googleapis.com');
    }
  });

  it('shows media from the operator’s MEDIA_ORIGINS on docs pages, never on the login page', async () => {
    const withMedia = await startGate({MEDIA_ORIGINS: 'https://img.shields.io'});
    try {
      const mediaCookie = await sessionCookieFor(withMedia);
      const policy = async (url: string) => {
        const response = await withMedia.request(url, {headers: {...NAVIGATION, cookie: sessionCookieHeader(mediaCookie)}});
        return {status: response.status, csp: String(response.headers['content-security-policy'])};
      };
      const docs = await policy(PAGE.path);
      expect(docs.status).toBe(200);
      expect(docs.csp).toMatch(/img-src 'self' data: https:\/\/img\.shields\.io(;|$)/);
      expect(docs.csp).toMatch(/media-src 'self' https:\/\/img\.shields\.io(;|$)/);
      expect(docs.csp).toMatch(/frame-src https:\/\/img\.shields\.io(;|$)/);
      const login = await policy('/login');
      expect(login.status).toBe(200);
      expect(login.csp).not.toContain('img.shields.io');
    } finally {
      await withMedia.close();
    }
  });

  it.each([
    ['a URL that does not decode', 'GET', '/1.0/%E0%A4%A', {}, 400, 'in process'],
    ['a lone percent sign', 'GET', '/%', {}, 400, 'in process'],
    ['a method the gate has no route for', 'POST', PAGE.path, {}, 404, 'in process'],
    ['another method on an unknown path', 'DELETE', '/no-such/path', {}, 404, 'in process'],
    ['oversized headers', 'GET', PAGE.path, {'x-filler': 'x'.repeat(20_000)}, 431, 'over a port'],
  ])('%s gets %#: the security headers, and nothing of the request echoed back', async (_name, method, url, extra, status, via) => {
    // Only the HTTP parser behind a port limits the size of headers.
    const options = {method, headers: {...SUBRESOURCE, ...extra}};
    const response = await (via === 'over a port' ? rawRequest(port, url, options) : gate.request(url, options));
    expect(response.status).toBe(status);
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.body).not.toContain(PAGE.path);
    expect(response.body).not.toContain('no-such');
    expect(response.body).not.toContain('%E0');
    expect(await healthStatuses(gate, port)).toEqual([200, 200]);
  });

  it('a page load of a malformed URL gets a page of ours saying so', async () => {
    // Over the port: a URL parser would resolve the %2e%2e segment before the gate saw it.
    for (const url of ['/1.0/%E0%A4%A', '/1.0/%2e%2e/x']) {
      const response = await rawRequest(port, url, {headers: NAVIGATION});
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('This address is not valid');
    }
  });

  it('answers /healthz for load balancers', async () => {
    const response = await gate.request('/healthz');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({status: 'ok'});
  });
});

describe.each([
  ['from memory (the default)', {}],
  ['from disk (GATE_MEMORY_CACHE_MB=0)', {GATE_MEMORY_CACHE_MB: '0'}],
])('files served %s', (_mode, env: Record<string, string>) => {
  let server: RunningGate;
  let mainJs: string;
  /** The built file as text: Vitest compares two strings at once, two Buffers byte by byte (7 s for main.js). */
  let onDisk: string;
  beforeAll(async () => {
    server = await startGate(env);
    const login = await server.request('/login', {headers: NAVIGATION});
    mainJs = mainScriptOf(login.body);
    onDisk = readFileSync(path.join(LOGIN_BUILD_DIR, mainJs), 'utf8');
  });
  afterAll(() => server.close());

  it('sends the precompressed copy the browser accepts, each decoding to the built file', async () => {
    const br = await server.request(mainJs, {headers: {...SUBRESOURCE, 'accept-encoding': 'gzip, deflate, br'}});
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(onDisk);
    const gz = await server.request(mainJs, {headers: {...SUBRESOURCE, 'accept-encoding': 'gzip'}});
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString('utf8')).toBe(onDisk);
    const plain = await server.request(mainJs, {headers: SUBRESOURCE});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString('utf8')).toBe(onDisk);
    for (const response of [br, gz, plain]) {
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(String(response.headers.vary)).toMatch(/Cookie/);
      expect(String(response.headers.vary)).toMatch(/Accept-Encoding/i);
    }
  });

  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    for (const encoding of [undefined, 'br']) {
      const headers = {...SUBRESOURCE, ...(encoding ? {'accept-encoding': encoding} : {})};
      const first = await server.request(mainJs, {headers});
      const etag = String(first.headers.etag);
      const again = await server.request(mainJs, {headers: {...headers, 'if-none-match': etag}});
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const stale = await server.request(mainJs, {headers: {...headers, 'if-none-match': '"not-this-one"'}});
      expect(stale.status).toBe(200);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const plain = await server.request(mainJs, {headers: SUBRESOURCE});
    const head = await server.request(mainJs, {method: 'HEAD', headers: SUBRESOURCE});
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
    expect(head.headers.etag).toBe(plain.headers.etag);
  });

  it("keeps a missing page a 404 with the site's 404 page, whatever If-None-Match says", async () => {
    const missing = await server.request('/no-such-page', {
      headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie), 'if-none-match': '*'},
    });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Page Not Found');
  });
});
