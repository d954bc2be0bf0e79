/** Every other GET/HEAD: the built site, behind the session check. */
import type {FastifyPluginAsync} from 'fastify';
import {decideAccess, isNavigationRequest} from '../access';
import {caseVariantLocation, resolveRequestPath} from '../requestPath';
import type {LiveBuild} from '../liveBuild';
import {cacheControlFor, NO_STORE, REVALIDATE} from '../headers';
import type {SessionAuthority} from '../sessions';
import {SESSION_COOKIE} from './session';

export interface SiteRoutesOptions {
  sessions: SessionAuthority;
  build: LiveBuild;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, {sessions, build}) => {
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

      // The signed-out surface never waits for, or depends on, the identity service.
      const isPublic = build.isPublic(resolution.path);
      const session = isPublic ? null : await sessions.verify(request.cookies[SESSION_COOKIE]);
      const access = decideAccess(
        {path: resolution.path, rawUrl: request.url, signedIn: session !== null, isNavigation: isNavigationRequest(request.headers)},
        () => isPublic,
      );
      if (access.kind === 'login-redirect') {
        return reply.header('cache-control', NO_STORE).redirect(access.location, 302);
      }
      if (access.kind === 'unauthorized') {
        return reply.code(401).header('cache-control', NO_STORE).send();
      }

      const found = build.lookup(resolution.path);
      if (found === null) {
        const moved = caseVariantLocation(resolution.path, request.url, build.current.files);
        if (moved !== null) return reply.header('cache-control', NO_STORE).redirect(moved, 301);
        return reply.code(404).header('cache-control', REVALIDATE).sendBuildFile('404.html', build.current);
      }
      return reply.header('cache-control', cacheControlFor(found.file)).sendBuildFile(found.file, found.build);
    },
  });
};
