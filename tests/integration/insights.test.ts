/**
 * Insights through the gate, over the fixture site (its audiences: partners, staff, beta, legacy) and a real
 * PostgreSQL (testkit/postgres.ts): what a stranger, a reader and an authors' reader (INSIGHTS_AUDIENCE
 * staff) get from the endpoints; that every report the gate acknowledged is in the report; that an authors'
 * reader learns nothing of pages they may not open, nor of searches of readers in other audiences; the
 * limits; retention; and a database that is down. Many gates writing at once: insights-many-gates.test.ts.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {Kysely, PostgresDialect, sql} from 'kysely';
import pg from 'pg';
import {
  FEEDBACK_ENDPOINT,
  INSIGHTS_ACCESS,
  INSIGHTS_LIMITS,
  INSIGHTS_PAGE,
  INSIGHTS_REPORT,
  READS_BEACON,
  SEARCH_BEACON,
  type InsightsReport,
} from '../../contracts/insights';
import {isVisible, readerView, READERS} from '../../contracts/audiences';
import {sessionCookieHeader} from '../../contracts/session';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {createDatabase, TEST_DATABASE_URL} from '../../testkit/postgres';
import type {InsightsTables} from '../../server/services/insightsDatabase';
import {dayOf, daysBefore} from '../../server/rules/insights';
import {Insights} from '../../server/services/insights';
import {manualClock} from '../support/fakeFirebaseAuth';
import {silentLog} from '../support/log';
import {sitePages} from '../support/audienceSite';
import {emulator, uniqueEmail} from '../support/emulator';
import {FIXTURE_SITE, FIXTURE_SITE_BUILD_ROOT, isCurrentDocsPage} from '../support/fixtureSite';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';

const serverUrl = process.env[TEST_DATABASE_URL];
if (!serverUrl) throw new Error(`${TEST_DATABASE_URL} is not set: run the integration tests with testkit/withPostgres.ts (npm test does)`);

const KINDS = {author: ['staff'], partner: ['partners'], plain: [], both: ['partners', 'staff']} as const;
type Kind = keyof typeof KINDS;

/** The current version's pages (at /docs; the frozen 2.0 below them, the others under their own paths), tags pages left out. */
const pages = sitePages(FIXTURE_SITE, FIXTURE_SITE_BUILD_ROOT).filter((page) => isCurrentDocsPage(page.url) && !page.url.includes('/tags'));
const forEveryone = pages.find((page) => page.condition === READERS && /^\/[\w/-]+$/.test(page.url))!;
const partnersOnly = pages.find((page) => Array.isArray(page.condition) && page.condition.join() === 'partners')!;
const staffPage = pages.find((page) => isVisible(page.condition, readerView(['staff'])) && page.condition !== READERS)!;

let gate: RunningGate;
let databaseUrl: string;
let db: Kysely<InsightsTables>;
let dir: string;
const cookies = {} as Record<Kind, string>;
const emails = {} as Record<Kind, string>;

function signedIn(kind: Kind | null, extra: Record<string, string> = {}): Record<string, string> {
  return {...(kind ? {cookie: sessionCookieHeader(cookies[kind])} : {}), ...extra};
}

