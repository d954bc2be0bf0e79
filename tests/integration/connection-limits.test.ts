/** Connections that would hold the gate: slow clients, idle sockets, one client's many, everyone's together. */
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {connect, type Socket} from 'node:net';
import Fastify, {type FastifyInstance} from 'fastify';
import {startGate, type RunningGate} from '../support/gate';
import {rawRequest} from '../../testkit/http';
import {SESSION_ENDPOINT} from '../../contracts/session';
import {connectionLimitsPlugin} from '../../server/plugins/app/connectionLimits';

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

/**
 * A raw socket to the gate at `origin` from `client` (an address of the loopback network), and what it
 * received until closed. `allowHalfOpen`: the socket never closes its side, even once the gate closed its own.
 */
function openFrom(
  origin: URL,
  client: string,
  {allowHalfOpen = false} = {},
): Promise<{socket: Socket; closed: Promise<string>; ended: Promise<string>}> {
  return new Promise((resolve, reject) => {
    const socket = connect({port: Number(origin.port), host: origin.hostname, localAddress: client, allowHalfOpen});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
    const ended = new Promise<string>((done) => socket.on('end', () => done(received)));
    socket.once('connect', () => resolve({socket, closed, ended}));
    socket.once('error', reject);
  });
}

/**
 * A connection from `client` that made one request and holds on (kept alive, idle): the gate has
 * counted it once it answered. Resolves with the socket, the answer's status line, and what it
 * received until closed.
 */
async function holdFrom(origin: URL, client: string): Promise<{socket: Socket; status: string; closed: Promise<string>}> {
  const {socket, closed} = await openFrom(origin, client);
  const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  return {socket, status: (await answered).split('\r\n')[0]!, closed};
}

/**
 * Makes a held connection busy: a session request whose body never comes. The gate's `100 Continue`
 * says it has the request in hand.
 */
async function occupy(origin: URL, socket: Socket): Promise<void> {
  const continued = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
  socket.write(
    `POST ${SESSION_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin.origin}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
  );
  expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
}

/** A connection from `client` with a request in flight. */
async function busyFrom(origin: URL, client: string) {
  const held = await holdFrom(origin, client);
  if (held.status === 'HTTP/1.1 200 OK') await occupy(origin, held.socket);
  return held;
}

/** A reader's request, on a connection of its own from 127.0.0.1. */
const reader = (origin: URL) => rawRequest(origin.origin, '/healthz', {headers: {connection: 'close'}});

describe('connections one client holds, or everyone together', () => {
  let crowded: RunningGate;
  let origin: URL;
  // A gate each: the connections a test held are counted until the gate has seen them close.
  beforeEach(async () => {
    crowded = await startGate({MAX_CONNECTIONS: '4', MAX_CONNECTIONS_PER_CLIENT: '2', HEADERS_TIMEOUT_SECONDS: '1'});
    origin = new URL(await crowded.listen());
  });
  afterEach(() => crowded.close());

  it('closes a new connection that sends nothing, saying so, within the headers timeout', async () => {
    const {closed} = await openFrom(origin, '127.0.0.2');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('lets no client hold every connection: a reader is served while one client keeps as many busy as the gate takes', async () => {
    const held = [];
    for (let i = 0; i < 4; i += 1) held.push(await busyFrom(origin, '127.0.0.2'));
    try {
      expect(held.map(({status}) => status)).toEqual([
        'HTTP/1.1 200 OK',
        'HTTP/1.1 200 OK',
        'HTTP/1.1 503 Service Unavailable',
        'HTTP/1.1 503 Service Unavailable',
      ]);
      expect((await reader(origin)).status).toBe(200);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });

  it('answers a reader who arrives when the gate is full, rather than resetting the connection, and serves once one frees', async () => {
    const held = [];
    for (const client of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3']) held.push(await busyFrom(origin, client));
    try {
      expect(held.map(({status}) => status)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      const turnedAway = await reader(origin);
      expect({status: turnedAway.status, retryAfter: turnedAway.headers['retry-after']}).toEqual({status: 503, retryAfter: '5'});
      expect(turnedAway.body).toBe('Tutorial Hub is busy: too many connections are open. Try again in a few seconds.');
      held[0]!.socket.destroy();
      await vi.waitFor(async () => expect((await reader(origin)).status).toBe(200));
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });

  it("closes a client's longest idle connection for its new one, rather than turning that away", async () => {
    const held = [await holdFrom(origin, '127.0.0.2'), await holdFrom(origin, '127.0.0.2')];
    try {
      const third = await holdFrom(origin, '127.0.0.2');
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
    const held = [
      await busyFrom(origin, '127.0.0.2'),
      await busyFrom(origin, '127.0.0.2'),
      await busyFrom(origin, '127.0.0.3'),
      await holdFrom(origin, '127.0.0.3'),
    ];
    try {
      expect(held.map(({status}) => status)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      expect((await reader(origin)).status).toBe(200);
      expect(await held[3]!.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(held.slice(0, 3).map(({socket}) => socket.destroyed)).toEqual([false, false, false]);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });
});

describe('connections that have sent no request', () => {
  let crowded: RunningGate;
  let origin: URL;
  // A headers timeout longer than any test: a silent connection stays silent until the gate closes it for another.
  beforeEach(async () => {
    crowded = await startGate({MAX_CONNECTIONS: '4', MAX_CONNECTIONS_PER_CLIENT: '2', HEADERS_TIMEOUT_SECONDS: '30'});
    origin = new URL(await crowded.listen());
  });
  afterEach(() => crowded.close());

  it('serves a reader while silent connections from two addresses fill the gate, closing the oldest of them', async () => {
    const silent = [];
    for (const client of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3']) silent.push(await openFrom(origin, client));
    try {
      expect((await reader(origin)).status).toBe(200);
      expect(await silent[0]!.closed).toBe('');
      expect(silent.slice(1).map(({socket}) => socket.destroyed)).toEqual([false, false, false]);
    } finally {
      for (const {socket} of silent) socket.destroy();
    }
  });

  it("closes a client's oldest silent connection for its new one, rather than turning that away", async () => {
    const silent = [await openFrom(origin, '127.0.0.2'), await openFrom(origin, '127.0.0.2')];
    const held = [];
    try {
      held.push(await holdFrom(origin, '127.0.0.2'));
      expect(held[0]!.status).toBe('HTTP/1.1 200 OK');
      expect(await silent[0]!.closed).toBe('');
      expect(silent[1]!.socket.destroyed).toBe(false);
    } finally {
      for (const {socket} of [...silent, ...held]) socket.destroy();
    }
  });

  it('closes a silent connection before an idle one for a reader who arrives when the gate is full', async () => {
    const idle = await holdFrom(origin, '127.0.0.2');
    const silent = await openFrom(origin, '127.0.0.3');
    const busy = [await busyFrom(origin, '127.0.0.4'), await busyFrom(origin, '127.0.0.4')];
    try {
      expect([idle, ...busy].map(({status}) => status)).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
      expect((await reader(origin)).status).toBe(200);
      const first = await Promise.race([silent.closed.then(() => 'silent'), idle.closed.then(() => 'idle')]);
      expect(first).toBe('silent');
      expect(idle.socket.destroyed).toBe(false);
    } finally {
      for (const {socket} of [idle, silent, ...busy]) socket.destroy();
    }
  });
});

describe('a connection answered 408 whose client never closes its side', () => {
  let tight: RunningGate;
  let origin: URL;
  // One connection in all: whether the gate still counts the one it answered decides the next one's fate.
  beforeEach(async () => {
    tight = await startGate({MAX_CONNECTIONS: '1', REQUEST_TIMEOUT_SECONDS: '1'});
    origin = new URL(await tight.listen());
  });
  afterEach(() => tight.close());

  // The client reads the 408 and the gate's end of the stream, so that the test knows when they came, but
  // never ends its own side: to the gate, a client that never reads them. Half-closed, the gate's socket
  // would count until the idle timeout (60 s). A connection that sent nothing is silent, and the reader
  // could take its place anyway; one with a request in flight is not: only the gate's closing the socket
  // it answered makes room for the reader.
  it.each<[string, (origin: URL) => string]>([
    ['sends nothing (the headers timeout)', () => ''],
    [
      'sends a request head and no body (the request timeout)',
      (origin) =>
        `POST ${SESSION_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin.origin}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    ],
  ])('stops counting it once the 408 is written: a client that %s', async (_name, request) => {
    const answered = await openFrom(origin, '127.0.0.2', {allowHalfOpen: true});
    try {
      answered.socket.write(request(origin));
      expect(await answered.ended).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect((await reader(origin)).status).toBe(200);
    } finally {
      answered.socket.destroy();
    }
  });
});

