/**
 * Releases and who reads what: a release that narrows who may open a page takes that page's scripts of
 * the release before from the readers it no longer has (pages still open keep the old release's scripts
 * of their own pages), and a release whose map is not its build's is not switched to. The releases are
 * the repository's build, and copies of it with their map changed as such a build would have it.
 */
import {cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {AUDIENCE_MAP, SITE_DIR, type AudienceMap} from '../../contracts/buildLayout';
import {sessionCookieHeader} from '../../contracts/session';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {audienceMapOf, BUILD_DIR, mainScriptOf} from '../support/builtFiles';
import {newReader} from '../support/reader';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {switchRelease} from '../support/releases';

const built = audienceMapOf();
/** A page for every reader whose own scripts no other route loads: the release after narrows it to staff. */
const [script, route] = Object.entries(built.fileRoutes)
  .filter(([file, routes]) => file.endsWith('.js') && routes.length === 1 && built.files[file] === '*' && built.routes[routes[0]!] === '*')
  .map(([file, routes]) => [file, routes[0]!] as const)
  .find(([, candidate]) => candidate.startsWith('/1.0/'))!;

let dir: string;
let gate: RunningGate;
let readersFile: string;
const cookies = {guest: '', staff: ''};

function release(name: string, change: (map: AudienceMap, site: string) => void): void {
  const site = path.join(dir, 'releases', name, SITE_DIR);
  cpSync(BUILD_DIR, path.dirname(site), {recursive: true});
  const map = audienceMapOf(site);
  change(map, site);
  writeFileSync(path.join(site, AUDIENCE_MAP), JSON.stringify(map));
}

const switchTo = (release: string) => switchRelease(dir, release);

const get = (url: string, who: keyof typeof cookies, headers = SUBRESOURCE) =>
  gate.request(url, {headers: {...headers, cookie: sessionCookieHeader(cookies[who])}});
const switchedTo = (name: string) =>
  expect.objectContaining({event: 'build-switched', root: expect.stringContaining(`${path.sep}${name}`)});

beforeAll(async () => {
  expect(script).toBeDefined();
  dir = mkdtempSync(path.join(tmpdir(), 'gate-release-audiences-'));
  release('a', () => {});
  // The release after: the page is for staff, and its script a new build's (the old one's name is the release before's only).
  release('b', (map, site) => {
    // A new build draws its own key for its readers' copies of the scripts, whose bytes need not change.
    map.cutSecret = `${map.cutSecret}-b`;
    map.routes[route] = 'staff';
    map.files[`${route.slice(1)}.html`] = 'staff';
    delete map.files[script];
    delete map.fileRoutes[script];
    unlinkSync(path.join(site, script));
  });
  // A release whose map names a file its build does not have: another build's map.
  release('c', (map) => {
    map.files['assets/js/never-built.0000.js'] = '*';
  });
  switchTo('a');
  readersFile = path.join(dir, 'readers.txt');
  const [guest, staff] = [await newReader('release-guest'), await newReader('release-staff')];
  writeFileSync(readersFile, `${guest.email}\n${staff.email} staff\n`);
  gate = await startGate({BUILD_DIR: path.join(dir, 'current'), ALLOWED_EMAILS_FILE: readersFile});
  cookies.guest = await sessionCookieFor(gate, guest);
  cookies.staff = await sessionCookieFor(gate, staff);
});
afterAll(async () => {
  await gate?.close();
  rmSync(dir, {recursive: true, force: true});
});

describe('a release that narrows who may open a page', () => {
  it("takes the page's scripts of the release before from readers it no longer has, and leaves them to the others", async () => {
    expect((await get(`/${script}`, 'guest')).status).toBe(200);
    const ownScript = async () => mainScriptOf((await get('/', 'guest', NAVIGATION)).body);
    const before = await ownScript();
    switchTo('b');
    await vi.waitFor(() => expect(gate.logs).toContainEqual(switchedTo('b')), {timeout: 10_000, interval: 100});
    // A page still open from the release before keeps its copy of the unchanged script; new pages get the new release's.
    const after = await ownScript();
    expect(after).not.toBe(before);
    expect([(await get(before, 'guest')).status, (await get(after, 'guest')).status]).toEqual([200, 200]);
    const missing = await get('/assets/js/0000dead.js', 'guest');
    const narrowed = await get(`/${script}`, 'guest');
    expect({status: narrowed.status, body: narrowed.body}).toEqual({status: 404, body: missing.body});
    expect((await get(`/${script}`, 'staff')).status).toBe(200);
    expect((await get(route, 'guest', NAVIGATION)).status).toBe(404);
    expect((await get(route, 'staff', NAVIGATION)).status).toBe(200);
  });
});

describe('a release whose map is not its build’s', () => {
  it('is not switched to: the gate says why and keeps serving the release it has', async () => {
    switchTo('c');
    await vi.waitFor(
      () => expect(gate.logs).toContainEqual(expect.objectContaining({msg: expect.stringMatching(/keeps serving the build it has/)})),
      {timeout: 10_000, interval: 100},
    );
    const refused = gate.logs.find((entry) => /keeps serving/.test(String(entry.msg)))!;
    expect(JSON.stringify(refused)).toMatch(/names files its build does not have \(assets\/js\/never-built\.0000\.js/);
    expect(gate.logs).not.toContainEqual(switchedTo('c'));
    // Still release b: the page is staff's.
    expect((await get(route, 'staff', NAVIGATION)).status).toBe(200);
    expect((await get(route, 'guest', NAVIGATION)).status).toBe(404);
  });
});
