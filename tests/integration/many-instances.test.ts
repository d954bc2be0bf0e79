/**
 * The gate scaled out: three gate processes behind a real load balancer (HAProxy, round robin,
 * loopback). Nothing is shared between them but Firebase and the files they serve, so what one
 * instance learns, every instance must act on within SESSION_REVOCATION_CHECK_SECONDS.
 */
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {postLogout, sessionCookieFor} from '../support/gate';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {freePort, haproxyInstalled, startLoadBalancer, type LoadBalancer} from '../support/loadBalancer';
import {emulator, nextSecond, uniqueEmail} from '../support/emulator';
import {BUILD_DIR} from '../support/builtFiles';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {sessionCookieHeader} from '../../contracts/session';
import {AUDIENCE_MAP, LOGIN_DIR, LOGIN_PAGE, PRECOMPRESSED_SUFFIX, urlOfBuildFile, type AudienceMap} from '../../contracts/buildLayout';
import {PAGE} from '../support/builtSite';
import {signOutSettleMs} from '../../server/services/signOuts';
import {switchRelease} from '../support/releases';

const INSTANCES = 3;
/** Who may fetch each file of the build, when its docs have audiences (the demo's do). */
const audienceMapFile = path.join(BUILD_DIR, AUDIENCE_MAP);
const audienceMap = existsSync(audienceMapFile) ? (JSON.parse(readFileSync(audienceMapFile, 'utf8')) as AudienceMap) : null;
const RECHECK_SECONDS = 2;
/**
 * The gates' deadline for a call to Firebase: short, since a sign-out's read-back waits two of them
 * (server/app.ts), yet long enough for the emulator on a machine busy with the other test files.
 */
const IDENTITY_SECONDS = 3;
const SETTLE_MS = signOutSettleMs(IDENTITY_SECONDS * 1000);
/** Every change below must show within the re-check period; this is the margin for the requests themselves. */
const WITHIN_RECHECK = {timeout: RECHECK_SECONDS * 1000 + 1500, interval: 100};
const RELEASE_MARKER = '<meta name="release" content="b">';

let dir: string;
let readersFile: string;
let gates: GateProcess[];
let balancer: LoadBalancer;

const switchTo = (release: string) => switchRelease(dir, release);

/** Release b: release a with its login page marked and its stylesheet renamed (a new hashed asset). */
function makeReleaseB(target: string): void {
  cpSync(BUILD_DIR, target, {recursive: true});
  const login = path.join(target, LOGIN_DIR, LOGIN_PAGE);
  const css = assetsReferencedBy(readFileSync(login, 'utf8')).find((asset) => asset.endsWith('.css'))!;
  const renamed = css.replace(/\.css$/, '.b.css');
  cpSync(path.join(target, LOGIN_DIR, css), path.join(target, LOGIN_DIR, renamed));
  for (const suffix of Object.values(PRECOMPRESSED_SUFFIX)) rmSync(login + suffix, {force: true});
  writeFileSync(
    login,
    readFileSync(login, 'utf8').replaceAll(css, renamed).replace('<meta charset=UTF-8>', `<meta charset=UTF-8>${RELEASE_MARKER}`),
  );
  unlinkSync(path.join(target, LOGIN_DIR, css));
}