describe('an IPv6 network, counted by its /64', () => {
  // The machine need not have two IPv6 addresses in one /64 (often it has `::1` alone): the caps' plugin,
  // alone on a server in this process, sees each loopback address a test connects from as the IPv6
  // address it stands for.
  const standsFor: Record<string, string> = {
    '127.0.0.2': '2001:db8:1:2::a',
    '127.0.0.3': '2001:db8:1:2:8000:ab:cd:ef',
    '127.0.0.4': '2001:0db8:0001:0002:0000:0000:0000:000c',
    '127.0.0.5': '2001:db8:1:3::a',
  };
  let app: FastifyInstance;
  let origin: URL;
  beforeAll(async () => {
    app = Fastify();
    await app.register(connectionLimitsPlugin, {total: 8, perClient: 2});
    // A request in flight, its answer begun and never ended: the connection is busy until its client closes it.
    app.get('/busy', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, {'content-type': 'text/plain'}).write('busy\n');
    });
    await app.ready();
    // Before the caps' own listener, which ready() added.
    app.server.prependListener('connection', (socket: Socket) =>
      Object.defineProperty(socket, 'remoteAddress', {value: standsFor[socket.remoteAddress!]}),
    );
    origin = new URL(await app.listen({port: 0, host: '127.0.0.1'}));
  });
  afterAll(() => app.close());

  /** A connection from `client` with a request in flight, and its answer's status line. */
  async function busyOn(client: string): Promise<{socket: Socket; status: string}> {
    const {socket} = await openFrom(origin, client);
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    socket.write('GET /busy HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    return {socket, status: (await answered).split('\r\n')[0]!};
  }

  it('gives every address of a /64 one share, and the /64 beside it a share of its own', async () => {
    const held = [];
    try {
      for (const client of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) held.push(await busyOn(client));
      expect(held.map(({status}) => status)).toEqual([
        'HTTP/1.1 200 OK',
        'HTTP/1.1 200 OK',
        'HTTP/1.1 503 Service Unavailable',
        'HTTP/1.1 200 OK',
      ]);
    } finally {
      for (const {socket} of held) socket.destroy();
    }
  });
});
