/**
 * The gate server over the real build, against the Auth emulator: what a visitor can fetch with
 * no cookie, with cookies that must not work, and with a valid session.
 *
 * The emulator's tokens are unsigned, so nothing here proves that a forged *signature* is refused:
 * the "forged" cases prove that malformed, expired, foreign, tampered and revoked cookies are.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {startGate, sessionCookieFor, type RunningGate} from '../support/gate';
import {BUILD_DIR, builtFiles, docTextSamples} from '../support/buildFiles';
import {nowSeconds, sessionCookieClaims, unsignedJwt} from '../support/emulator';
import {ALWAYS_PUBLIC as ALWAYS_PUBLIC_FILES, assetsReferencedBy} from '../../server/publicSurface';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../support/http';

let gate: RunningGate;
const files = builtFiles();
const loginAssets = new Set(assetsReferencedBy(readFileSync(path.join(BUILD_DIR, 'login.html'), 'utf8')));
const ALWAYS_PUBLIC = new Set(['/login', ...ALWAYS_PUBLIC_FILES]);
const isPublic = (url: string) => ALWAYS_PUBLIC.has(decodeURIComponent(url)) || loginAssets.has(decodeURIComponent(url));

beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

function get(url: string, {cookie, navigate = false}: {cookie?: string; navigate?: boolean} = {}) {
  const headers: Record<string, string> = {...(navigate ? NAVIGATION : SUBRESOURCE)};
  if (cookie !== undefined) headers.cookie = `__session=${cookie}`;
  return rawRequest(gate.origin, url, {headers});
}

describe('signed out', () => {
  it('the build has pages, chunks and search indexes to protect', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.file === 'search-index.json')).toBe(true);
    expect(files.some((f) => f.file === '1.0/search-index.json')).toBe(true);
  });

  it('the public surface is the login page and the files it loads, nothing else', () => {
    const publicFiles = files.filter((f) => isPublic(f.url)).map((f) => f.url);
    expect(publicFiles).toContain('/login');
    expect(publicFiles.every((url) => url === '/login' || ALWAYS_PUBLIC.has(url) || url.startsWith('/assets/'))).toBe(true);
    expect(publicFiles.some((url) => url.includes('search-index'))).toBe(false);
    expect(publicFiles.length).toBeLessThan(15);
  });

  it('serves only the public surface: every other file answers 401 to a fetch', async () => {
    for (const {url} of files) {
      const response = await get(url);
      expect({url, status: response.status}).toEqual({url, status: isPublic(url) ? 200 : 401});
      if (!isPublic(url)) expect(response.body).toBe('');
    }
  });

  it('redirects every page navigation to /login?redirect=<path and query>', async () => {
    for (const {file, url} of files.filter((f) => f.file.endsWith('.html') && f.url !== '/login')) {
      const response = await get(`${url}?from=test`, {navigate: true});
      expect({file, status: response.status}).toEqual({file, status: 302});
      expect(response.headers.location).toBe(`/login?redirect=${encodeURIComponent(`${url}?from=test`)}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers unknown paths like known ones, so nothing can be probed', async () => {
    expect((await get('/no-such-page', {navigate: true})).status).toBe(302);
    expect((await get('/assets/js/no-such-chunk.js')).status).toBe(401);
  });

  it('no signed-out response carries the text of any doc page', async () => {
    const samples = docTextSamples();
    expect(samples.length).toBeGreaterThan(30);
    for (const {url} of files) {
      const {body} = await get(url);
      for (const {doc, text} of samples) {
        expect(body.includes(text), `${url} contains text of ${doc}: "${text}"`).toBe(false);
      }
    }
  });
});

describe('cookies that must not open anything', () => {
  let revokedCookie: string;

  beforeAll(async () => {
    revokedCookie = await sessionCookieFor(gate);
    // Firebase records revocation to the second: a session started in the same second as
    // "sign out everywhere" would survive it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const logout = await fetch(`${gate.origin}/api/logout`, {
      method: 'POST',
      headers: {'content-type': 'application/json', origin: gate.origin, cookie: `__session=${revokedCookie}`},
      body: JSON.stringify({everywhere: true}),
    });
    expect(logout.status).toBe(204);
  });

  const badCookies: [string, () => string][] = [
    ['a random string', () => 'forged-session-value'],
    ['a malformed JWT', () => 'aaa.bbb.ccc'],
    ['an expired session cookie', () => unsignedJwt(sessionCookieClaims({iat: nowSeconds() - 7200, exp: nowSeconds() - 3600}))],
    [
      'a session cookie of another project',
      () =>
        unsignedJwt(
          sessionCookieClaims({iss: 'https://session.firebase.google.com/demo-other-project', aud: 'demo-other-project'}),
        ),
    ],
    ['an ID token instead of a session cookie', () => unsignedJwt(sessionCookieClaims({iss: 'https://securetoken.google.com/demo-tutorial-hub'}))],
    ['a cookie for a user that does not exist', () => unsignedJwt(sessionCookieClaims({user_id: 'nobody', sub: 'nobody'}))],
    ['a revoked session (sign out everywhere)', () => revokedCookie],
  ];

  it.each(badCookies)('%s gets 401 for every gated file and 302 for pages', async (_name, cookie) => {
    for (const {url} of files) {
      const response = await get(url, {cookie: cookie()});
      expect({url, status: response.status}).toEqual({url, status: isPublic(url) ? 200 : 401});
    }
    expect((await get('/1.0/intro', {cookie: cookie(), navigate: true})).status).toBe(302);
  });

  it('a tampered valid cookie (payload edited) is refused', async () => {
    const valid = await sessionCookieFor(gate);
    const [header, payload] = valid.split('.');
    const tampered = `${header}.${payload!.slice(0, -4)}AAAA.`;
    expect((await get('/1.0/intro', {cookie: tampered})).status).toBe(401);
  });
});

describe('signed in', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookieFor(gate);
  });

  it('every file of the build is served', async () => {
    for (const {url, file} of files) {
      const response = await get(url, {cookie});
      expect({file, status: response.status}).toEqual({file, status: 200});
    }
  });

  it('a page arrives with its content in the first HTML response', async () => {
    const html = (await get('/1.0/Collapsible', {cookie, navigate: true})).body;
    expect(html).toContain('Collapsible Sections</h1>');
    expect(html).toContain('accordionlike');
  });

  it('an unknown path is the not-found page, with status 404', async () => {
    const response = await get('/no-such-tutorial', {cookie, navigate: true});
    expect(response.status).toBe(404);
    expect(response.body).toContain('Page Not Found');
  });
});
