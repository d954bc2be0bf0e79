/**
 * Every other GET/HEAD: the built site, behind the session check, each reader getting what their
 * audiences allow (a file they may not see answers as one that does not exist) and, when the operator
 * allows public pages, a visitor who is not signed in getting the public ones.
 */
import type {FastifyPluginAsync, FastifyReply} from 'fastify';
import {decideAccess, isNavigationRequest} from '../rules/access';
import {caseVariantLocation, resolveRequestPath} from '../rules/requestPath';
import type {BuildFile, LiveBuild} from '../services/liveBuild';
import {cacheControlFor, IMMUTABLE, REVALIDATE} from '../rules/headers';
import type {Session, SessionAuthority} from '../services/sessionAuthority';
import {sessionCookieValues} from '../../contracts/session';
import {VISITOR_VIEW} from '../../contracts/audiences';
import {sendBadAddress, type ErrorPageAssets} from '../plugins/app/errors';

export interface SiteRoutesOptions {
  sessions: SessionAuthority;
  build: LiveBuild;
  errorPageAssets: ErrorPageAssets;
  /** The audiences the reader policy gives a session's reader now (the readers file can change under a running gate). */
  audiencesOf: (session: Session) => readonly string[];
  /** Whether visitors who are not signed in may read the public pages. */
  publicPages: boolean;
  /** Pages the build has for them that these audiences may still not open (the authors' insights page). */
  hiddenFrom: (path: string, audiences: readonly string[]) => boolean;
  /** Told of each page a reader loads (insights count reads by it); absent while insights are off. */
  onPageLoad?: (session: Session, audiences: readonly string[], path: string) => void;
}

function send(reply: FastifyReply, {file, build, cut}: BuildFile) {
  // A file cut per reader is not the same bytes for everyone: the browser asks again each time, but for a
  // copy asked for by its own address, which is that copy's for good (server/rules/cutAddresses.ts).
  const cacheControl = cut === undefined ? cacheControlFor(file) : cut.tag === undefined ? REVALIDATE : IMMUTABLE;
  return reply.header('cache-control', cacheControl).sendBuildFile(file, build, cut);
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (
  app,
  {sessions, build, errorPageAssets, audiencesOf, publicPages, hiddenFrom, onPageLoad},
) => {
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

      // The public login build answers anyone, and never waits for the identity service.
      const publicFile = build.publicFile(resolution.path);
      if (publicFile !== null) return send(reply, publicFile);

      // A reader who leaves stops waiting, and the call to Firebase ends once nobody else waits for it.
      const left = new AbortController();
      reply.raw.once('close', () => reply.raw.writableFinished || left.abort());
      const session = await sessions.verifyAny(sessionCookieValues(request.headers.cookie), left.signal);
      // What this requester may see: a reader's view, or (when the operator allows them) the public pages.
      const audiences = session === null ? [] : audiencesOf(session);
      const readerView = session === null ? null : build.viewOf(audiences);
      const view = readerView ?? (publicPages ? VISITOR_VIEW : null);
      let found = view === null || hiddenFrom(resolution.path, audiences) ? null : build.siteFile(resolution.path, view);

      // An asset not found may belong to a release this instance has not switched to yet. Looked for only
      // now, and alike for a file that does not exist and one this requester may not see: neither the
      // answer nor the time it takes tells the two apart.
      if (found === null && resolution.path.startsWith('/assets/')) {
        await build.catchUp();
        const newPublicFile = build.publicFile(resolution.path);
        if (newPublicFile !== null) return send(reply, newPublicFile);
        found = view === null ? null : build.siteFile(resolution.path, view);
      }

      if (readerView === null) {
        if (found !== null) return send(reply, found);
        // Anything else as before: the login page, or 401.
        const access = decideAccess({rawUrl: request.url, signedIn: false, isNavigation: isNavigationRequest(request.headers)});
        return access.kind === 'login-redirect' ? reply.redirect(access.location, 302) : reply.code(401).send();
      }

      if (found === null) {
        const moved = caseVariantLocation(resolution.path, request.url, build.visibleSiteFiles(readerView));
        if (moved !== null) return reply.redirect(moved, 301);
        const notFound = build.notFoundPage(readerView);
        return notFound === null ? reply.code(404).send() : send(reply.code(404), notFound);
      }
      if (
        onPageLoad &&
        session !== null &&
        found.file.endsWith('.html') &&
        request.method === 'GET' &&
        isNavigationRequest(request.headers)
      ) {
        onPageLoad(session, audiences, resolution.path);
      }
      return send(reply, found);
    },
  });
};
