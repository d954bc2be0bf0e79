/**
 * The gate server's edges: hostile paths and bodies, headers, the session cookie, and emulator
 * safety. In process through app.inject, but for what only real HTTP carries: paths a URL parser
 * would rewrite, and headers past the HTTP parser's limit, go over a port.
 */
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {connect, type Socket} from 'node:net';
import {postLogout, postSession, sessionCookieFor, sessionCookieOf, startGate, type RunningGate} from '../support/gate';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {emulator, idTokenClaims, nowSeconds, sessionCookieClaims, uniqueEmail, unsignedJwt} from '../support/emulator';
import {runScript} from '../support/childProcess';
import {NAVIGATION, rawRequest, sameOriginJson, SUBRESOURCE} from '../../testkit/http';
import {LOGIN_BUILD_DIR, SITE_BUILD_DIR} from '../support/builtFiles';
import {MANIFEST_FILE, partUrl, type SearchManifest} from '../../contracts/searchIndexFiles';
import {safeRedirectTarget} from '../../contracts/paths';
import {DEMO_READER} from '../../contracts/demoReader';
import {LOGOUT_ENDPOINT, SESSION_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';
import {mayHoldMarkers} from '../../contracts/audienceMarkers';

let gate: RunningGate;
/** The same gate over a loopback port. */
let port: string;
let cookie: string;

beforeAll(async () => {
  gate = await startGate();
  port = await gate.listen();
  cookie = await sessionCookieFor(gate);
});
afterAll(() => gate.close());

/** /healthz's status in process and on the port: [200, 200] while the gate still answers. */
const healthStatuses = async () => [(await gate.request('/healthz')).status, (await rawRequest(port, '/healthz')).status];

function postJson(url: string, body: string, headers: Record<string, string> = {}) {
  return gate.request(url, {
    method: 'POST',
    headers: {...sameOriginJson(gate.origin), ...headers},
    body,
  });
}

describe('open redirects', () => {
  /** Every Location the gate sends must stay on this site, and any redirect target must be safe. */
  function expectSameSite(location: string | string[] | undefined) {
    expect(typeof location).toBe('string');
    const value = location as string;
    expect(value).toMatch(/^\//);
    expect(value).not.toMatch(/^\/\//);
    expect(value).not.toMatch(/\\/);
    expect(new URL(value, port).origin).toBe(port);
  }

  it.each([
    '//evil.com',
    '//evil.com/',
    '///evil.com/',
    '/\\evil.com',
    '/%5Cevil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com/',
    '/%09/evil.com',
    '/%0d%0aLocation:%20https://evil.com',
    '/https:/evil.com/',
    '/http://evil.com',
    '/javascript:alert(1)',
    '/JaVaScRiPt:alert(1)',
    '/.evil.com',
    '/@evil.com',
    '/%40evil.com',
    '/evil.com%2F..',
    '//%5Cevil.com',
    '/docs/..//evil.com',
    `${PAGE.path}.html?redirect=//evil.com`,
    `${PAGE.path}/?next=https://evil.com`,
    '/login/?redirect=//evil.com',
  ])('%s never leads off the site', async (url) => {
    for (const headers of [NAVIGATION, SUBRESOURCE]) {
      const response = await rawRequest(port, url, {headers});
      expect([301, 302, 400, 401, 404, 414]).toContain(response.status);
      if (response.status === 301 || response.status === 302) expectSameSite(response.headers.location);
      // A login redirect the gate writes itself carries only a safe target (a 301 keeps the query as sent).
      if (response.status === 302) {
        const target = new URL(String(response.headers.location), port).searchParams.get('redirect');
        if (target !== null) expect(safeRedirectTarget(target)).toBe(target);
      }
    }
  });
});

describe('path traversal', () => {
  // Text only the files outside the build hold, read from them so that it cannot go stale.
  const declarationIn = (file: string) => /^export .*$/m.exec(readFileSync(path.resolve(__dirname, '../..', file), 'utf8'))![0];
  const secrets = [
    readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8').slice(0, 40),
    declarationIn('server/app.ts'),
    'root:x:0:0',
  ];

  it.each([
    '/../package.json',
    '/../../etc/passwd',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/etc/passwd',
    '/.%2e/server/app.ts',
    '/%2e./server/app.ts',
    '/..%2fpackage.json',
    '/..%2Fserver%2Fapp.ts',
    '/..%5cpackage.json',
    '/..\\package.json',
    '/%252e%252e/package.json',
    '/index.html%00.json',
    '/assets/js/%00',
    '/%c0%ae%c0%ae/package.json',
    '/./../package.json',
    '/../'.repeat(50) + 'etc/passwd',
    '/a'.repeat(900),
    '/server/app.ts',
    '/node_modules/.package-lock.json',
  ])('%.60s serves nothing outside the build', async (url) => {
    for (const session of [undefined, cookie]) {
      const headers: Record<string, string> = {...SUBRESOURCE};
      if (session) headers.cookie = sessionCookieHeader(session);
      const response = await rawRequest(port, url, {headers});
      expect(response.status).not.toBe(200);
      expect(response.status).toBeLessThan(500);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
    expect(await healthStatuses()).toEqual([200, 200]);
  });
});

describe('session endpoints', () => {
  it.each([
    ['a cross-site page', {origin: 'https://evil.com', 'sec-fetch-site': 'cross-site'}],
    ['a same-site sibling', {origin: 'http://evil.127.0.0.1.nip.io', 'sec-fetch-site': 'same-site'}],
    ['a foreign Origin without fetch metadata', {origin: 'https://evil.com', 'sec-fetch-site': ''}],
    ['no Origin and no fetch metadata', {origin: '', 'sec-fetch-site': ''}],
  ])('refuse %s with 403', async (_name, headers) => {
    const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
    const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    const base = {'content-type': 'application/json', ...clean};
    const session = await gate.request(SESSION_ENDPOINT, {method: 'POST', headers: base, body: JSON.stringify({idToken})});
    expect(session.status).toBe(403);
    expect(session.headers['set-cookie']).toBeUndefined();
    const logout = await gate.request(LOGOUT_ENDPOINT, {
      method: 'POST',
      headers: {...base, cookie: sessionCookieHeader(cookie)},
      body: JSON.stringify({everywhere: true}),
    });
    expect(logout.status).toBe(403);
    // The reader's session survived the forged sign-out.
    expect((await gate.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"idToken": ', {}, 400],
    ['an empty body', '', {}, 400],
    ['a missing idToken', '{}', {}, 400],
    ['an extra field', JSON.stringify({idToken: 'x', admin: true}), {}, 400],
    ['a non-string idToken', JSON.stringify({idToken: 42}), {}, 400],
    ['a JSON array', '[]', {}, 400],
    ['an oversized body', JSON.stringify({idToken: 'x'.repeat(20_000)}), {}, 413],
    ['a form body', 'idToken=x', {'content-type': 'application/x-www-form-urlencoded'}, 415],
    ['a garbage token', JSON.stringify({idToken: 'not-a-token'}), {}, 401],
  ])('POST /api/session with %s is refused cleanly', async (_name, body, headers, status) => {
    const response = await postJson(SESSION_ENDPOINT, body, headers as Record<string, string>);
    expect(response.status).toBe(status);
    expect(response.body).not.toMatch(/at .*\.(?:ts|js):\d+/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await healthStatuses()).toEqual([200, 200]);
  });

  it('refuses an ID token minted more than five minutes ago', async () => {
    const uid = await emulator.longStandingUser();
    const stale = unsignedJwt(idTokenClaims({user_id: uid, sub: uid, iat: nowSeconds() - 600, auth_time: nowSeconds() - 600}));
    const response = await postJson(SESSION_ENDPOINT, JSON.stringify({idToken: stale}));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body).error).toBe('stale-id-token');
  });

  it('refuses a fresh ID token from a sign-in older than the allowed age', async () => {
    const uid = await emulator.longStandingUser();
    const old = unsignedJwt(idTokenClaims({user_id: uid, sub: uid, iat: nowSeconds() - 10, auth_time: nowSeconds() - 15 * 24 * 3600}));
    const response = await postJson(SESSION_ENDPOINT, JSON.stringify({idToken: old}));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body).error).toBe('sign-in-too-old');
  });

  it('sets __session HttpOnly, SameSite=Lax, Path=/, for 5 days by default', async () => {
    const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
    const response = await postJson(SESSION_ENDPOINT, JSON.stringify({idToken}));
    expect(response.status).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__session=[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${5 * 24 * 3600}`);
    expect(setCookie).not.toContain('Secure');
  });

  it('logout clears the cookie', async () => {
    const response = await postJson(LOGOUT_ENDPOINT, '{}');
    expect(response.status).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('new sessions, per client', () => {
  it('answer 429 with Retry-After past the limit, to that client only, and name no account', async () => {
    const limited = await startGate({SIGN_IN_RATE_PER_CLIENT: '3', TRUST_PROXY: 'true'});
    try {
      const from = (client: string) =>
        limited.request(SESSION_ENDPOINT, {
          method: 'POST',
          headers: {...sameOriginJson(limited.origin), 'x-forwarded-for': client},
          body: JSON.stringify({idToken: 'not-a-token'}),
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await from('203.0.113.7')).status);
      const refused = await from('203.0.113.7');
      expect({statuses, refused: refused.status}).toEqual({statuses: [401, 401, 401], refused: 429});
      expect(refused.headers['retry-after']).toBe('20');
      expect(JSON.parse(refused.body)).toEqual({
        error: 'too-many-requests',
        message: 'Too many sign-ins from this address in a short time; try again shortly.',
      });
      expect((await from('203.0.113.8')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('an ID token starts no session once its sign-in was signed out', () => {
  it('is refused on this instance and on one that never saw it', async () => {
    const reader = await emulator.newAccount(uniqueEmail('one-session'));
    const {idToken} = await emulator.signInWithPassword(reader.email, reader.password);
    const first = await postSession(gate, idToken);
    expect(first.status).toBe(204);
    expect((await postLogout(gate, sessionCookieOf(first))).status).toBe(200);
    const other = await startGate();
    try {
      for (const instance of [gate, other]) {
        const replay = await postSession(instance, idToken);
        expect({status: replay.status, error: JSON.parse(replay.body).error}).toEqual({status: 401, error: 'sign-in-ended'});
        expect(replay.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      await other.close();
    }
  });
});

describe('a second __session cookie planted beside the reader’s (a sibling subdomain can set one)', () => {
  it('does not lock the reader out, in either order, and a sign-out ends the reader’s session', async () => {
    const reader = await sessionCookieFor(gate, await emulator.newAccount(uniqueEmail('planted')));
    const planted = unsignedJwt(sessionCookieClaims({exp: nowSeconds() - 10}));
    const both = [`__session=${planted}; __session=${reader}`, `__session=${reader}; __session=${planted}`];
    for (const header of both) {
      const page = await gate.request(PAGE.path, {headers: {...NAVIGATION, cookie: header}});
      expect({header, status: page.status}).toEqual({header, status: 200});
      // What the login page asks after a sign-in: does the browser send a session the gate serves?
      expect((await gate.request(SESSION_ENDPOINT, {headers: {cookie: header}})).status).toBe(204);
    }
    expect((await gate.request(SESSION_ENDPOINT, {headers: {cookie: `__session=${planted}`}})).status).toBe(401);
    expect((await gate.request(SESSION_ENDPOINT)).status).toBe(401);
    // More planted cookies than a gate might look at: expired ones, and live-looking ones of no account.
    const many = [
      ...Array.from({length: 3}, (_, i) => unsignedJwt(sessionCookieClaims({exp: nowSeconds() - 10 - i}))),
      ...Array.from({length: 4}, (_, i) => unsignedJwt(sessionCookieClaims({sub: `planted-${i}`, user_id: `planted-${i}`}))),
    ];
    const crowded = [...many, reader].map((value) => `__session=${value}`).join('; ');
    expect((await gate.request(PAGE.path, {headers: {...NAVIGATION, cookie: crowded}})).status).toBe(200);
    expect((await gate.request(SESSION_ENDPOINT, {headers: {cookie: crowded}})).status).toBe(204);
    const logout = await gate.request(LOGOUT_ENDPOINT, {
      method: 'POST',
      headers: {'content-type': 'application/json', origin: gate.origin, cookie: both[0]!},
      body: '{}',
    });
    expect(JSON.parse(logout.body)).toEqual({scope: 'session', pending: false});
    const after = await gate.request(PAGE.path, {headers: {...NAVIGATION, cookie: both[1]!}});
    expect((await gate.request(SESSION_ENDPOINT, {headers: {cookie: both[1]!}})).status).toBe(401);
    expect({status: after.status, location: after.headers.location}).toEqual({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(PAGE.path)}`,
    });
  });
});

describe('connections that hold the gate', () => {
  let strict: RunningGate;
  let origin: URL;
  beforeAll(async () => {
    // A second apart, so that each test meets one of them: an idle socket the idle timeout, a trickle the request timeout.
    strict = await startGate({REQUEST_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '4'});
    origin = new URL(await strict.listen());
  });
  afterAll(() => strict.close());

  /** A raw socket to the gate, and what it received until the gate closed it. */
  function open(): Promise<{socket: Socket; closed: Promise<string>}> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(origin.port), origin.hostname);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
      socket.once('connect', () => resolve({socket, closed}));
      socket.once('error', reject);
    });
  }

  /** Writes `piece` every 200 ms until the gate closes the socket. */
  function trickle(socket: Socket, piece: string): void {
    const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(piece)), 200);
    socket.on('close', () => clearInterval(timer));
  }

  it('cuts a client that sends its headers a line at a time, past the request timeout', async () => {
    const {socket, closed} = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    trickle(socket, 'X-Slow: 1\r\n');
    expect(await closed).not.toContain('200 OK');
  });

  it('cuts a client that sends a session body a byte at a time', async () => {
    const {socket, closed} = await open();
    socket.write(
      `POST ${SESSION_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin.origin}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2000\r\n\r\n{"idToken":"',
    );
    trickle(socket, 'x');
    expect(await closed).not.toMatch(/^HTTP\/1\.1 [24]0\d (?!Request Timeout)/);
  });

  it('closes a connection on which nothing moves', async () => {
    const {closed} = await open();
    expect(await closed).toBe('');
  });
});

describe('connections one client holds, or everyone together', () => {
  let crowded: RunningGate;
  let origin: URL;
  // A gate each: the connections a test held are counted until the gate has seen them close.
  beforeEach(async () => {
    crowded = await startGate({MAX_CONNECTIONS: '4', MAX_CONNECTIONS_PER_CLIENT: '2', HEADERS_TIMEOUT_SECONDS: '1'});
    origin = new URL(await crowded.listen());
  });
  afterEach(() => crowded.close());

  /** A raw socket to the gate from `client` (an address of the loopback network), and what it received until closed. */
  function openFrom(client: string): Promise<{socket: Socket; closed: Promise<string>}> {
    return new Promise((resolve, reject) => {
      const socket = connect({port: Number(origin.port), host: origin.hostname, localAddress: client});
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
      socket.once('connect', () => resolve({socket, closed}));
      socket.once('error', reject);
    });
  }

  it('closes a new connection that sends nothing, saying so, within the headers timeout', async () => {
    const {closed} = await openFrom('127.0.0.2');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  /**
   * A connection from `client` that made one request and holds on (kept alive): the gate has counted it
   * once it answered. Resolves with the socket and the answer's status line.
   */
  async function holdFrom(client: string): Promise<{socket: Socket; status: string}> {
    const {socket} = await openFrom(client);
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    return {socket, status: (await answered).split('\r\n')[0]!};
  }

  it('lets no client hold every connection: a reader is served while one client holds as many as the gate takes', async () => {
    const held = [];
    for (let i = 0; i < 4; i += 1) held.push(await holdFrom('127.0.0.2'));
    try {
      expect(held.map(({status}) => status)).toEqual([
        'HTTP/1.1 200 OK',
        'HTTP/1.1 200 OK',
        'HTTP/1.1 503 Service Unavailable',
        'HTTP/1.1 503 Service Unavailable',
      ]);
      expect((await rawRequest(origin.origin, '/healthz', {headers: {connection: 'close'}})).status).toBe(200);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });

  it('answers a reader who arrives when the gate is full, rather than resetting the connection, and serves once one frees', async () => {
    const held = [];
    for (const client of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3']) held.push(await holdFrom(client));
    try {
      expect(held.map(({status}) => status)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      const reader = () => rawRequest(origin.origin, '/healthz', {headers: {connection: 'close'}});
      const turnedAway = await reader();
      expect({status: turnedAway.status, retryAfter: turnedAway.headers['retry-after']}).toEqual({status: 503, retryAfter: '5'});
      expect(turnedAway.body).toBe('Tutorial Hub is busy: too many connections are open. Try again in a few seconds.');
      held[0]!.socket.destroy();
      await vi.waitFor(async () => expect((await reader()).status).toBe(200));
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });
});

describe('behind an https proxy', () => {
  let proxied: RunningGate;
  let proxiedPort: string;
  beforeAll(async () => {
    proxied = await startGate({TRUST_PROXY: 'true', SESSION_MAX_AGE_DAYS: '14', PUBLIC_ORIGIN: 'https://docs.tutorial-hub.test'});
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
    const manifestFile = readFileSync(path.join(SITE_BUILD_DIR, '1.0', MANIFEST_FILE), 'utf8');
    const manifest = await gate.request(`/1.0/${MANIFEST_FILE}`, {headers: signedIn()});
    const part = await gate.request(partUrl('/', (JSON.parse(manifestFile) as SearchManifest).termParts.names[0]!), {headers: signedIn()});
    const stylesheet = /href=(\/assets\/css\/styles\.[^ >]+\.css)/.exec(html.body)![1]!;
    const asset = await gate.request(stylesheet, {headers: signedIn()});
    // main.js holds the route table, which the gate cuts per reader on a site with audiences: the same address, another copy.
    const mainJs = /src=(\/assets\/js\/main\.[^ >]+\.js)/.exec(html.body)![1]!;
    const cut = await gate.request(mainJs, {headers: signedIn()});
    const cutPerReader = mayHoldMarkers(readFileSync(path.join(SITE_BUILD_DIR, mainJs), 'utf8'));
    expect([manifest.status, part.status, asset.status, cut.status]).toEqual([200, 200, 200, 200]);
    expect(html.headers['cache-control']).toBe('private, no-cache');
    // The manifest keeps its address from build to build; a part's name changes with its content.
    expect(manifest.headers['cache-control']).toBe('private, no-cache');
    expect(part.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(asset.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(cut.headers['cache-control']).toBe(cutPerReader ? 'private, no-cache' : 'private, max-age=31536000, immutable');
    for (const response of [html, manifest, part, asset, cut]) {
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
    expect(await healthStatuses()).toEqual([200, 200]);
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
  let onDisk: Buffer;
  beforeAll(async () => {
    server = await startGate(env);
    const login = await server.request('/login', {headers: NAVIGATION});
    mainJs = /src=(\/assets\/js\/main\.[^ >]+\.js)/.exec(login.body)![1]!;
    onDisk = readFileSync(path.join(LOGIN_BUILD_DIR, mainJs));
  });
  afterAll(() => server.close());

  it('sends the precompressed copy the browser accepts, each decoding to the built file', async () => {
    const br = await server.request(mainJs, {headers: {...SUBRESOURCE, 'accept-encoding': 'gzip, deflate, br'}});
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes)).toEqual(onDisk);
    const gz = await server.request(mainJs, {headers: {...SUBRESOURCE, 'accept-encoding': 'gzip'}});
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes)).toEqual(onDisk);
    const plain = await server.request(mainJs, {headers: SUBRESOURCE});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes).toEqual(onDisk);
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

describe('when the identity service is down', () => {
  // A process of its own: firebase-admin in this one talks to the runner's emulator.
  let cut: GateProcess;
  beforeAll(async () => {
    cut = await startTestGateProcess({FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9'});
  });
  afterAll(() => cut.close());

  it('a cookie cannot be checked: 503, a page saying why to a page load, not a crash and not a way in', async () => {
    const asset = await cut.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}});
    expect(asset.status).toBe(503);
    expect(asset.body).toBe('');
    const page = await cut.request(PAGE.path, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
    expect(page.status).toBe(503);
    expect(page.body).toContain('The sign-in service cannot be reached');
    expect(page.body).not.toContain(PAGE.h1);
    expect((await cut.request('/healthz')).status).toBe(200);
  });
});

describe('emulator safety', () => {
  it('refuses to start with the emulator and a project id that is not demo-', async () => {
    const result = await runScript('server/main.ts', [], {
      ...process.env,
      FIREBASE_PROJECT_ID: 'acme-docs',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PORT: '0',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not a demo- project');
    expect(result.stderr).toContain('refusing to start');
  });
});
