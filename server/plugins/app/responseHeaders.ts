/** Headers every answer carries: the security headers (HSTS among them), and no year-long caching of an error. */
import type {FastifyPluginAsync} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {NO_STORE} from '../../rules/headers';
import type {SecurityHeaders} from './securityHeaders';

export interface ResponseHeadersOptions {
  security: SecurityHeaders;
}

const responseHeaders: FastifyPluginAsync<ResponseHeadersOptions> = async (app, {security}) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security(request.raw));
    // Nothing may be stored unless its route says so (the built files: headers.ts, cacheControlFor).
    reply.header('cache-control', NO_STORE);
  });
  app.addHook('onSend', async (_request, reply) => {
    // A file that went missing from disk answers an error; no browser may keep that for a year.
    if (reply.statusCode >= 400 && String(reply.getHeader('cache-control')).includes('immutable')) reply.header('cache-control', NO_STORE);
  });
};

export const responseHeadersPlugin = fastifyPlugin(responseHeaders, {name: 'response-headers'});