const post = (kind: Kind | null, endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
  gate.request(endpoint, {
    method: 'POST',
    headers: signedIn(kind, {'content-type': 'application/json', origin: gate.origin, ...headers}),
    body: JSON.stringify(body),
  });

const search = (kind: Kind, query: string, results: number, opened: number | null, page = forEveryone.url) =>
  post(kind, SEARCH_BEACON, {query, page, results, opened});

async function report(kind: Kind, query = 'version=current&days=7'): Promise<{status: number; report: InsightsReport}> {
  const response = await gate.request(`${INSIGHTS_REPORT}?${query}`, {headers: signedIn(kind)});
  return {status: response.status, report: response.status === 200 ? (JSON.parse(response.body) as InsightsReport) : (null as never)};
}

beforeAll(async () => {
  databaseUrl = await createDatabase(serverUrl);
  db = new Kysely<InsightsTables>({dialect: new PostgresDialect({pool: new pg.Pool({connectionString: databaseUrl})})});
  dir = mkdtempSync(path.join(tmpdir(), 'tutorial-hub-insights-'));
  const accounts = await Promise.all(
    (Object.keys(KINDS) as Kind[]).map(async (kind) => [kind, await emulator.newAccount(uniqueEmail(`insights-${kind}`))] as const),
  );
  const readersFile = path.join(dir, 'readers.txt');
  writeFileSync(readersFile, accounts.map(([kind, {email}]) => `${email} ${KINDS[kind].join(',')}`.trim()).join('\n') + '\n');
  gate = await startGate({
    BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
    ALLOWED_EMAILS_FILE: readersFile,
    INSIGHTS: 'on',
    DATABASE_URL: databaseUrl,
    INSIGHTS_AUDIENCE: 'staff',
  });
  for (const [kind, credentials] of accounts) {
    emails[kind] = credentials.email;
    cookies[kind] = await sessionCookieFor(gate, credentials);
  }
  await vi.waitFor(() => expect(gate.logs.some((line) => line.event === 'insights-ready')).toBe(true), {timeout: 30_000});
});

afterAll(async () => {
  await gate?.close();
  await db?.destroy();
  rmSync(dir, {recursive: true, force: true});
});

describe('a stranger', () => {
  it.each([
    ['POST', SEARCH_BEACON, {query: 'x', page: '/', results: 1, opened: null}],
    ['POST', SEARCH_BEACON, {not: 'a report'}],
    ['POST', READS_BEACON, {pages: ['/']}],
    ['POST', FEEDBACK_ENDPOINT, {page: '/', helpful: true}],
    ['GET', `${FEEDBACK_ENDPOINT}?page=/`, undefined],
    ['GET', INSIGHTS_ACCESS, undefined],
    ['GET', `${INSIGHTS_REPORT}?version=current&days=7`, undefined],
    ['GET', `${INSIGHTS_REPORT}?nonsense`, undefined],
  ])('%s %s %j: 401 and nothing else, as any private path', async (method, endpoint, body) => {
    const response = await gate.request(endpoint, {
      method,
      headers: {'content-type': 'application/json', origin: gate.origin},
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    });
    expect(response.status).toBe(401);
    expect(response.body).toBe('');
  });

  it('is sent to the login page for /insights, and a reader of another site is refused before anything is read', async () => {
    expect((await gate.request(INSIGHTS_PAGE, {headers: NAVIGATION})).status).toBe(302);
    const crossSite = await post('author', SEARCH_BEACON, {query: 'x', page: '/', results: 1, opened: null}, {origin: 'https://evil.test'});
    expect(crossSite.status).toBe(403);
  });
});

describe('what a reader sends is checked against the schema', () => {
  it.each([
    [SEARCH_BEACON, {query: 'x', page: '/', results: 1}],
    [SEARCH_BEACON, {query: 'x', page: '/', results: 1, opened: 0}],
    [SEARCH_BEACON, {query: '', page: '/', results: 1, opened: null}],
    [SEARCH_BEACON, {query: 'x', page: 'https://evil.test/', results: 1, opened: null}],
    [SEARCH_BEACON, {query: 'x', page: '/', results: 1, opened: null, who: 'me'}],
    [READS_BEACON, {pages: []}],
    [READS_BEACON, {pages: Array.from({length: INSIGHTS_LIMITS.pagesPerBeacon + 1}, () => '/')}],
    [FEEDBACK_ENDPOINT, {page: '/', helpful: 'yes'}],
    [FEEDBACK_ENDPOINT, {page: '/', helpful: false, comment: 'x'.repeat(INSIGHTS_LIMITS.commentChars + 1)}],
  ])('%s %j: 400', async (endpoint, body) => {
    expect((await post('plain', endpoint, body)).status).toBe(400);
  });
});

describe('searches', () => {
  it('are acknowledged once kept, and counted per query: results, nothing opened, the mean rank opened', async () => {
    const sent = await Promise.all([
      search('author', 'Install  Steps', 4, 1),
      search('plain', 'install steps', 4, 3),
      search('plain', 'install steps', 4, null),
      search('author', 'kubernetes operator', 0, null),
    ]);
    expect(sent.map((response) => response.status)).toEqual([204, 204, 204, 204]);
    const {report: seen} = await report('author');
    expect(seen.topSearches.find((row) => row.query === 'install steps')).toMatchObject({
      searches: 3,
      noResults: 0,
      nothingOpened: 1,
      meanRankOpened: 2,
    });
    expect(seen.noResultSearches.map((row) => row.query)).toContain('kubernetes operator');
    expect(seen.nothingOpenedSearches.map((row) => row.query)).toContain('install steps');
    expect(seen.topSearches.find((row) => row.query === 'install steps')!.trend.at(-1)).toBe(3);
    expect(seen.totals.searches).toHaveLength(7);
  });

  it("of readers in an audience the authors' reader is not in are not theirs to see; one in both sees them", async () => {
    expect((await search('partner', 'partner webhook secret', 2, 1)).status).toBe(204);
    const mine = (await report('author')).report;
    expect(JSON.stringify(mine)).not.toContain('partner webhook secret');
    const both = (await report('both')).report;
    expect(both.topSearches.map((row) => row.query)).toContain('partner webhook secret');
    expect(both.totals.searches.at(-1)).toBe(mine.totals.searches.at(-1)! + 1);
  });

  it('the search page files a search under the version and section it searched', async () => {
    const response = await post('author', SEARCH_BEACON, {
      query: 'older setup',
      page: '/search',
      results: 2,
      opened: null,
      scope: {version: '1.0', section: ''},
    });
    expect(response.status).toBe(204);
    expect(JSON.stringify((await report('author')).report)).not.toContain('older setup');
    expect((await report('author', 'version=1.0&days=7')).report.topSearches.map((row) => row.query)).toContain('older setup');
  });
});

describe('reads', () => {
  it("count the pages the gate serves a reader and the moves the browser reports, and only the pages the authors' reader may open", async () => {
    const before = (await report('author')).report;
    const readsOf = (seen: InsightsReport, url: string) => seen.topPages.find((page) => page.path === decodeURI(url))?.reads ?? 0;
    expect((await gate.request(forEveryone.url, {headers: signedIn('plain', NAVIGATION)})).status).toBe(200);
    // A script is no read, nor is opening one of the site's tools.
    await gate.request(forEveryone.url, {headers: signedIn('plain', SUBRESOURCE)});
    expect((await gate.request(INSIGHTS_PAGE, {headers: signedIn('author', NAVIGATION)})).status).toBe(200);
    expect((await gate.request('/search', {headers: signedIn('plain', NAVIGATION)})).status).toBe(200);
    expect((await post('partner', READS_BEACON, {pages: [forEveryone.url, partnersOnly.url, '/no/such/page']})).status).toBe(204);
    await vi.waitFor(async () =>
      expect(readsOf((await report('author')).report, forEveryone.url)).toBe(readsOf(before, forEveryone.url) + 2),
    );

    const seen = (await report('author')).report;
    expect(JSON.stringify(seen)).not.toContain(decodeURI(partnersOnly.url));
    const both = (await report('both')).report;
    expect(readsOf(both, partnersOnly.url)).toBe(1);
    expect(both.topPages.find((page) => page.path === decodeURI(partnersOnly.url))!.title).not.toBe(decodeURI(partnersOnly.url));
    expect(both.totals.reads.at(-1)).toBe(seen.totals.reads.at(-1)! + 1);
    expect(seen.topPages.map((page) => page.path)).not.toContain(INSIGHTS_PAGE);
    expect(seen.topPages.map((page) => page.path)).not.toContain('/search');
  });
});

describe('"Was this page helpful?"', () => {
  it('keeps one answer per reader and page, changeable, and the address only when the reader says so', async () => {
    expect((await gate.request(`${FEEDBACK_ENDPOINT}?page=${staffPage.url}`, {headers: signedIn('author')})).status).toBe(204);
    expect((await post('author', FEEDBACK_ENDPOINT, {page: staffPage.url, helpful: true})).status).toBe(204);
    const changed = {page: staffPage.url, helpful: false, comment: '<script>alert(1)</script> where is the CLI?', contact: true};
    expect((await post('author', FEEDBACK_ENDPOINT, changed)).status).toBe(204);
    const mine = await gate.request(`${FEEDBACK_ENDPOINT}?page=${encodeURI(staffPage.url)}`, {headers: signedIn('author')});
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body)).toEqual({helpful: false, comment: changed.comment, contact: true});
    expect((await post('both', FEEDBACK_ENDPOINT, {page: staffPage.url, helpful: false, comment: 'no contact please'})).status).toBe(204);

    const seen = (await report('author')).report;
    const page = seen.unhelpfulPages.find((row) => row.path === decodeURI(staffPage.url))!;
    expect(page).toMatchObject({helpful: 0, unhelpful: 2});
    expect(seen.comments.filter((comment) => comment.path === decodeURI(staffPage.url))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({text: changed.comment, contact: emails.author, helpful: false}),
        expect.objectContaining({text: 'no contact please', contact: null}),
      ]),
    );
  });

  it('is for pages the reader may open: any other is one that does not exist', async () => {
    expect((await post('plain', FEEDBACK_ENDPOINT, {page: partnersOnly.url, helpful: true})).status).toBe(404);
    expect((await gate.request(`${FEEDBACK_ENDPOINT}?page=${partnersOnly.url}`, {headers: signedIn('plain')})).status).toBe(404);
    expect((await post('plain', FEEDBACK_ENDPOINT, {page: '/no/such/page', helpful: true})).status).toBe(404);
  });
});