beforeAll(async () => {
  if (!haproxyInstalled()) throw new Error('These tests need HAProxy: apt-get install haproxy (.ci/run installs it).');
  dir = mkdtempSync(path.join(tmpdir(), 'many-instances-'));
  cpSync(BUILD_DIR, path.join(dir, 'releases/a'), {recursive: true});
  makeReleaseB(path.join(dir, 'releases/b'));
  switchTo('a');
  readersFile = path.join(dir, 'readers.txt');
  writeFileSync(readersFile, '');
  const port = await freePort();
  const env = {
    BUILD_DIR: path.join(dir, 'current'),
    SESSION_REVOCATION_CHECK_SECONDS: String(RECHECK_SECONDS),
    ALLOWED_EMAILS_FILE: readersFile,
    // Sessions are started through the balancer, from the origin readers use.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_REQUESTS: 'true',
    IDENTITY_TIMEOUT_SECONDS: String(IDENTITY_SECONDS),
  };
  gates = await Promise.all(Array.from({length: INSTANCES}, () => startTestGateProcess(env)));
  balancer = await startLoadBalancer(
    port,
    gates.map((gate) => gate.origin),
  );
});
afterAll(async () => {
  await balancer?.close();
  await Promise.all((gates ?? []).map((gate) => gate.close()));
  rmSync(dir, {recursive: true, force: true});
});

/** Statuses of a gated file through the balancer: two rounds, so every instance answers twice. */
async function throughBalancer(cookie: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * INSTANCES; i += 1) {
    statuses.push((await balancer.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status);
  }
  return statuses;
}

/** One instance on its own, called as from the readers' origin (the only one the gates accept). */
const instance = (index: number) => ({origin: balancer.origin, request: gates[index]!.request});

const everywhere = (status: number) => Array<number>(2 * INSTANCES).fill(status);

/** A reader signed in through the balancer, already verified and cached by every instance. */
async function readerEverywhere(email = uniqueEmail('scaled')) {
  const account = await emulator.newAccount(email);
  const cookie = await sessionCookieFor(balancer, account);
  expect(await throughBalancer(cookie)).toEqual(everywhere(200));
  return {...account, cookie};
}

/** A session of a new account the readers file lists, once every instance has read the file (each on its own poll) and admits it. */
async function listedEverywhere(email: string): Promise<string> {
  const account = await emulator.newAccount(email);
  return vi.waitFor(async () => {
    const started = await sessionCookieFor(balancer, account);
    expect(await throughBalancer(started)).toEqual(everywhere(200));
    return started;
  }, WITHIN_RECHECK);
}

