/**
 * A new build while the gate serves: BUILD_DIR is a symlink to a release folder, switched to the
 * next release atomically. Readers never get a mix of builds, and pages already open keep every
 * hashed asset they need.
 */
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {BUILD_DIR, LOGIN_BUILD_DIR, SITE_BUILD_DIR} from '../support/builtFiles';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {sessionCookieHeader} from '../../contracts/session';
import {AUDIENCE_MAP, LOGIN_DIR, LOGIN_PAGE, PRECOMPRESSED_SUFFIX, SITE_DIR} from '../../contracts/buildLayout';
import {PAGE} from '../support/builtSite';
import {switchRelease} from '../support/releases';

let dir: string;
let gate: RunningGate;
let cookie: string;
const stylesheetOf = (dir: string) => readdirSync(path.join(dir, 'assets/css')).find((file) => file.endsWith('.css'))!;
/** Each of the two builds has its own stylesheet; release b renames both. */
const OLD_CSS = {[SITE_DIR]: stylesheetOf(SITE_BUILD_DIR), [LOGIN_DIR]: stylesheetOf(LOGIN_BUILD_DIR)};
const NEW_CSS = 'styles.0b0b0b0b.css';
const NEW_MARKER = '<meta name="release" content="b">';
const NEW_INLINE = '<script>window.tutorialHubRelease="b"</script>';

/** Release b: the same builds with their stylesheets under a new hashed name and a new inline script. */
function makeReleaseB(target: string): void {
  cpSync(BUILD_DIR, target, {recursive: true});
  for (const part of [SITE_DIR, LOGIN_DIR] as const) {
    const dir = path.join(target, part);
    for (const suffix of ['', ...Object.values(PRECOMPRESSED_SUFFIX)]) {
      try {
        renameSync(path.join(dir, 'assets/css', OLD_CSS[part] + suffix), path.join(dir, 'assets/css', NEW_CSS + suffix));
      } catch {
        // Not every file has compressed copies.
      }
    }
    for (const entry of readdirSync(dir, {recursive: true})) {
      const file = path.join(dir, String(entry));
      // The site's map names the files of its own build.
      if (file.endsWith(AUDIENCE_MAP)) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(OLD_CSS[part], NEW_CSS));
      if (Object.values(PRECOMPRESSED_SUFFIX).some((suffix) => file.endsWith(`.html${suffix}`))) unlinkSync(file);
      if (!file.endsWith('.html')) continue;
      const html = readFileSync(file, 'utf8')
        .replaceAll(OLD_CSS[part], NEW_CSS)
        .replace('<meta charset=UTF-8>', `<meta charset=UTF-8>${NEW_MARKER}${NEW_INLINE}`);
      writeFileSync(file, html);
    }
  }
}

const switchTo = (release: string) => switchRelease(dir, release);

const get = (url: string, headers: Record<string, string> = SUBRESOURCE) => gate.request(url, {headers});
const signedIn = (headers: Record<string, string> = SUBRESOURCE) => ({...headers, cookie: sessionCookieHeader(cookie)});

/** The gate notices a switch on its own poll of the folder. */
const WITHIN_POLLS = {timeout: 10_000, interval: 100};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gate-releases-'));
  cpSync(BUILD_DIR, path.join(dir, 'releases/a'), {recursive: true});
  makeReleaseB(path.join(dir, 'releases/b'));
  switchTo('a');
  gate = await startGate({BUILD_DIR: path.join(dir, 'current')});
  cookie = await sessionCookieFor(gate);
});
afterAll(async () => {
  await gate.close();
  rmSync(dir, {recursive: true, force: true});
});