describe('the authors page', () => {
  it('opens for readers of INSIGHTS_AUDIENCE only: anyone else gets the not-found page, the access check says no, and the report is 404 whatever they ask', async () => {
    expect((await gate.request(INSIGHTS_PAGE, {headers: signedIn('author', NAVIGATION)})).status).toBe(200);
    expect((await gate.request(INSIGHTS_ACCESS, {headers: signedIn('author')})).status).toBe(204);
    for (const kind of ['plain', 'partner'] as const) {
      const page = await gate.request(INSIGHTS_PAGE, {headers: signedIn(kind, NAVIGATION)});
      expect(page.status).toBe(404);
      expect(page.body).toBe((await gate.request('/no/such/page', {headers: signedIn(kind, NAVIGATION)})).body);
      const access = await gate.request(INSIGHTS_ACCESS, {headers: signedIn(kind)});
      expect([access.status, JSON.parse(access.body)]).toEqual([200, {insights: false}]);
      expect((await report(kind)).status).toBe(404);
      expect((await gate.request(`${INSIGHTS_REPORT}?nonsense=1`, {headers: signedIn(kind)})).status).toBe(404);
    }
  });

  it.each([['days=7'], ['version=current&days=8'], ['version=9.9&days=7'], ['version=current&days=7&section=no-such-section']])(
    'refuses a report of %s (400)',
    async (query) => {
      expect((await report('author', query)).status).toBe(400);
    },
  );
});

