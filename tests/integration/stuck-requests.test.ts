/**
 * Requests stuck on a hung identity service, and stopping the gate: a reader who leaves ends the
 * call it was waiting for, and SIGTERM ends the process within its deadline even with a request stuck.
 * The Auth emulator is behind a TCP proxy these tests stall; each gate under test is a process of its
 * own, and its first call to the identity service is the one that hangs: the sessions come from another gate.
 */
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
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

describe('stopping', () => {
  it('SIGTERM with a request stuck on a hung identity service exits 0 within the shutdown deadline', async () => {
    const cookie = await sessionCookieFor(minter, await emulator.newAccount(uniqueEmail('shutdown')));
    proxy.stall();
    const server = await startTestGateProcess({
      FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
      // Longer than the shutdown deadline, so the request is still stuck when the signal comes.
      IDENTITY_TIMEOUT_SECONDS: '60',
      SHUTDOWN_TIMEOUT_SECONDS: '2',
    });
    const stuck = server
      .request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})
      .catch((error: Error) => error);
    // Stuck: the gate's call to the identity service is open on the stalled proxy.
    await vi.waitFor(() => expect(proxy.connections()).toBe(1), {timeout: 5000, interval: 20});
    const signalled = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(2000 + 2000);
    await stuck;
    expect(server.logs).toContainEqual(expect.objectContaining({event: 'stopped'}));
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
