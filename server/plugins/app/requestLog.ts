/**
 * One log line a request (`LOG_REQUESTS`): the path without its query, which can carry a reader's
 * search. Health probes every few seconds would drown the rest.
 */
import type {FastifyPluginAsync} from 'fastify';
import fastifyPlugin from 'fastify-plugin';

const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

const requestLog: FastifyPluginAsync = async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    if (PROBES.has(request.url)) return;
    request.log.info(
      {method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime)},
      'request',
    );
  });
};

export const requestLogPlugin = fastifyPlugin(requestLog, {name: 'request-log'});
