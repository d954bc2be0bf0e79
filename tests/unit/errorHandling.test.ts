import {afterEach, describe, expect, it} from 'vitest';
import Fastify, {type FastifyInstance} from 'fastify';
import {errorHandlingPlugin} from '../../server/plugins/app/errors';
import {responseHeadersPlugin} from '../../server/plugins/app/responseHeaders';
import {NO_STORE, REVALIDATE} from '../../server/rules/headers';

let app: FastifyInstance;
afterEach(() => app.close());

describe('the error handler', () => {
  it('answers no-store when a route had set its own caching before it failed', async () => {
    app = Fastify();
    await app.register(responseHeadersPlugin, {security: () => ({})});
    const chrome = {stylesheets: [], themeScript: null, sprite: null, announcement: null, footer: null, siteName: 'Tutorial Hub'};
    await app.register(errorHandlingPlugin, {assets: {chrome: () => chrome}});
    app.get('/page', async (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      throw Object.assign(new Error('EACCES: permission denied'), {code: 'EACCES'});
    });
    const answer = await app.inject('/page');
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['cache-control']).toBe(NO_STORE);
  });
});
