/**
 * The gate server over the real build, against the Auth emulator: what a visitor can fetch with
 * no cookie, with cookies that must not work, and with a valid session.
 *
 * The emulator's tokens are unsigned, so nothing here proves that a forged *signature* is refused:
 * the "forged" cases prove that malformed, expired, foreign, tampered and revoked cookies are.
 */
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {postLogout, startGate, sessionCookieFor, type RunningGate} from '../support/gate';
import {builtFiles, docTextSamples, LOGIN_BUILD_DIR, SITE_BUILD_DIR} from '../support/builtFiles';
import {emulator, nowSeconds, sessionCookieClaims, uniqueEmail, unsignedJwt} from '../support/emulator';
import {identifiersIn, privateIdentifiers} from '../support/privateIdentifiers';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {sessionCookieHeader} from '../../contracts/session';
import {PARTS_DIR} from '../../contracts/searchIndexFiles';
import {h1sOf, PAGE} from '../support/builtSite';
import {isVisible, readerView} from '../../contracts/audiences';
import {readBuild} from '../../server/services/build';
import {LiveBuild} from '../../server/services/liveBuild';
import {BUILD_DIR} from '../support/builtFiles';
import {siteVersions} from '../../contracts/siteVersions';
import {REPO} from '../../testkit/siteCopy';
import {versionManifestFile} from '../../testkit/builtSearchIndex';

let gate: RunningGate;
/** Who may fetch each file of the build (its audiences, if any), and what the public login build has. */
const {audiences, site, login} = await readBuild(BUILD_DIR);
/** The readers' site, and the public login build that signed-out visitors get instead (their not-found pages answer missing pages, at no address of their own). */
const isNotFoundPage = ({file}: {file: string}) => file === '404.html';
const files = builtFiles().filter((file) => !isNotFoundPage(file));
const publicFiles = builtFiles(LOGIN_BUILD_DIR).filter((file) => !isNotFoundPage(file));
const publicUrls = new Set(publicFiles.map(({url}) => url));
const isPublic = (url: string) => publicUrls.has(url);
const identifiers = privateIdentifiers();

/**
 * Every answer a signed-out visitor can get, with the given cookie: each public file, each site
 * file as a fetch and as a page load, a method the gate has no route for, and a malformed path.
 */
async function signedOutAnswers(cookie?: string): Promise<{request: string; status: number; body: string}[]> {
  const headersFor = (navigate: boolean) => ({
    ...(navigate ? NAVIGATION : SUBRESOURCE),
    ...(cookie === undefined ? {} : {cookie: sessionCookieHeader(cookie)}),
  });
  const answers = [];
  for (const {url} of [...publicFiles, ...files]) {
    for (const navigate of [false, true]) {
      const {status, body} = await gate.request(url, {headers: headersFor(navigate)});
      answers.push({request: `${navigate ? 'page load' : 'fetch'} ${url}`, status, body});
    }
  }
  for (const [method, url] of [
    ['POST', PAGE.path],
    ['DELETE', '/'],
    ['GET', '/%'],
    ['GET', '/1.0/%E0%A4%A'],
  ]) {
    const {status, body} = await gate.request(url!, {method, headers: headersFor(true)});
    answers.push({request: `${method} ${url}`, status, body});
  }
  return answers;
}

beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

function get(url: string, {cookie, navigate = false}: {cookie?: string; navigate?: boolean} = {}) {
  const headers: Record<string, string> = {...(navigate ? NAVIGATION : SUBRESOURCE)};
  if (cookie !== undefined) headers.cookie = sessionCookieHeader(cookie);
  return gate.request(url, {headers});
}

