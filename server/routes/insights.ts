/**
 * The insights endpoints (contracts/insights.ts): the beacons readers' browsers send, "Was this page
 * helpful?", and the report for the authors' page. A caller with no session gets 401, as on every other
 * private path; a page a reader may not open is one that does not exist for them, here too. Registered
 * only while INSIGHTS is on.
 */
import {Value} from '@sinclair/typebox/value';
import type {FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import {
  countsAsRead,
  FEEDBACK_ENDPOINT,
  INSIGHTS_ACCESS,
  INSIGHTS_REPORT,
  READS_BEACON,
  SEARCH_BEACON,
  versionOfSection,
} from '../../contracts/insights';
import {FeedbackReport, ReadsReport, ReportQuery, SearchReport} from '../../contracts/insightsSchemas';
import {sessionCookieValues} from '../../contracts/session';
import type {View} from '../../contracts/audiences';
import {audiencesKey, countedQuery, isInsightsReader, keptComment, searchesVisibleTo} from '../rules/insights';
import type {Insights} from '../services/insights';
import {readerKey} from '../services/insights';
import type {LiveBuild} from '../services/liveBuild';
import type {Session, SessionAuthority} from '../services/sessionAuthority';
import type {InsightsPages} from '../services/insightsPages';
import type {GateConfig} from '../config';
import {refuseCrossSitePosts} from './session';

export interface InsightsRoutesOptions {
  config: GateConfig;
  insights: Insights;
  pages: InsightsPages;
  sessions: SessionAuthority;
  build: LiveBuild;
  audiencesOf: (session: Session) => readonly string[];
  /** The audience whose readers may read the report (null: nobody). */
  insightsAudience: string | null;
}

/**
 * What the browser's calls get where there is nothing to do: a 200 that says so, since an error status would
 * be logged in every reader's console (a reader not in INSIGHTS_AUDIENCE, or every reader while INSIGHTS=off).
 */
const NOT_FOR_THIS_READER = {insights: false} as const;

/**
 * Before a body or a query is read, a caller without a session gets 401 and learns nothing of what these
 * routes take; a signed-in one is handed to `signedIn`.
 */
function requireSession(app: FastifyInstance, sessions: SessionAuthority, signedIn: (request: FastifyRequest, session: Session) => void) {
  app.addHook('onRequest', async (request, reply) => {
    const session = await sessions.verifyAny(sessionCookieValues(request.headers.cookie));
    if (session === null) return reply.code(401).send();
    signedIn(request, session);
    return undefined;
  });
}

/** The longest a beacon waits for its batch: past it, the answer is 503 (the report may still be kept). */
const ACK_DEADLINE_MS = 3000;
/** The few bytes of a beacon, with room: a reads beacon of 50 long paths is the largest. */
const BODY_LIMIT = 32 * 1024;

interface Reader {
  session: Session;
  /** The reader's audiences the build defines, as counts are kept by. */
  audiences: readonly string[];
  view: View;
}

const unavailable = (reply: FastifyReply) =>
  reply.code(503).send({error: 'insights-unavailable', message: 'Insights cannot be reached just now; try again in a moment.'});

export const insightsRoutes: FastifyPluginAsync<InsightsRoutesOptions> = async (
  app,
  {config, insights, pages, sessions, build, audiencesOf, insightsAudience},
) => {
  app.addHook('onRequest', refuseCrossSitePosts(config));

  const readers = new WeakMap<FastifyRequest, Reader>();
  requireSession(app, sessions, (request, session) => {
    const audiences = build.definedOf(audiencesOf(session));
    readers.set(request, {session, audiences, view: build.viewOf(audiences)});
  });
  const readerOf = (request: FastifyRequest): Reader => {
    const reader = readers.get(request);
    if (reader === undefined) throw new Error('An insights route ran without its reader');
    return reader;
  };

  /** Answers 204 once `committed` says the batch was kept, 503 when it was not (or not in time). */
  async function acknowledge(reply: FastifyReply, committed: Promise<boolean>) {
    let deadline: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(false), ACK_DEADLINE_MS)));
    const kept = await Promise.race([committed, late]);
    clearTimeout(deadline);
    return kept ? reply.code(204).send() : unavailable(reply);
  }

  /** The search page's scope, when it names a version and a section of it the build has; null otherwise. */
  function scopedPlace(scope: SearchReport['scope']): {version: string; section: string} | null {
    if (scope === undefined) return null;
    const {versions, sections} = build.current.places;
    const known =
      versions.some(({name}) => name === scope.version) &&
      (scope.section === '' || sections.some((one) => one.path === scope.section && versionOfSection(one, versions) === scope.version));
    return known ? scope : null;
  }

  const tooMany = (reply: FastifyReply) =>
    reply.code(429).send({error: 'too-many-reports', message: 'Too many reports from this reader in a short time.'});

  app.post<{Body: SearchReport}>(SEARCH_BEACON, {bodyLimit: BODY_LIMIT, schema: {body: SearchReport}}, async (request, reply) => {
    const reader = readerOf(request);
    if (!insights.admit(reader.session.uid, 1)) return tooMany(reply);
    const page = pages.open(request.body.page, reader.view);
    const place = page === null ? null : (scopedPlace(request.body.scope) ?? pages.place(page));
    const query = countedQuery(request.body.query);
    if (place === null || query === '') {
      insights.writer.drop(insights.today(), 'unknown-page', 1);
      return reply.code(204).send();
    }
    const {results, opened} = request.body;
    return acknowledge(
      reply,
      insights.writer.addSearch({
        day: insights.today(),
        ...place,
        audiences: audiencesKey(reader.audiences),
        query,
        searches: 1,
        no_results: results === 0 ? 1 : 0,
        nothing_opened: results > 0 && opened === null ? 1 : 0,
        opened: opened === null ? 0 : 1,
        rank_total: opened ?? 0,
      }),
    );
  });

  app.post<{Body: ReadsReport}>(READS_BEACON, {bodyLimit: BODY_LIMIT, schema: {body: ReadsReport}}, async (request, reply) => {
    const reader = readerOf(request);
    if (!insights.admit(reader.session.uid, request.body.pages.length)) return tooMany(reply);
    let unknown = 0;
    const rows = request.body.pages.flatMap((raw) => {
      const page = pages.open(raw, reader.view);
      const place = page === null ? null : pages.place(page);
      if (page === null || place === null) return (unknown++, []);
      return countsAsRead(page) ? [{day: insights.today(), page, ...place, audiences: audiencesKey(reader.audiences), reads: 1}] : [];
    });
    insights.writer.drop(insights.today(), 'unknown-page', unknown);
    return rows.length === 0 ? reply.code(204).send() : acknowledge(reply, insights.writer.addReads(rows));
  });

  app.post<{Body: FeedbackReport}>(FEEDBACK_ENDPOINT, {bodyLimit: BODY_LIMIT, schema: {body: FeedbackReport}}, async (request, reply) => {
    const reader = readerOf(request);
    const page = pages.open(request.body.page, reader.view);
    const place = page === null ? null : pages.place(page);
    if (page === null || place === null) return reply.code(404).send();
    if (!insights.admit(reader.session.uid, 1)) return tooMany(reply);
    if (!insights.isReady) return unavailable(reply);
    const comment = keptComment(request.body.comment);
    try {
      await insights.answer({
        reader: readerKey(reader.session.uid),
        page,
        ...place,
        audiences: audiencesKey(reader.audiences),
        helpful: request.body.helpful,
        comment,
        // The address only with the reader's word, and only with a comment to answer.
        contact: request.body.contact === true && comment !== '' ? reader.session.email : null,
      });
    } catch (error) {
      request.log.warn({event: 'insights-answer-failed', err: error}, 'A "Was this page helpful?" answer was not stored');
      return unavailable(reply);
    }
    return reply.code(204).send();
  });

  app.get<{Querystring: {page?: string}}>(FEEDBACK_ENDPOINT, async (request, reply) => {
    const reader = readerOf(request);
    const page = typeof request.query.page === 'string' ? pages.open(request.query.page, reader.view) : null;
    if (page === null) return reply.code(404).send();
    if (!insights.isReady) return unavailable(reply);
    try {
      const answer = await insights.answerOf(readerKey(reader.session.uid), page);
      return answer === null ? reply.code(204).send() : reply.header('cache-control', 'no-store').send(answer);
    } catch (error) {
      request.log.warn({event: 'insights-answer-unread', err: error}, 'A reader\'s "Was this page helpful?" answer could not be read');
      return unavailable(reply);
    }
  });

  app.get(INSIGHTS_ACCESS, async (request, reply) => {
    const reader = readerOf(request);
    return isInsightsReader(reader.audiences, insightsAudience) ? reply.code(204).send() : reply.send(NOT_FOR_THIS_READER);
  });

  app.get<{Querystring: ReportQuery}>(INSIGHTS_REPORT, async (request, reply) => {
    const reader = readerOf(request);
    // Before the query is read: to anyone else, it is a path that does not exist.
    if (!isInsightsReader(reader.audiences, insightsAudience)) return reply.code(404).send();
    if (!Value.Check(ReportQuery, request.query)) {
      return reply
        .code(400)
        .send({error: 'bad-report-query', message: 'A report needs a version, a period of 7, 30 or 90 days, and at most a section.'});
    }
    const {version, section, days} = request.query;
    const places = build.current.places;
    const known =
      places.versions.some(({name}) => name === version) &&
      (section === undefined || places.sections.some((one) => one.path === section && versionOfSection(one, places.versions) === version));
    if (!known) return reply.code(400).send({error: 'bad-report-query', message: 'This site has no such version or section.'});
    if (!insights.isReady) return unavailable(reply);
    const held = new Set(reader.audiences);
    try {
      const report = await insights.report({
        version,
        section: section ?? null,
        days: Number(days),
        page: (path) => pages.open(path, reader.view) !== null,
        titles: (paths) => pages.titles(paths, reader.view),
        searchers: (audiences) => searchesVisibleTo(audiences, held),
      });
      return reply.header('cache-control', 'no-store').send(report);
    } catch (error) {
      request.log.error({event: 'insights-report-failed', err: error}, 'An insights report could not be read');
      return unavailable(reply);
    }
  });
};

/**
 * While INSIGHTS=off: the browser's beacons are taken and dropped (204), and its questions answered "no
 * insights here" (200), so that readers' consoles stay clear; a caller with no session still gets 401.
 */
export const insightsOffRoutes: FastifyPluginAsync<{sessions: SessionAuthority}> = async (app, {sessions}) => {
  requireSession(app, sessions, () => undefined);
  for (const beacon of [SEARCH_BEACON, READS_BEACON, FEEDBACK_ENDPOINT])
    app.post(beacon, async (_request, reply) => reply.code(204).send());
  for (const question of [FEEDBACK_ENDPOINT, INSIGHTS_ACCESS]) app.get(question, async () => NOT_FOR_THIS_READER);
};
