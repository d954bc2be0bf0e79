/** The session endpoints: sign-in options, POST /api/session, POST /api/sign-in-link and POST /api/logout. */
import type {FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import type {GateConfig} from '../config';
import {isAllowedOrigin, siteOrigins} from '../rules/origin';
import {isEmailAddress} from '../../contracts/email';
import type {Clock} from '../services/clock';
import {RateLimiter} from '../services/rateLimiter';
import {SessionError, type SessionAuthority} from '../services/sessionAuthority';
import {
  LOGOUT_ENDPOINT,
  SESSION_COOKIE,
  SESSION_ENDPOINT,
  SESSION_REFUSALS,
  SIGN_IN_LINK_ENDPOINT,
  SIGN_IN_OPTIONS_ENDPOINT,
  TOO_MANY_REQUESTS,
  sessionCookieValues,
  type SignInOptions,
  type SignOutAnswer,
} from '../../contracts/session';

/** An ID token is under 2 KB; nothing else posted here is larger than a few bytes. */
const BODY_LIMIT = 4 * 1024;

export interface SessionRoutesOptions {
  config: GateConfig;
  sessions: SessionAuthority;
  clock: Clock;
}

/** 429 with the wait in whole seconds, for a client or an account that asked too often. */
function tooManyRequests(reply: FastifyReply, retryAfterMs: number, message: string) {
  return reply
    .code(429)
    .header('retry-after', String(Math.ceil(retryAfterMs / 1000)))
    .send({error: TOO_MANY_REQUESTS, message});
}

const sessionBody = {
  type: 'object',
  required: ['idToken'],
  additionalProperties: false,
  properties: {idToken: {type: 'string', minLength: 1, maxLength: 3584}},
} as const;

const signInLinkBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: {email: {type: 'string', minLength: 1, maxLength: 320}},
} as const;

const logoutBody = {
  type: 'object',
  additionalProperties: false,
  properties: {everywhere: {type: 'boolean'}},
} as const;

/**
 * `Secure` follows the origin readers use when it is set, not each request's (forwardable)
 * X-Forwarded-Proto; a demo gate without one goes by the request.
 */
export function cookieOptions(config: GateConfig, request: FastifyRequest, maxAgeMs?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicOrigin === null ? request.protocol === 'https' : config.publicOrigin.startsWith('https:'),
    ...(maxAgeMs === undefined ? {} : {maxAge: Math.floor(maxAgeMs / 1000)}),
  };
}

/** An `onRequest` hook: a POST from another site is refused (403) before anything reads it. */
export function refuseCrossSitePosts(config: GateConfig) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return undefined;
    if (!isAllowedOrigin(request.headers, siteOrigins(config, request.socket.localPort ?? config.port))) {
      return reply.code(403).send({error: 'cross-site-request', message: 'Cross-site requests are not allowed.'});
    }
    return undefined;
  };
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, {config, sessions, clock}) => {
  // Each new session or sign-in link costs calls to Firebase: one client (its address, as TRUST_PROXY
  // reads it) asks for few of each.
  const perClient = (what: string) => {
    const clients = new RateLimiter(config.signInRatePerClient, clock);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const wait = clients.take(request.ip);
      if (wait !== null) return tooManyRequests(reply, wait, `Too many ${what} from this address in a short time; try again shortly.`);
      return undefined;
    };
  };

  app.addHook('onRequest', refuseCrossSitePosts(config));

  // The login page asks at run time, so one build serves gates with any setting.
  const signInOptions: SignInOptions = {signUp: config.signUp, emailSignIn: config.emailSignIn};
  app.get(SIGN_IN_OPTIONS_ENDPOINT, async () => signInOptions);

  // A gate that offers no sign-in links takes back no account for one.
  if (config.emailSignIn !== 'password') {
    const linkOptions = {bodyLimit: BODY_LIMIT, schema: {body: signInLinkBody}, preHandler: perClient('sign-in links')};
    app.post<{Body: {email: string}}>(SIGN_IN_LINK_ENDPOINT, linkOptions, async (request, reply) => {
      if (!isEmailAddress(request.body.email))
        return reply.code(400).send({error: 'invalid-email', message: 'That is not an email address.'});
      try {
        await sessions.prepareLinkSignIn(request.body.email);
      } catch (error) {
        if (error instanceof SessionError && error.retryAfterMs !== undefined)
          return tooManyRequests(reply, error.retryAfterMs, error.message);
        throw error;
      }
      // The same answer whatever the account: the page learns nothing about it.
      return reply.code(204).send();
    });
  }

  const sessionStart = {bodyLimit: BODY_LIMIT, schema: {body: sessionBody}, preHandler: perClient('sign-ins')};
  app.post<{Body: {idToken: string}}>(SESSION_ENDPOINT, sessionStart, async (request, reply) => {
    try {
      const {cookie, maxAgeMs} = await sessions.createSessionCookie(request.body.idToken);
      reply.setCookie(SESSION_COOKIE, cookie, cookieOptions(config, request, maxAgeMs));
      return reply.code(204).send();
    } catch (error) {
      if (error instanceof SessionError && error.retryAfterMs !== undefined)
        return tooManyRequests(reply, error.retryAfterMs, error.message);
      if (error instanceof SessionError) {
        // 403 for a valid sign-in the policy does not admit; 401 for a sign-in that proves nothing.
        const status = (SESSION_REFUSALS as readonly string[]).includes(error.code) ? 403 : 401;
        return reply.code(status).send({error: error.code, message: error.message});
      }
      throw error;
    }
  });

  app.get(SESSION_ENDPOINT, async (request, reply) => {
    const session = await sessions.verifyAny(sessionCookieValues(request.headers.cookie));
    return reply.code(session === null ? 401 : 204).send();
  });

  app.post<{Body: {everywhere?: boolean}}>(LOGOUT_ENDPOINT, {bodyLimit: BODY_LIMIT, schema: {body: logoutBody}}, async (request, reply) => {
    // The cookie goes whatever happens next: a sign-out never leaves it in the browser.
    reply.clearCookie(SESSION_COOKIE, cookieOptions(config, request));
    const answer: SignOutAnswer = await sessions.signOut(sessionCookieValues(request.headers.cookie), {
      everywhere: request.body.everywhere === true,
    });
    return answer;
  });
};
