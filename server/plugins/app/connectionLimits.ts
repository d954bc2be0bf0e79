/**
 * The connection caps of rules/connections.ts, applied as connections arrive. Node's own
 * `maxConnections` closes a connection past the cap without a word (the browser shows a reset), and
 * counts every connection of one client toward everyone's cap. Kept-alive connections between
 * requests are known here, longest idle first, so that one can give way to a new connection at a cap.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import type {FastifyPluginAsync} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {admitConnection, type ConnectionLimits} from '../../rules/connections';

/** How long a reader turned away is asked to wait: connections free up within seconds (the headers timeout). */
const RETRY_AFTER_SECONDS = 5;

/** Sets of sockets in the order they were added: the first is the one idle longest. */
function firstOf(sockets: Set<Socket> | undefined): Socket | undefined {
  return sockets?.values().next().value;
}

const connectionLimits: FastifyPluginAsync<ConnectionLimits> = async (app, limits) => {
  /** Connections taken, with their client's address. */
  const taken = new Map<Socket, string>();
  const fromClient = new Map<string, number>();
  const idle = new Set<Socket>();
  const idleFromClient = new Map<string, Set<Socket>>();
  /** Connections past a cap: their first request is answered 503, then they close. */
  const turnedAway = new WeakSet<Socket>();

  const busy = (socket: Socket) => {
    idle.delete(socket);
    const client = taken.get(socket);
    const own = client === undefined ? undefined : idleFromClient.get(client);
    own?.delete(socket);
    if (own?.size === 0) idleFromClient.delete(client!);
  };
  const between = (socket: Socket) => {
    const client = taken.get(socket);
    if (client === undefined || socket.destroyed) return;
    idle.add(socket);
    const own = idleFromClient.get(client) ?? new Set<Socket>();
    own.add(socket);
    idleFromClient.set(client, own);
  };
  /** The connection counts no more: once, whether it closed or was closed to make room. */
  const release = (socket: Socket) => {
    const client = taken.get(socket);
    if (client === undefined) return;
    busy(socket);
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
    const client = socket.remoteAddress ?? '';
    const decision = admitConnection(
      {total: taken.size, fromClient: fromClient.get(client) ?? 0, idle: idle.size, idleFromClient: idleFromClient.get(client)?.size ?? 0},
      limits,
    );
    if (decision === 'client-full' || decision === 'full') {
      turnedAway.add(socket);
      return;
    }
    if (decision === 'take-closing-client-idle') closeForRoom(firstOf(idleFromClient.get(client)));
    if (decision === 'take-closing-idle') closeForRoom(firstOf(idle));
    taken.set(socket, client);
    fromClient.set(client, (fromClient.get(client) ?? 0) + 1);
    socket.once('close', () => release(socket));
  });

  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    busy(request.socket);
    response.once('finish', () => between(request.socket));
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
