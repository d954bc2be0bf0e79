/** Every other GET/HEAD: the built site, behind the session check. */
import type {FastifyPluginAsync} from 'fastify';
import {decideAccess, isNavigationRequest} from '../rules/access';
import {caseVariantLocation, resolveRequestPath} from '../rules/requestPath';
import type {LiveBuild} from '../services/liveBuild';
import {cacheControlFor, REVALIDATE} from '../rules/headers';
import type {SessionAuthority} from '../services/sessionAuthority';
import {sessionCookieValues} from '../../contracts/session';
import {sendBadAddress, type ErrorPageAssets} from '../plugins/app/errors';

export interface SiteRoutesOptions {
  sessions: SessionAuthority;
  build: LiveBuild;
  errorPageAssets: ErrorPageAssets;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, {sessions, build, errorPageAssets}) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      // Whatever the answer, it depends on the cookie: no shared cache may reuse it.
      reply.header('vary', 'Cookie');
      const resolution = resolveRequestPath(request.url);
      if (resolution.kind === 'reject') return sendBadAddress(request, reply, errorPageAssets, resolution.status);
      if (resolution.kind === 'redirect') {
        return reply.redirect(resolution.location, 301);
      }

      // An asset no build here has may belong to a release this instance has not switched to yet.
      if (
        resolution.path.startsWith('/assets/') &&
        build.publicFile(resolution.path) === null &&
        build.siteFile(resolution.path) === null
      ) {
        await build.catchUp();
      }
      // The public login build answers anyone, and never waits for the identity service.
      const publicFile = build.publicFile(resolution.path);
      if (publicFile !== null) {
        return reply.header('cache-control', cacheControlFor(publicFile.file)).sendBuildFile(publicFile.file, publicFile.build);
      }

      // A reader who leaves stops waiting, and the call to Firebase ends once nobody else waits for it.
      const left = new AbortController();
      reply.raw.once('close', () => reply.raw.writableFinished || left.abort());
      const session = await sessions.verifyAny(sessionCookieValues(request.headers.cookie), left.signal);
      const access = decideAccess({rawUrl: request.url, signedIn: session !== null, isNavigation: isNavigationRequest(request.headers)});
      if (access.kind === 'login-redirect') {
        return reply.redirect(access.location, 302);
      }
      if (access.kind === 'unauthorized') {
        return reply.code(401).send();
      }

      const found = build.siteFile(resolution.path);
      if (found === null) {
        const moved = caseVariantLocation(resolution.path, request.url, build.current.site.files);
        if (moved !== null) return reply.redirect(moved, 301);
        const notFound = build.notFoundPage();
        return reply.code(404).header('cache-control', REVALIDATE).sendBuildFile(notFound.file, notFound.build);
      }
      return reply.header('cache-control', cacheControlFor(found.file)).sendBuildFile(found.file, found.build);
    },
  });
};
