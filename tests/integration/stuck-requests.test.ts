/**
 * Requests stuck on a hung identity service, and stopping the gate: a reader who leaves ends the
 * call it was waiting for, and SIGTERM ends the process within its deadline even with a request stuck.
 * The Auth emulator is behind a TCP proxy these tests stall; each gate under test is a process of its
 * own, and its first call to the identity service is the one that hangs: the sessions come from another gate.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {postLogout, sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {SIGNED_OUT_CLAIM} from '../../server/rules/sessionRules';
import {startTestGateProcess} from '../support/gateProcess';
import {startTcpProxy, type TcpProxy} from '../support/tcpProxy';
import {EMULATOR_HOST} from '../support/environment';
import {emulator, uniqueEmail} from '../support/emulator';
import {rawRequest, SUBRESOURCE} from '../../testkit/http';
import {sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let proxy: TcpProxy;
let minter: RunningGate;

beforeAll(async () => {
  proxy = await startTcpProxy(EMULATOR_HOST);
  minter = await startGate();
});
afterEach(() => proxy.restore());
afterAll(async () => {
  await minter.close();
  await proxy.close();
});

describe('a reader who leaves', () => {
  it('ends the call to the hung identity service it was waiting for', async () => {
    const cookie = await sessionCookieFor(minter, await emulator.newAccount(uniqueEmail('leaves')));
    const patient = await startTestGateProcess({FIREBASE_AUTH_EMULATOR_HOST: proxy.address, IDENTITY_TIMEOUT_SECONDS: '60'});
    try {
      proxy.stall();
      const leaving = new AbortController();
      const request = fetch(`${patient.origin}${PAGE.path}`, {
        headers: {cookie: sessionCookieHeader(cookie)},
        signal: leaving.signal,
      }).catch(() => 'left');
      await vi.waitFor(() => expect(proxy.connections()).toBe(1), {timeout: 5000, interval: 20});
      leaving.abort();
      expect(await request).toBe('left');
      // Long before the 60 s deadline: nobody waits for the answer any more.
      await vi.waitFor(() => expect(proxy.connections()).toBe(0), {timeout: 10_000, interval: 20});
      // Stopped first, so that every line it wrote has been read.
      await patient.stop();
      expect(patient.logs).not.toContainEqual(expect.objectContaining({event: 'identity-outage-began'}));
    } finally {
      await patient.close();
    }
  });
});

/**
 * A gate (shutdown deadline 2 s) with a request stuck on the stalled identity service: it keeps the gate stopping
 * until the deadline. `stuck` settles when that request ends.
 */
async function gateWithAStuckRequest(name: string) {
  const cookie = await sessionCookieFor(minter, await emulator.newAccount(uniqueEmail(name)));
  proxy.stall();
  const server = await startTestGateProcess({
    FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
    // Longer than the shutdown deadline, so the request is still stuck when the signal comes.
    IDENTITY_TIMEOUT_SECONDS: '60',
    SHUTDOWN_TIMEOUT_SECONDS: '2',
  });
  const stuck = server.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}}).catch((error: Error) => error);
  // Stuck: the gate's call to the identity service is open on the stalled proxy.
  await vi.waitFor(() => expect(proxy.connections()).toBe(1), {timeout: 5000, interval: 20});
  return {server, stuck};
}

describe('stopping', () => {
  it('SIGTERM with a request stuck on a hung identity service exits 0 within the shutdown deadline', async () => {
    const {server, stuck} = await gateWithAStuckRequest('shutdown');
    const signalled = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(2000 + 2000);
    await stuck;
    expect(server.logs).toContainEqual(expect.objectContaining({event: 'stopped'}));
  });

  it('Ctrl-C under npm start (a SIGINT that reaches the gate twice, a moment apart) stops it gracefully: it says so, and exits 0', async () => {
    const {server, stuck} = await gateWithAStuckRequest('interrupted');
    process.kill(server.pid, 'SIGINT');
    await server.logged((logs) => logs.some((line) => line.event === 'stopping'));
    // The same press, passed on by `firebase emulators:exec`.
    expect(await server.stop('SIGINT')).toBe(0);
    await stuck;
    expect(server.logs).toContainEqual(expect.objectContaining({event: 'stopping', signal: 'SIGINT'}));
    expect(server.logs).toContainEqual(expect.objectContaining({event: 'stopped'}));
    expect(server.logs.map((line) => line.msg)).not.toContain('second SIGINT, exiting');
  });

  it('SIGTERM stops a gate whose log nobody reads any more, and stderr says how much of the log was not written', async () => {
    const server = await startTestGateProcess({LOG_REQUESTS: 'true'});
    server.stopReadingLog();
    // Each answer (414: too long an address) writes a line of about 2 KB: together more than the pipe and the reader's buffer hold.
    const longPath = `/${'a'.repeat(2000)}`;
    for (let i = 0; i < 600; i += 1) expect((await server.request(longPath)).status).toBe(414);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stderr()).toMatch(/^Tutorial Hub gate: \d+ bytes of log lines were not written: nothing read the log\.$/m);
  });

  it("SIGTERM waits for a sign-out's read-back: an entry a racing write dropped meanwhile is written again before the gate goes", async () => {
    const reader = await emulator.newAccount(uniqueEmail('stopping-sign-out'));
    // A read-back falls due 2 × 2 + 0.5 s after the sign-out, past the shutdown deadline and its margin.
    const server = await startTestGateProcess({IDENTITY_TIMEOUT_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '1'});
    const cookie = await sessionCookieFor(server, reader);
    expect((await postLogout(server, cookie)).status).toBe(200);
    const signedOut = await emulator.customClaimsOf(reader.localId);
    expect(Object.keys(signedOut[SIGNED_OUT_CLAIM] as object)).toHaveLength(1);
    // Another instance's write of the list, made from a read before this one's: the entry is gone.
    await emulator.setCustomClaims(reader.localId, {});
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await emulator.customClaimsOf(reader.localId)).toEqual(signedOut);
    expect(server.logs).toContainEqual(expect.objectContaining({event: 'sign-outs-reading-back', count: 1}));
  });

  it('SIGTERM to `npm run serve` stops the server itself, leaving the port free', async () => {
    const npm = await startTestGateProcess({}, ['npm', 'run', 'serve']);
    expect((await npm.request('/healthz')).status).toBe(200);
    await npm.stop('SIGTERM');
    // npm may end before the server it runs has closed its port and written its last line.
    await vi.waitFor(
      async () => {
        expect(npm.logs).toContainEqual(expect.objectContaining({event: 'stopped'}));
        await expect(rawRequest(npm.origin, '/healthz')).rejects.toMatchObject({code: 'ECONNREFUSED'});
      },
      {timeout: 5000, interval: 50},
    );
  });
});
