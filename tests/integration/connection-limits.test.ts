/** Connections that would hold the gate: slow clients, idle sockets, one client's many, everyone's together. */
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {connect, type Socket} from 'node:net';
import {startGate, type RunningGate} from '../support/gate';
import {rawRequest} from '../../testkit/http';
import {SESSION_ENDPOINT} from '../../contracts/session';

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
   * A connection from `client` that made one request and holds on (kept alive, idle): the gate has
   * counted it once it answered. Resolves with the socket, the answer's status line, and what it
   * received until closed.
   */
  async function holdFrom(client: string): Promise<{socket: Socket; status: string; closed: Promise<string>}> {
    const {socket, closed} = await openFrom(client);
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    return {socket, status: (await answered).split('\r\n')[0]!, closed};
  }

  /**
   * Makes a held connection busy: a session request whose body never comes. The gate's `100 Continue`
   * says it has the request in hand.
   */
  async function occupy(socket: Socket): Promise<void> {
    const continued = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    socket.write(
      `POST ${SESSION_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin.origin}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
  }

  /** A connection from `client` with a request in flight. */
  async function busyFrom(client: string) {
    const held = await holdFrom(client);
    if (held.status === 'HTTP/1.1 200 OK') await occupy(held.socket);
    return held;
  }

  it('lets no client hold every connection: a reader is served while one client keeps as many busy as the gate takes', async () => {
    const held = [];
    for (let i = 0; i < 4; i += 1) held.push(await busyFrom('127.0.0.2'));
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
    for (const client of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3']) held.push(await busyFrom(client));
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

  it("closes a client's longest idle connection for its new one, rather than turning that away", async () => {
    const held = [await holdFrom('127.0.0.2'), await holdFrom('127.0.0.2')];
    try {
      const third = await holdFrom('127.0.0.2');
      held.push(third);
      expect(third.status).toBe('HTTP/1.1 200 OK');
      // The first connection's answer, and nothing after it: it was closed, between requests.
      expect(await held[0]!.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\{"status":"ok"\}$/);
      expect(held[1]!.socket.destroyed).toBe(false);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });

  it('closes an idle connection for a reader who arrives when the gate is full', async () => {
    const held = [await busyFrom('127.0.0.2'), await busyFrom('127.0.0.2'), await busyFrom('127.0.0.3'), await holdFrom('127.0.0.3')];
    try {
      expect(held.map(({status}) => status)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      expect((await rawRequest(origin.origin, '/healthz', {headers: {connection: 'close'}})).status).toBe(200);
      expect(await held[3]!.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(held.slice(0, 3).map(({socket}) => socket.destroyed)).toEqual([false, false, false]);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });
});
