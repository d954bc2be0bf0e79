/** @fastify/cookie: reads the session cookie and sets it; signed cookies are not used (Firebase signs the session). */
import fastifyCookie from '@fastify/cookie';
import fastifyPlugin from 'fastify-plugin';

export const cookiePlugin = fastifyPlugin(async (app) => {
  await app.register(fastifyCookie);
});