describe('behind a round-robin load balancer', () => {
  it('spreads requests over every instance', async () => {
    const {cookie} = await readerEverywhere();
    await throughBalancer(cookie);
    for (const gate of gates) {
      await gate.logged((logs) => logs.some((line) => line.path === PAGE.path && line.status === 200));
    }
  });

  it('a sign-out through any instance ends the session on every instance', async () => {
    const {cookie} = await readerEverywhere();
    expect((await postLogout(balancer, cookie)).status).toBe(200);
    await vi.waitFor(async () => expect(await throughBalancer(cookie)).toEqual(everywhere(401)), WITHIN_RECHECK);
  });

  it('"sign out everywhere" ends every session of the reader on every instance', async () => {
    const reader = await readerEverywhere();
    await nextSecond();
    const laptop = await sessionCookieFor(balancer, reader);
    expect(await throughBalancer(laptop)).toEqual(everywhere(200));
    expect((await postLogout(balancer, reader.cookie, {everywhere: true})).status).toBe(200);
    await vi.waitFor(async () => {
      expect(await throughBalancer(reader.cookie)).toEqual(everywhere(401));
      expect(await throughBalancer(laptop)).toEqual(everywhere(401));
    }, WITHIN_RECHECK);
  });

  it('a disabled account loses access on every instance', async () => {
    const reader = await readerEverywhere();
    await emulator.updateAccount(reader.localId, {disableUser: true});
    await vi.waitFor(async () => expect(await throughBalancer(reader.cookie)).toEqual(everywhere(401)), WITHIN_RECHECK);
  });

  it('a reader removed from the reader list loses access on every instance', async () => {
    const email = uniqueEmail('listed', 'partner.test');
    writeFileSync(readersFile, `${email}\n`);
    const cookie = await listedEverywhere(email);
    writeFileSync(readersFile, '');
    await vi.waitFor(async () => expect(await throughBalancer(cookie)).toEqual(everywhere(401)), WITHIN_RECHECK);
  });

  it.runIf(audienceMap)(
    'an audience given in the readers file reaches every instance within the re-check period, and its removal too; outside it, each answers the page as a missing one',
    async () => {
      // A page of the build for one audience only, whatever the site's docs are.
      const [file, key] = Object.entries(audienceMap!.files).find(
        ([candidate, condition]) => candidate.endsWith('.html') && /^[a-z]/.test(condition),
      )!;
      const url = urlOfBuildFile(file);
      const audience = key.split('+')[0]!;
      const email = uniqueEmail('audience', 'partner.test');
      writeFileSync(readersFile, `${email}\n`);
      const cookie = await listedEverywhere(email);
      const get = (target: string) => balancer.request(target, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
      const statuses = async () => {
        const seen: number[] = [];
        for (let i = 0; i < 2 * INSTANCES; i += 1) seen.push((await get(url)).status);
        return seen;
      };
      // Outside the audience, every instance answers the page as it answers one that does not exist.
      const asMissing = async () => {
        for (let i = 0; i < 2 * INSTANCES; i += 1) {
          const [page, missing] = [await get(url), await get('/no-such-page-at-all')];
          expect({status: page.status, body: page.body}).toEqual({status: 404, body: missing.body});
        }
      };
      await asMissing();
      writeFileSync(readersFile, `${email} ${audience}\n`);
      await vi.waitFor(async () => expect(await statuses()).toEqual(everywhere(200)), WITHIN_RECHECK);
      writeFileSync(readersFile, `${email}\n`);
      await vi.waitFor(async () => expect(await statuses()).toEqual(everywhere(404)), WITHIN_RECHECK);
      await asMissing();
    },
  );

  it('loses no sign-out when several instances sign one reader out at the same moment, for several readers at once', async () => {
    const signOutRace = async (name: string) => {
      const reader = await emulator.newAccount(uniqueEmail(name));
      // One sign-in a second: sign-ins in the same second are one sign-in to Firebase.
      const cookies: string[] = [];
      for (let i = 0; i < INSTANCES; i += 1) {
        if (i > 0) await nextSecond();
        cookies.push(await sessionCookieFor(instance(i), reader));
      }
      // Each instance signs out one of them, all at once.
      const answers = await Promise.all(cookies.map((cookie, i) => postLogout(instance(i), cookie)));
      expect(answers.map((answer) => JSON.parse(answer.body))).toEqual(Array(INSTANCES).fill({scope: 'session', pending: false}));
      return cookies;
    };
    const cookies = (await Promise.all(['race-a', 'race-b', 'race-c'].map(signOutRace))).flat();
    // A racing write can drop an entry until its writer reads the list back (the settling time), and the three
    // writers' rewrites, made at about the same moment, can race again once: two settling times, plus the re-check.
    await vi.waitFor(
      async () => {
        for (const cookie of cookies) expect(await throughBalancer(cookie)).toEqual(everywhere(401));
      },
      {timeout: 2 * SETTLE_MS + RECHECK_SECONDS * 1000 + 3000, interval: 200},
    );
  });

  it('switches every instance to a new release without a page of one release and assets of another', async () => {
    let sampling = true;
    const broken: string[] = [];
    const sampler = (async () => {
      while (sampling) {
        const login = await balancer.request('/login', {headers: NAVIGATION});
        for (const asset of assetsReferencedBy(login.body)) {
          const {status} = await balancer.request(asset, {headers: SUBRESOURCE});
          if (status !== 200) broken.push(`${asset}: ${status}`);
        }
      }
    })();
    switchTo('b');
    for (const gate of gates) {
      await vi.waitFor(async () => expect((await gate.request('/login', {headers: NAVIGATION})).body).toContain(RELEASE_MARKER), {
        timeout: 5000,
        interval: 100,
      });
    }
    sampling = false;
    await sampler;
    expect(broken).toEqual([]);
  });
});
