/**
 * The connection caps of rules/connections.ts, applied as connections arrive. Node's own
 * `maxConnections` closes a connection past the cap without a word (the browser shows a reset), and
 * counts every connection of one client toward everyone's cap.
 */
import type {Socket} from 'node:net';
import type {FastifyPluginAsync} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {admitConnection, type ConnectionLimits} from '../../rules/connections';

/** How long a reader turned away is asked to wait: connections free up within seconds (the headers timeout). */
const RETRY_AFTER_SECONDS = 5;

const connectionLimits: FastifyPluginAsync<ConnectionLimits> = async (app, limits) => {
  const fromClient = new Map<string, number>();
  let total = 0;
  /** Connections past a cap: their first request is answered 503, then they close. */
  const turnedAway = new WeakSet<Socket>();

  app.server.prependListener('connection', (socket: Socket) => {
    const client = socket.remoteAddress ?? '';
    const decision = admitConnection({total, fromClient: fromClient.get(client) ?? 0}, limits);
    if (decision !== 'take') {
      turnedAway.add(socket);
      return;
    }
    total += 1;
    fromClient.set(client, (fromClient.get(client) ?? 0) + 1);
    socket.once('close', () => {
      total -= 1;
      const left = fromClient.get(client)! - 1;
      if (left === 0) fromClient.delete(client);
      else fromClient.set(client, left);
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
