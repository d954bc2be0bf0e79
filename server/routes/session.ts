/** POST /api/session and POST /api/logout: the only state-changing endpoints. */
import type {FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import type {GateConfig} from '../config';
import {isAllowedOrigin} from '../origin';
import {NO_STORE} from '../headers';
import {SessionError, type SessionAuthority} from '../sessions';

export const SESSION_COOKIE = '__session';
const BODY_LIMIT = 8 * 1024;

export interface SessionRoutesOptions {
  config: GateConfig;
  sessions: SessionAuthority;
}

const sessionBody = {
  type: 'object',
  required: ['idToken'],
  additionalProperties: false,
  properties: {idToken: {type: 'string', minLength: 1, maxLength: 4096}},
} as const;

const logoutBody = {
  type: 'object',
  additionalProperties: false,
  properties: {everywhere: {type: 'boolean'}},
} as const;

export function cookieOptions(request: FastifyRequest, maxAgeMs?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(maxAgeMs === undefined ? {} : {maxAge: Math.floor(maxAgeMs / 1000)}),
  };
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, {config, sessions}) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', NO_STORE);
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (!isAllowedOrigin(request.headers, ownOrigin, config.allowedOrigins)) {
      return reply.code(403).send({error: 'cross-site-request', message: 'Cross-site requests are not allowed.'});
    }
    return undefined;
  });

  app.post<{Body: {idToken: string}}>(
    '/api/session',
    {bodyLimit: BODY_LIMIT, schema: {body: sessionBody}},
    async (request, reply) => {
      try {
        const {cookie, maxAgeMs} = await sessions.createSessionCookie(request.body.idToken);
        reply.setCookie(SESSION_COOKIE, cookie, cookieOptions(request, maxAgeMs));
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof SessionError) {
          return reply.code(401).send({error: error.code, message: error.message});
        }
        throw error;
      }
    },
  );

  app.post<{Body: {everywhere?: boolean}}>(
    '/api/logout',
    {bodyLimit: BODY_LIMIT, schema: {body: logoutBody}},
    async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) {
        const session = await sessions.verify(cookie);
        if (session && request.body.everywhere) await sessions.revokeAll(session.uid);
        sessions.forget(cookie);
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      return reply.code(204).send();
    },
  );
};
