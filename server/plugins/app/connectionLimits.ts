/**
 * The connection caps of rules/connections.ts, applied as connections arrive. Node's own
 * `maxConnections` closes a connection past the cap without a word (the browser shows a reset), and
 * counts every connection of one client toward everyone's cap. Silent connections and kept-alive ones
 * between requests are known here, the longest waiting first, so that one can give way to a new
 * connection at a cap.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import type {FastifyPluginAsync} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {admitConnection, clientOf, type ConnectionLimits} from '../../rules/connections';

/** How long a reader turned away is asked to wait: every connection then has a request in flight, and answers take seconds at most. */
const RETRY_AFTER_SECONDS = 5;

/** Connections waiting, everyone's and each client's, in the order they began to: the first has waited longest. */
class Waiting {
  private readonly all = new Set<Socket>();
  private readonly byClient = new Map<string, Set<Socket>>();

  add(socket: Socket, client: string): void {
    this.all.add(socket);
    const own = this.byClient.get(client) ?? new Set<Socket>();
    own.add(socket);
    this.byClient.set(client, own);
  }

  delete(socket: Socket, client: string): void {
    if (!this.all.delete(socket)) return;
    const own = this.byClient.get(client)!;
    own.delete(socket);
    if (own.size === 0) this.byClient.delete(client);
  }

  count(client?: string): number {
    return (client === undefined ? this.all : this.byClient.get(client))?.size ?? 0;
  }

  /** The one waiting longest: the client's, or everyone's. */
  first(client?: string): Socket | undefined {
    return (client === undefined ? this.all : this.byClient.get(client))?.values().next().value;
  }
}

const connectionLimits: FastifyPluginAsync<ConnectionLimits> = async (app, limits) => {
  /** Connections taken, with their client. */
  const taken = new Map<Socket, string>();
  const fromClient = new Map<string, number>();
  /**
   * Connections no request has arrived on yet. A connection speaks with its first request (the
   * 'request' event, once Node has read its head), not its first byte: Node's HTTP parser reads the
   * socket's handle itself, so no 'data' event tells when bytes arrive, and a client could keep its
   * place with one byte.
   */
  const silent = new Waiting();
  /** Kept-alive connections between requests. */
  const idle = new Waiting();
  /** Connections past a cap: their first request is answered 503, then they close. */
  const turnedAway = new WeakSet<Socket>();

  /** The connection counts no more: once, whether it closed or was closed to make room. */
  const release = (socket: Socket) => {
    const client = taken.get(socket);
    if (client === undefined) return;
    silent.delete(socket, client);
    idle.delete(socket, client);
    taken.delete(socket);
    const left = fromClient.get(client)! - 1;
    if (left === 0) fromClient.delete(client);
    else fromClient.set(client, left);
  };
  const closeForRoom = (socket: Socket | undefined) => {
    if (!socket) return;
    release(socket);
    socket.destroy();
  };

  app.server.prependListener('connection', (socket: Socket) => {
    const client = clientOf(socket.remoteAddress ?? '');
    const decision = admitConnection(
      {
        total: taken.size,
        fromClient: fromClient.get(client) ?? 0,
        silent: silent.count(),
        silentFromClient: silent.count(client),
        idle: idle.count(),
        idleFromClient: idle.count(client),
      },
      limits,
    );
    if (decision === 'client-full' || decision === 'full') {
      turnedAway.add(socket);
      return;
    }
    if (decision === 'take-closing-client-silent') closeForRoom(silent.first(client));
    if (decision === 'take-closing-client-idle') closeForRoom(idle.first(client));
    if (decision === 'take-closing-silent') closeForRoom(silent.first());
    if (decision === 'take-closing-idle') closeForRoom(idle.first());
    taken.set(socket, client);
    fromClient.set(client, (fromClient.get(client) ?? 0) + 1);
    silent.add(socket, client);
    socket.once('close', () => release(socket));
  });

  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const client = taken.get(socket);
    if (client === undefined) return;
    silent.delete(socket, client);
    idle.delete(socket, client);
    response.once('finish', () => {
      if (taken.has(socket) && !socket.destroyed) idle.add(socket, client);
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!turnedAway.has(request.raw.socket)) return undefined;
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .type('text/plain; charset=utf-8')
      .send('Tutorial Hub is busy: too many connections are open. Try again in a few seconds.');
  });
};

export const connectionLimitsPlugin = fastifyPlugin(connectionLimits, {name: 'connection-limits'});
