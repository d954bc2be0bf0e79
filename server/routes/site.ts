/** Every other GET/HEAD: the built site, behind the session check. */
import type {FastifyPluginAsync} from 'fastify';
import {decideAccess, isNavigationRequest} from '../access';
import {buildFileFor, resolveRequestPath} from '../requestPath';
import {cacheControlFor, NO_STORE, REVALIDATE} from '../headers';
import type {SessionAuthority} from '../sessions';
import {SESSION_COOKIE} from './session';

export interface SiteRoutesOptions {
  sessions: SessionAuthority;
  /** Every file of the build, relative, with forward slashes. */
  files: ReadonlySet<string>;
  publicPaths: ReadonlySet<string>;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, {sessions, files, publicPaths}) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      // Whatever the answer, it depends on the cookie: no shared cache may reuse it.
      reply.header('vary', 'Cookie');
      const resolution = resolveRequestPath(request.url);
      if (resolution.kind === 'reject') {
        return reply.code(resolution.status).header('cache-control', NO_STORE).send();
      }
      if (resolution.kind === 'redirect') {
        return reply.header('cache-control', NO_STORE).redirect(resolution.location, 301);
      }

      const session = await sessions.verify(request.cookies[SESSION_COOKIE]);
      const access = decideAccess(
        {path: resolution.path, rawUrl: request.url, signedIn: session !== null, isNavigation: isNavigationRequest(request.headers)},
        publicPaths,
      );
      if (access.kind === 'login-redirect') {
        return reply.header('cache-control', NO_STORE).redirect(access.location, 302);
      }
      if (access.kind === 'unauthorized') {
        return reply.code(401).header('cache-control', NO_STORE).send();
      }

      const file = buildFileFor(resolution.path, files);
      if (file === null) {
        return reply.code(404).header('cache-control', REVALIDATE).sendBuildFile('404.html');
      }
      return reply.header('cache-control', cacheControlFor(file)).sendBuildFile(file);
    },
  });
};
