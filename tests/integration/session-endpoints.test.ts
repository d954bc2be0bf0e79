/**
 * The session endpoints at their edges: hostile bodies and headers, sessions per client, an ID token of
 * a signed-out sign-in, and a second __session cookie planted beside the reader's.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  healthStatuses,
  postLogout,
  postSession,
  type RunningGate,
  sessionCookieFor,
  sessionCookieOf,
  signedInGate,
  startGate,
} from '../support/gate';
import {emulator, idTokenClaims, nowSeconds, sessionCookieClaims, uniqueEmail, unsignedJwt} from '../support/emulator';
import {NAVIGATION, sameOriginJson, SUBRESOURCE} from '../../testkit/http';
import {DEMO_READER} from '../../contracts/demoReader';
import {LOGOUT_ENDPOINT, SESSION_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
/** The same gate over a loopback port. */
let port: string;
let cookie: string;

beforeAll(async () => ({gate, port, cookie} = await signedInGate()));
afterAll(() => gate.close());

function postJson(url: string, body: string, headers: Record<string, string> = {}) {
  return gate.request(url, {
    method: 'POST',
    headers: {...sameOriginJson(gate.origin), ...headers},
    body,
  });
}

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
    expect(await healthStatuses(gate, port)).toEqual([200, 200]);
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
    const limited = await startGate({SIGN_IN_RATE_PER_CLIENT: '3', TRUST_PROXY: '1'});
    try {
      const from = (client: string, written = 1) =>
        limited.request(SESSION_ENDPOINT, {
          method: 'POST',
          // As the one proxy in front writes it: what the client sent, then the address the proxy saw.
          headers: {...sameOriginJson(limited.origin), 'x-forwarded-for': `198.51.100.${written}, ${client}`},
          body: JSON.stringify({idToken: 'not-a-token'}),
        });
      const statuses = [];
      // A client that writes another address each time is still the one the proxy saw.
      for (let i = 0; i < 3; i += 1) statuses.push((await from('203.0.113.7', i)).status);
      const refused = await from('203.0.113.7', 3);
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

describe('the session endpoints trust the configured origin, not the Host header', () => {
  it('refuses a DNS-rebinding request that calls itself same-origin', async () => {
    const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
    const port = new URL(gate.origin).port;
    const response = await gate.request(SESSION_ENDPOINT, {
      method: 'POST',
      headers: {...sameOriginJson(`http://rebind.evil.test:${port}`), host: `rebind.evil.test:${port}`},
      body: JSON.stringify({idToken}),
    });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('with PUBLIC_ORIGIN, accepts exactly that origin', async () => {
    const published = await startGate({PUBLIC_ORIGIN: 'https://docs.tutorial-hub.test'});
    try {
      const post = async (origin: string) =>
        (
          await published.request(SESSION_ENDPOINT, {
            method: 'POST',
            headers: sameOriginJson(origin),
            body: JSON.stringify({idToken: (await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password)).idToken}),
          })
        ).status;
      expect(await post(published.origin)).toBe(403);
      expect(await post('https://docs.tutorial-hub.test')).toBe(204);
    } finally {
      await published.close();
    }
  });
});