describe('switching to a new release', () => {
  it('serves the new release whole, keeps the old hashed assets for open pages, and never mixes the two', async () => {
    const oldPage = await get(PAGE.path, signedIn(NAVIGATION));
    const oldAssets = assetsReferencedBy(oldPage.body).filter((asset) => asset.startsWith('/assets/'));
    expect(oldAssets).toContain(`/assets/css/${OLD_CSS.site}`);

    // Readers keep loading the login page and what it references while the release changes.
    let sampling = true;
    const mixed: string[] = [];
    const sampler = (async () => {
      while (sampling) {
        const login = await get('/login', NAVIGATION);
        for (const asset of assetsReferencedBy(login.body)) {
          const status = (await get(asset)).status;
          if (status !== 200) mixed.push(`${asset}: ${status}`);
        }
        const isNew = login.body.includes(NEW_MARKER);
        if (isNew !== login.body.includes(NEW_CSS)) mixed.push('a login page of two releases');
        // Injected requests never leave the microtask queue: without a turn of the event loop,
        // the build watcher and every timer would wait for this loop forever.
        await new Promise(setImmediate);
      }
    })();

    switchTo('b');
    try {
      await vi.waitFor(async () => expect((await get('/login', NAVIGATION)).body).toContain(NEW_MARKER), WITHIN_POLLS);
    } finally {
      // Stopped however the wait ends: left running, it would keep the next tests from their turns.
      sampling = false;
      await sampler;
    }
    expect(mixed).toEqual([]);

    const newLogin = await get('/login', NAVIGATION);
    expect(newLogin.body).toContain(NEW_CSS);
    expect(newLogin.body).not.toContain(OLD_CSS.login);
    // The new release's inline script is allowed by the CSP sent with it.
    expect(String(newLogin.headers['content-security-policy'])).toMatch(/'sha256-[^']+'/);
    const newPage = await get(PAGE.path, signedIn(NAVIGATION));
    expect(newPage.body).toContain(NEW_MARKER);

    // The page a reader already holds still gets every hashed asset it asks for, signed in or not.
    for (const asset of oldAssets) expect({asset, status: (await get(asset, signedIn())).status}).toEqual({asset, status: 200});
    expect((await get(`/assets/css/${OLD_CSS.login}`)).status).toBe(200);
    expect((await get(`/assets/css/${NEW_CSS}`)).status).toBe(200);
    expect(gate.logs).toContainEqual(expect.objectContaining({event: 'build-switched', how: 'release'}));
  });

  it('switches at once when asked for an asset of a release it has not switched to yet (another instance has)', async () => {
    const c = path.join(dir, 'releases/c');
    cpSync(path.join(dir, 'releases/b'), c, {recursive: true});
    const newest = 'styles.0c0c0c0c.css';
    renameSync(path.join(c, LOGIN_DIR, 'assets/css', NEW_CSS), path.join(c, LOGIN_DIR, 'assets/css', newest));
    switchTo('c');
    // Before the gate's own poll of the folder: a page served by a quicker instance asks this one.
    const asset = await get(`/assets/css/${newest}`);
    expect(asset.status).toBe(200);
    expect(gate.logs).toContainEqual(
      expect.objectContaining({event: 'build-switched', how: 'release', root: expect.stringContaining('c')}),
    );
  });

  it('never lets a browser keep a missing hashed asset: a 404 is not immutable', async () => {
    const response = await get('/assets/js/0000dead.js', signedIn());
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('notices a folder changed in place, says so, and serves it once it has settled', async () => {
    const login = path.join(dir, 'current', LOGIN_DIR, LOGIN_PAGE);
    // Served once, so that the gate holds the page as it was and the change shows only after the switch.
    expect((await get('/login', NAVIGATION)).status).toBe(200);
    writeFileSync(
      login,
      readFileSync(login, 'utf8').replace('<meta charset=UTF-8>', '<meta charset=UTF-8><meta name="release" content="b2">'),
    );
    await vi.waitFor(() => expect(gate.logs).toContainEqual(expect.objectContaining({event: 'build-changed-in-place'})), WITHIN_POLLS);
    await vi.waitFor(async () => expect((await get('/login', NAVIGATION)).body).toContain('content="b2"'), WITHIN_POLLS);
    expect(gate.logs).toContainEqual(expect.objectContaining({event: 'build-switched', how: 'in-place'}));
  });
});
