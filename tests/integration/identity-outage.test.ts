/**
 * The gate when the identity service has a bad day: the Auth emulator behind a TCP proxy that
 * these tests cut (connection refused) and stall (no answer), then restore. The gates run as
 * processes of their own: firebase-admin in this one talks to the runner's emulator, not the proxy.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {postSession, sessionCookieFor} from '../support/gate';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {startTcpProxy, type TcpProxy} from '../support/tcpProxy';
import {EMULATOR_HOST} from '../support/environment';
import {emulator, uniqueEmail} from '../support/emulator';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {LOGIN_BUILD_DIR} from '../support/builtFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {chromeOf} from '../../server/rules/errorPages';
import {inlineScriptHashes} from '../../server/rules/headers';
import {listBuildFiles, LOGIN_PAGE} from '../../contracts/buildLayout';
import {LOGOUT_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {PAGE} from '../support/builtSite';
import site from '../../site.config';

const DEADLINE_SECONDS = 1;
let proxy: TcpProxy;
let gate: GateProcess;

beforeAll(async () => {
  proxy = await startTcpProxy(EMULATOR_HOST);
  gate = await startTestGateProcess({
    FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
    // Every request is past the re-check period: an outage is met on the next request, with no wait for a period to pass.
    SESSION_REVOCATION_CHECK_SECONDS: '0',
    IDENTITY_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    IDENTITY_GRACE_SECONDS: '3600',
  });
});
afterEach(() => proxy.restore());
afterAll(async () => {
  await gate.close();
  await proxy.close();
});

const get = (url: string, cookie?: string, headers: Record<string, string> = SUBRESOURCE) =>
  gate.request(url, {headers: {...headers, ...(cookie ? {cookie: sessionCookieHeader(cookie)} : {})}});

describe.each([
  ['cut', () => proxy.cut()],
  ['hung', () => proxy.stall()],
])('with the identity service %s', (_name, outage) => {
  it('a reader verified before keeps reading, past the re-check period', async () => {
    const cookie = await sessionCookieFor(gate, await emulator.newAccount(uniqueEmail('through-outage')));
    expect((await get(PAGE.path, cookie)).status).toBe(200);
    outage();
    for (let i = 0; i < 3; i += 1) {
      const page = await get(PAGE.path, cookie, NAVIGATION);
      expect(page.status).toBe(200);
      expect(page.body).toContain(PAGE.h1);
    }
  });

  it('a session never verified gets a 503 page with Retry-After on a page load, and an empty 503 otherwise', async () => {
    const cookie = await sessionCookieFor(gate, await emulator.newAccount(uniqueEmail('unverified-here')));
    const stranger = await startTestGateProcess({
      FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
      IDENTITY_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    });
    try {
      outage();
      const page = await stranger.request(`${PAGE.path}?tab=1`, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe('10');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('The sign-in service cannot be reached');
      expect(page.body).toContain(`href="${PAGE.path}?tab=1"`);
      expect(page.body).not.toContain(PAGE.h1);
      // In the site's chrome, with the colour-mode script the page's own CSP allows.
      const chrome = chromeOf(readFileSync(path.join(LOGIN_BUILD_DIR, LOGIN_PAGE), 'utf8'), new Set(listBuildFiles(LOGIN_BUILD_DIR)));
      // The announcement bar too, when the site has one (site.config.ts).
      for (const part of [chrome.footer, chrome.themeScript, ...(site.announcement === null ? [] : [chrome.announcement])]) {
        expect(part).not.toBeNull();
        expect(page.body).toContain(part!);
      }
      const [scriptHash] = inlineScriptHashes(page.body);
      expect(String(page.headers['content-security-policy'])).toContain(scriptHash);
      const script = await stranger.request(`/${MANIFEST_FILE}`, {
        headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)},
      });
      expect(script.status).toBe(503);
      expect(script.body).toBe('');
    } finally {
      await stranger.close();
    }
  });

  it('/login and every file it loads stay 200, whatever cookie comes with them', async () => {
    outage();
    const loginAssets = assetsReferencedBy(readFileSync(path.join(LOGIN_BUILD_DIR, LOGIN_PAGE), 'utf8'));
    for (const cookie of [undefined, 'never-seen-cookie', 'aaa.bbb.ccc']) {
      expect((await get('/login', cookie, NAVIGATION)).status).toBe(200);
      for (const asset of loginAssets) expect({asset, status: (await get(asset, cookie)).status}).toEqual({asset, status: 200});
    }
  });

  it('a sign-out clears the cookie and ends the session here at once; the other instances follow once the service answers', async () => {
    const reader = await emulator.newAccount(uniqueEmail('sign-out-in-outage'));
    const cookie = await sessionCookieFor(gate, reader);
    expect((await get(PAGE.path, cookie)).status).toBe(200);
    outage();
    const logout = await gate.request(LOGOUT_ENDPOINT, {
      method: 'POST',
      headers: {'content-type': 'application/json', origin: gate.origin, cookie: sessionCookieHeader(cookie)},
      body: '{}',
    });
    expect({status: logout.status, answer: JSON.parse(logout.body)}).toEqual({status: 200, answer: {scope: 'session', pending: true}});
    expect(String(logout.headers['set-cookie'])).toMatch(/^__session=;/);
    // Still within the grace period, yet this instance refuses the cookie.
    expect((await get(PAGE.path, cookie)).status).toBe(401);
    proxy.restore();
    await gate.logged((logs) => logs.some((line) => line.event === 'signed-out' && line.delayed === true && line.email === reader.email));
    const other = await startTestGateProcess({FIREBASE_AUTH_EMULATOR_HOST: proxy.address});
    try {
      expect((await other.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a new sign-in gets 503 unavailable, within the deadline', async () => {
    const reader = await emulator.newAccount(uniqueEmail('sign-in-in-outage'));
    const {idToken} = await emulator.signInWithPassword(reader.email, reader.password);
    outage();
    const started = Date.now();
    const response = await postSession(gate, idToken);
    expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 2000);
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toMatchObject({error: 'unavailable'});
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('recovery', () => {
  it('no request waits past the deadline while the service hangs; /readyz says so; the gate recovers without a restart', async () => {
    const reader = await emulator.newAccount(uniqueEmail('recovery'));
    const cookie = await sessionCookieFor(gate, reader);
    const fresh = await startTestGateProcess({
      FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
      IDENTITY_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
    });
    try {
      proxy.stall();
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({length: 5}, () => fresh.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})),
      );
      expect(Date.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000 + 2000);
      expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
      const notReady = await fresh.request('/readyz');
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.body)).toMatchObject({status: 'identity-unreachable'});
      expect((await fresh.request('/healthz')).status).toBe(200);

      proxy.restore();
      expect((await fresh.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status).toBe(200);
      expect((await fresh.request('/readyz')).status).toBe(200);
      await fresh.logged((logs) => logs.some((line) => line.event === 'identity-outage-ended'));
      const events = fresh.logs.map((line) => line.event).filter(Boolean);
      expect(events).toEqual(['started', 'identity-outage-began', 'identity-outage-ended']);
      expect(fresh.logs.find((line) => line.event === 'identity-outage-began')).toMatchObject({cause: expect.any(String)});
    } finally {
      await fresh.close();
    }
  });
});
