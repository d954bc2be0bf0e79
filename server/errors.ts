/** What a reader gets when a request fails: the truth, briefly, and never a stack trace. */
import type {FastifyError, FastifyReply, FastifyRequest} from 'fastify';
import {isNavigationRequest} from './access';
import {NO_STORE} from './headers';
import {IdentityUnavailableError} from './identity';
import {RETRY_AFTER_SECONDS, unavailablePage} from './unavailablePage';

export interface ErrorPageAssets {
  /** Stylesheets the login page of the current build loads: public, so any error page may use them. */
  stylesheets: () => readonly string[];
}

const UNAVAILABLE_MESSAGE = 'The sign-in service cannot be reached. Try again shortly.';

export function errorHandler(assets: ErrorPageAssets) {
  return (error: FastifyError | IdentityUnavailableError | Error, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', NO_STORE);
    if (error instanceof IdentityUnavailableError) {
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      if (request.url.startsWith('/api/')) return reply.send({error: 'unavailable', message: UNAVAILABLE_MESSAGE});
      // A page load gets a page; a script, style or fetch gets nothing it could mistake for itself.
      if (isNavigationRequest(request.headers)) {
        return reply.type('text/html; charset=utf-8').send(unavailablePage({stylesheets: assets.stylesheets(), retryUrl: request.url}));
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
