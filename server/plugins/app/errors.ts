/** What a visitor gets when a request fails: the truth, briefly, and never a stack trace or an echo of the request. */
import {STATUS_CODES} from 'node:http';
import type {Socket} from 'node:net';
import type {FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {isNavigationRequest} from '../../rules/access';
import {NO_STORE} from '../../rules/headers';
import {IdentityCallAbandoned, IdentityUnavailableError} from '../../services/identity';
import {badAddressPage, RETRY_AFTER_SECONDS, unavailablePage, type PageChrome} from '../../rules/errorPages';
import type {SecurityHeaders} from './securityHeaders';
import {IDENTITY_UNAVAILABLE} from '../../../contracts/session';

export interface ErrorPageAssets {
  /** The login page's chrome in the current build: public, so any error page may use it. */
  chrome: () => PageChrome;
}

const UNAVAILABLE_MESSAGE = 'The sign-in service cannot be reached. Try again shortly.';

/** 400 for a path no page can have: a page of ours to a page load, nothing to anything else. */
export function sendBadAddress(request: FastifyRequest, reply: FastifyReply, assets: ErrorPageAssets, status: 400 | 414 = 400) {
  reply.code(status).header('cache-control', NO_STORE);
  if (!isNavigationRequest(request.headers)) return reply.send();
  return reply.type('text/html; charset=utf-8').send(badAddressPage({chrome: assets.chrome()}));
}

export function errorHandler(assets: ErrorPageAssets) {
  return (error: FastifyError | IdentityUnavailableError | Error, request: FastifyRequest, reply: FastifyReply) => {
    // Not responseHeaders' no-store: a route may have set its own (a page's no-cache) before it failed.
    reply.header('cache-control', NO_STORE);
    // The reader went away while we asked Firebase: there is no one to answer, and nothing went wrong.
    if (error instanceof IdentityCallAbandoned) return reply.code(503).send();
    if (error instanceof IdentityUnavailableError) {
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      if (request.url.startsWith('/api/')) return reply.send({error: IDENTITY_UNAVAILABLE, message: UNAVAILABLE_MESSAGE});
      // A page load gets a page; a script, style or fetch gets nothing it could mistake for itself.
      if (isNavigationRequest(request.headers)) {
        return reply.type('text/html; charset=utf-8').send(unavailablePage({chrome: assets.chrome(), retryUrl: request.url}));
      }
      return reply.send();
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({error: 'code' in error ? error.code : 'bad-request', message: error.message});
    }
    request.log.error({err: error}, 'Request failed');
    return reply.code(500).send({error: 'internal', message: 'Something went wrong on our side. Try again in a moment.'});
  };
}

/** Fastify's errors before routing (a URL that does not decode): our 400, with the security headers no hook has set yet. */
export function frameworkErrorHandler(security: SecurityHeaders, assets: ErrorPageAssets) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(security(request.raw));
    return sendBadAddress(request, reply, assets);
  };
}

/**
 * Node's errors before Fastify sees a request (oversized headers, a timeout, bytes that are not
 * HTTP): the status line, the security headers, and no body that could repeat the request.
 */
export function clientErrorHandler(security: SecurityHeaders) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const headers = {
      ...security({headers: {}} as Parameters<SecurityHeaders>[0]),
      'cache-control': NO_STORE,
      'content-length': '0',
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    // Closed outright once written: half-closed, the socket would wait for a client that never reads its
    // answer (so never closes its side) until the idle timeout, counting toward the connection caps.
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n`, () => socket.destroy());
  };
}

/** The app's error handler, and an empty 404 for another method or no route at all, which repeats nothing of the request. */
const errorHandling: FastifyPluginAsync<{assets: ErrorPageAssets}> = async (app, {assets}) => {
  app.setErrorHandler(errorHandler(assets));
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send());
};

export const errorHandlingPlugin = fastifyPlugin(errorHandling, {name: 'error-handling'});