describe('a flood from one reader', () => {
  it('is cut at the minute limit (429) and what was cut is counted as dropped', async () => {
    const flooder = await emulator.newAccount(uniqueEmail('insights-flood'));
    const cookie = await sessionCookieFor(gate, flooder);
    // All at once: the bucket fills again as time goes (one a second), and each answer waits for its batch.
    const statuses = (
      await Promise.all(
        Array.from({length: INSIGHTS_LIMITS.reportsPerMinute + 5}, (_, at) =>
          gate.request(SEARCH_BEACON, {
            method: 'POST',
            headers: {cookie: sessionCookieHeader(cookie), 'content-type': 'application/json', origin: gate.origin},
            body: JSON.stringify({query: `flood ${at}`, page: forEveryone.url, results: 1, opened: null}),
          }),
        ),
      )
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(INSIGHTS_LIMITS.reportsPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Counts nobody waits for are written within COUNT_FLUSH_MS.
    await vi.waitFor(
      async () => {
        const rows = await db.selectFrom('insights_dropped').select(['reason', 'events']).where('reason', '=', 'rate').execute();
        expect(rows.reduce((sum, row) => sum + row.events, 0)).toBeGreaterThanOrEqual(5);
      },
      {timeout: 20_000, interval: 100},
    );
  });
});

describe('retention', () => {
  it('deletes rows older than INSIGHTS_RETENTION_DAYS when a gate starts', async () => {
    const old = daysBefore(dayOf(Date.now()), 40);
    const kept = daysBefore(dayOf(Date.now()), 10);
    await db
      .insertInto('insights_reads')
      .values([old, kept].map((day) => ({day, page: '/retention', version: 'current', section: '', audiences: '', reads: 1})))
      .execute();
    const second = await startGate({
      BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
      INSIGHTS: 'on',
      DATABASE_URL: databaseUrl,
      INSIGHTS_RETENTION_DAYS: '30',
    });
    try {
      await vi.waitFor(async () => {
        const days = await db.selectFrom('insights_reads').select('page').where('page', '=', '/retention').execute();
        expect(days).toHaveLength(1);
      });
    } finally {
      await second.close();
    }
  });

  it('deletes them again every hour while a gate runs, once their day has passed', async () => {
    const {clock, advance} = manualClock();
    const insights = await Insights.open({databaseUrl, dataDir: '', audience: null, retentionDays: 30}, silentLog, clock);
    try {
      await insights.whenReady();
      const today = dayOf(clock.now());
      expect(insights.today()).toBe(today);
      const [lastKept, page] = [daysBefore(today, 29), '/retention-hourly'];
      await db
        .insertInto('insights_reads')
        .values([lastKept, today].map((day) => ({day, page, version: 'current', section: '', audiences: '', reads: 1})))
        .execute();
      const days = async () =>
        (
          await db
            .selectFrom('insights_reads')
            .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
            .where('page', '=', page)
            .orderBy('day')
            .execute()
        ).map((row) => row.day);
      expect(await days()).toEqual([lastKept, today]);
      // An hour at a time, as the gate's timer runs, until the day turns and the oldest day is past the retention.
      await vi.waitFor(
        async () => {
          advance(60 * 60 * 1000);
          expect(await days()).toEqual([today]);
        },
        {interval: 20, timeout: 20_000},
      );
      // New reports are filed under the new day.
      expect(insights.today()).toBe(dayOf(clock.now()));
      expect(insights.today()).not.toBe(today);
    } finally {
      await insights.close();
    }
  });
});

describe('a database that is down', () => {
  it('slows nothing a reader does: pages are served, beacons answered 503 and counted, and the cause logged once', async () => {
    const down = await startGate({
      BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
      INSIGHTS: 'on',
      // A loopback port nothing listens on.
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/insights',
    });
    try {
      const cookie = await sessionCookieFor(down);
      const headers = {cookie: sessionCookieHeader(cookie)};
      expect((await down.request(forEveryone.url, {headers: {...headers, ...NAVIGATION}})).status).toBe(200);
      const beacon = await down.request(SEARCH_BEACON, {
        method: 'POST',
        headers: {...headers, 'content-type': 'application/json', origin: down.origin},
        body: JSON.stringify({query: 'anything', page: forEveryone.url, results: 1, opened: null}),
      });
      expect(beacon.status).toBe(503);
      expect(JSON.parse(beacon.body)).toEqual({error: 'insights-unavailable', message: expect.stringMatching(/try again/)});
      expect((await down.request(`${FEEDBACK_ENDPOINT}?page=${forEveryone.url}`, {headers})).status).toBe(503);
      await vi.waitFor(() => expect(down.logs.filter((line) => line.event === 'insights-unavailable')).toHaveLength(1));
    } finally {
      await down.close();
    }
  });
});

describe('a gate that stops', () => {
  it('writes the reads it holds before it goes', async () => {
    const stopping = await startGate({BUILD_DIR: FIXTURE_SITE_BUILD_ROOT, INSIGHTS: 'on', DATABASE_URL: databaseUrl});
    await vi.waitFor(() => expect(stopping.logs.some((line) => line.event === 'insights-ready')).toBe(true), {timeout: 30_000});
    const cookie = await sessionCookieFor(stopping);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('insights_reads')
            .select((eb) => eb.fn.sum<string>('reads').as('reads'))
            .where('page', '=', decodeURI(forEveryone.url))
            .executeTakeFirst()
        )?.reads ?? 0,
      );
    const before = await count();
    expect((await stopping.request(forEveryone.url, {headers: {cookie: sessionCookieHeader(cookie), ...NAVIGATION}})).status).toBe(200);
    await stopping.close();
    expect(await count()).toBe(before + 1);
  });
});