describe('signed out', () => {
  it('the build has pages, chunks and search indexes to protect', () => {
    expect(files.length).toBeGreaterThan(50);
    const manifests = siteVersions(REPO).map(versionManifestFile);
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(manifests));
    // The parts sit under /assets, as the login build's public files do: they must be refused all the same.
    expect(files.map((f) => f.file)).toContainEqual(expect.stringMatching(new RegExp(`^${PARTS_DIR}/`)));
  });

  it('the public surface is the login build: the login page, its own files, the icons and the manifest', () => {
    const urls = publicFiles.map(({url}) => url);
    expect(urls).toContain('/login');
    const expectedPublic = (url: string) =>
      ['/login', '/manifest.json', '/img/favicon.svg', '/img/logo.svg'].includes(url) || url.startsWith('/assets/');
    expect(urls.filter((url) => !expectedPublic(url))).toEqual([]);
    expect(urls.filter((url) => url.includes('search-index') || url.startsWith(`/${PARTS_DIR}/`))).toEqual([]);
    expect(urls.length).toBeLessThan(20);
  });

  it('serves every file of the login build to anyone, and nothing of the site: every other file answers 401 to a fetch', async () => {
    for (const {url} of publicFiles) expect({url, status: (await get(url)).status}).toEqual({url, status: 200});
    for (const {url} of files.filter((f) => !isPublic(f.url))) {
      const response = await get(url);
      expect({url, status: response.status}).toEqual({url, status: 401});
      expect(response.body).toBe('');
    }
  });

  it('the identifier list is real: the site itself names its private docs', () => {
    expect(identifiers.length).toBeGreaterThan(50);
    const siteMain = readdirSync(path.join(SITE_BUILD_DIR, 'assets/js')).find((file) => file.startsWith('main.'))!;
    const named = identifiersIn(readFileSync(path.join(SITE_BUILD_DIR, 'assets/js', siteMain), 'utf8'), identifiers);
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^source path/), expect.stringMatching(/^path/)]));
  });

  it('no signed-out answer names a private doc: no path, slug, title, source file, version label, section label or search context', async () => {
    const leaks = (await signedOutAnswers()).flatMap(({request, body}) =>
      identifiersIn(body, identifiers).map((found) => `${request}: ${found}`),
    );
    expect(leaks).toEqual([]);
  });

  it('redirects every page navigation to /login?redirect=<path and query>', async () => {
    for (const {file, url} of files.filter((f) => f.file.endsWith('.html') && !isPublic(f.url))) {
      const response = await get(`${url}?from=test`, {navigate: true});
      expect({file, status: response.status}).toEqual({file, status: 302});
      expect(response.headers.location).toBe(`/login?redirect=${encodeURIComponent(`${url}?from=test`)}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the home page as the redirect target too (the spec: the current path, whatever it is)', async () => {
    const home = await get('/', {navigate: true});
    expect([home.status, home.headers.location]).toEqual([302, '/login?redirect=%2F']);
  });

  it('answers unknown paths like known ones, so nothing can be probed', async () => {
    expect((await get('/no-such-page', {navigate: true})).status).toBe(302);
    expect((await get('/assets/js/no-such-chunk.js')).status).toBe(401);
  });

  it('does the same work for an asset that exists and one that does not: access is decided before the disk is asked', async () => {
    const existing = files.find(({url}) => url.startsWith('/assets/') && !isPublic(url))!.url;
    // A missing asset may belong to a release the gate has not switched to: it looks at the build folder.
    const looksAtTheBuildFolder = vi.spyOn(LiveBuild.prototype, 'catchUp');
    try {
      const work: Record<string, {status: number; looks: number}> = {};
      for (const url of [existing, '/assets/js/0000dead.js']) {
        looksAtTheBuildFolder.mockClear();
        const {status} = await get(url);
        work[url] = {status, looks: looksAtTheBuildFolder.mock.calls.length};
      }
      expect(Object.values(work)).toEqual([work[existing], work[existing]]);
    } finally {
      looksAtTheBuildFolder.mockRestore();
    }
  });

  it('/404 is a private path like any other, whatever a reader asked for before', async () => {
    // A reader's missing page first: the gate then holds the site's not-found page, which must not reach a stranger.
    const reader = await sessionCookieFor(gate);
    expect((await get('/no-such-page', {cookie: reader, navigate: true})).body).toContain('Page Not Found');
    for (const url of ['/404', '/404.html']) {
      const page = await get(url, {navigate: true});
      expect([page.status, page.headers.location]).toEqual(url === '/404' ? [302, '/login?redirect=%2F404'] : [301, '/404']);
      expect((await get(url)).status).toBe(url === '/404' ? 401 : 301);
    }
  });

  it('no signed-out response carries the text of any doc page', async () => {
    const samples = docTextSamples();
    expect(samples.length).toBeGreaterThan(0);
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
    // A reader of its own: every other test, here and in the other files, reads as the demo reader.
    // Signed out everywhere at once: the gate waits for Firebase's next whole second itself (sign-out.test.ts).
    revokedCookie = await sessionCookieFor(gate, await emulator.newAccount(uniqueEmail('signed-out-everywhere')));
    expect((await postLogout(gate, revokedCookie, {everywhere: true})).status).toBe(200);
  });

  const badCookies: [string, () => string][] = [
    ['a random string', () => 'forged-session-value'],
    ['a malformed JWT', () => 'aaa.bbb.ccc'],
    ['an expired session cookie', () => unsignedJwt(sessionCookieClaims({iat: nowSeconds() - 7200, exp: nowSeconds() - 3600}))],
    [
      'a session cookie of another project',
      () => unsignedJwt(sessionCookieClaims({iss: 'https://session.firebase.google.com/demo-other-project', aud: 'demo-other-project'})),
    ],
    [
      'an ID token instead of a session cookie',
      () => unsignedJwt(sessionCookieClaims({iss: 'https://securetoken.google.com/demo-tutorial-hub'})),
    ],
    ['a cookie for a user that does not exist', () => unsignedJwt(sessionCookieClaims({user_id: 'nobody', sub: 'nobody'}))],
    ['a revoked session (sign out everywhere)', () => revokedCookie],
  ];

  it.each(badCookies)('%s gets 401 for every gated file, 302 for pages, and answers naming no private doc', async (_name, cookie) => {
    for (const {url} of files) {
      const response = await get(url, {cookie: cookie()});
      expect({url, status: response.status}).toEqual({url, status: isPublic(url) ? 200 : 401});
    }
    expect((await get(PAGE.path, {cookie: cookie(), navigate: true})).status).toBe(302);
    const leaks = (await signedOutAnswers(cookie())).flatMap(({request, body}) =>
      identifiersIn(body, identifiers).map((found) => `${request}: ${found}`),
    );
    expect(leaks).toEqual([]);
  });

  it('a tampered valid cookie (payload edited) is refused', async () => {
    const valid = await sessionCookieFor(gate);
    const [header, payload] = valid.split('.');
    const tampered = `${header}.${payload!.slice(0, -4)}AAAA.`;
    expect((await get(PAGE.path, {cookie: tampered})).status).toBe(401);
  });
});

describe('signed in', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookieFor(gate);
  });

  it('every file of the build for every reader is served; a file for an audience, or one nothing names, is not there for a reader in none', async () => {
    // The demo reader of this gate is in no audience (tests/integration/audiences.test.ts covers the others). A file
    // the site's map does not name goes to nobody, unless the public login build has one of that name.
    // The authors' page is for INSIGHTS_AUDIENCE's readers alone (tests/integration/insights.test.ts).
    const forEveryReader = (file: string) =>
      file !== 'insights.html' && (site.files.has(file) ? isVisible(audiences.conditionOf(file), readerView([])) : login.files.has(file));
    expect(files.filter(({file}) => !site.files.has(file)).length).toBeLessThan(files.length / 10);
    for (const {url, file} of files) {
      const response = await get(url, {cookie});
      expect({file, status: response.status}).toEqual({file, status: forEveryReader(file) ? 200 : 404});
    }
  });

  it('a page arrives with its content in the first HTML response', async () => {
    const html = (await get(PAGE.path, {cookie, navigate: true})).body;
    expect(h1sOf(html)).toEqual([PAGE.h1]);
  });

  it('an unknown path is the not-found page, with status 404; so is /404', async () => {
    for (const url of ['/no-such-tutorial', '/404']) {
      const response = await get(url, {cookie, navigate: true});
      expect([url, response.status]).toEqual([url, 404]);
      expect(response.body).toContain('Page Not Found');
    }
  });
});
