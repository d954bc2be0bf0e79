/**
 * Benchmark: insights for authors (issue 61), on the corpus with audiences, with Debian's PostgreSQL
 * (testkit/postgres.ts) as production's database.
 * 1. The gate with insights on (every page it serves a reader counted, written in batches) beside the same
 *    build's gate with them off: autocannon as the server benchmark loads, A B B A; then what was counted.
 * 2. Ninety days of the corpus's 2 × 1,000 pages, 100,000 searches and 10,000 answers (bench/lib/insightsData.ts):
 *    the report's answer time, then `/insights` in Chromium beside a doc page of the same site, fresh contexts
 *    in turn, the time each shows its content.
 */
import type {Browser} from '@playwright/test';
import {sql} from 'kysely';
import {DEMO_READER} from '../contracts/demoReader';
import {INSIGHTS_PAGE, INSIGHTS_REPORT} from '../contracts/insights';
import {migrate, openInsightsDatabase, type InsightsDb} from '../server/services/insightsDatabase';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../testkit/http';
import {signedInState, type StorageState} from '../testkit/loginPage';
import {startPostgres} from '../testkit/postgres';
import {pagesForEveryReader} from './lib/buildOutput';
import {BROTLI, CONNECTIONS, measure, SECONDS, WARM_UP_SECONDS, type Target} from './lib/httpLoad';
import {ISSUE_61_VOLUME, seedInsights} from './lib/insightsData';
import {cpuMsOf, machineCpuMs, withResources} from './lib/processes';
import {goal, type Result} from './lib/report';
import {launchBrowser, readerCookie, readersFile, startBenchGate} from './lib/servers';
import {median, ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

/** Issue 61: the gate's req/s with insights on at least this share of off's. */
const THROUGHPUT_GOAL = 0.95;
/** Issue 61: /insights shows its report within this multiple of the time a doc page shows its own. */
const RENDER_GOAL = 2;
/** A B B A this many times for the pages, whose every load is counted: the goal's 5 % is within one run's noise. */
const ROUNDS = 3;
const LOADS = 5;
const REPORT_REQUESTS = 20;
/** The authors' audience: one of the corpus's (bench/corpus.ts), and the benchmark's reader is in it. */
const AUTHORS = 'staff';
/** What each page shows once it has its content: the doc's article, the report's first table row. */
const CONTENT = {doc: 'article h1', insights: 'main table tbody tr'};

const today = () => new Date().toISOString().slice(0, 10);
/** PostgreSQL's processes: its server and the backends serving the gates. */
const isPostgres = (commandLine: string) => /(^|\/)postgres( |:)/.test(commandLine);

async function openDatabase(url: string): Promise<InsightsDb> {
  const db = await openInsightsDatabase({databaseUrl: url, dataDir: ''});
  await migrate(db);
  return db;
}

/** The load on both gates: one page, every page for every reader in turn, main JS (which counts nothing). */
async function throughput(
  gates: {on: Target; off: Target},
  docPage: string,
  pages: readonly string[],
  mainOf: (target: Target) => Promise<string>,
) {
  const targets = (headers: Record<string, string>) =>
    [gates.off, gates.on].map((target) => ({...target, headers: {...target.headers, ...headers}}));
  const scripts = await Promise.all([gates.off, gates.on].map(mainOf));
  return [
    ...(await measure('HTML page (brotli)', docPage, 200, targets({...NAVIGATION, ...BROTLI}), ROUNDS)),
    ...(await measure(`${pages.length} pages in turn (brotli)`, pages, 200, targets({...NAVIGATION, ...BROTLI}), ROUNDS)),
    ...(await measure(
      'main JS (brotli)',
      '/main.js',
      200,
      targets({...SUBRESOURCE, ...BROTLI}).map((target, i) => ({...target, path: scripts[i]!})),
    )),
  ];
}

/** ms from navigation start; `report`: when the page asked for its report, and had it (NaN for a doc page). */
type Shown = {content: number; FCP: number; LCP: number; 'report asked': number; 'report in': number};

/**
 * One load in a fresh context (empty cache, the reader's cookie and Firebase state): ms from navigation
 * start until `selector` is shown (the first frame after it is in the page, not before the first
 * contentful paint: a doc page's first frames come before its paint), with FCP and LCP.
 */
function shownAt(browser: Browser, state: StorageState, url: string, selector: string): Promise<Shown> {
  return withResources(async (add) => {
    const context = add(await browser.newContext({storageState: state}));
    await context.addInitScript((wanted: string) => {
      const marks = window as unknown as {contentShown?: number};
      const observer = new MutationObserver(() => {
        if (!document.querySelector(wanted)) return;
        observer.disconnect();
        requestAnimationFrame(() => (marks.contentShown = performance.now()));
      });
      observer.observe(document, {childList: true, subtree: true});
    }, selector);
    const page = await context.newPage();
    await page.goto(url, {waitUntil: 'load'});
    await page.waitForFunction(() => (window as unknown as {contentShown?: number}).contentShown !== undefined, undefined, {
      timeout: 60_000,
    });
    const alerts = await page.getByRole('alert').allTextContents();
    if (alerts.some((text) => text.trim() !== '')) throw new Error(`${url} shows an alert: ${alerts.join(' / ')}`);
    return page.evaluate(async (reportPath: string) => {
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 5000);
      });
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const report = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(({name}) => name.includes(reportPath));
      return {
        content: Math.max((window as unknown as {contentShown: number}).contentShown, fcp),
        FCP: fcp,
        LCP: lcp,
        'report asked': report?.startTime ?? Number.NaN,
        'report in': report?.responseEnd ?? Number.NaN,
      };
    }, INSIGHTS_REPORT);
  });
}

/** ms to the whole answer, one request at a time, after one unreported. */
async function answerTimes(origin: string, urlPath: string, headers: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= REPORT_REQUESTS; i++) {
    const started = performance.now();
    const answer = await rawRequest(origin, urlPath, {headers});
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return times;
}

/** What a database holds: reads counted, and reports dropped (by any reason). */
async function countsIn(url: string): Promise<{reads: number; dropped: number}> {
  const db = await openDatabase(url);
  try {
    const {rows} = await sql<{reads: string; dropped: string}>`
      select (select coalesce(sum(reads), 0) from insights_reads) as reads,
             (select coalesce(sum(events), 0) from insights_dropped) as dropped`.execute(db);
    return {reads: Number(rows[0]!.reads), dropped: Number(rows[0]!.dropped)};
  } finally {
    await db.destroy();
  }
}

export async function run(workspace: Workspace): Promise<Result> {
  if (workspace.corpusAudiences === 0)
    throw new Error('the insights benchmark needs the corpus with audiences (BENCH_CORPUS_AUDIENCES > 0)');
  const {buildDir, summary} = await workspace.corpusBuild({audiences: true});
  if (!summary.audiences.includes(AUTHORS)) throw new Error(`the corpus defines no audience "${AUTHORS}"`);
  const docPage = summary.sampleRoutes[0]!;
  const allowed = readersFile([{email: DEMO_READER.email, audiences: [AUTHORS, summary.audiences[0]!]}]);
  const gateEnv = {ALLOWED_EMAILS_FILE: allowed, INSIGHTS_AUDIENCE: AUTHORS};

  return withResources(async (add) => {
    const postgres = add(await startPostgres());

    // 1. Throughput, on beside off. The gates stop at the block's end, the one with insights on writing what it holds.
    const countedUrl = await postgres.createDatabase();
    const {rows: served, cpu} = await withResources(async (addGate) => {
      const off = addGate(await startBenchGate(buildDir, gateEnv));
      const on = addGate(await startBenchGate(buildDir, {...gateEnv, INSIGHTS: 'on', DATABASE_URL: countedUrl}));
      const gates = {
        off: {label: 'insights off', origin: off.origin, headers: {cookie: await readerCookie(off)}},
        on: {label: 'insights on (PostgreSQL)', origin: on.origin, headers: {cookie: await readerCookie(on)}},
      };
      const mainOf = async (target: Target) => {
        const page = await rawRequest(target.origin, docPage, {headers: {...NAVIGATION, ...target.headers}});
        return /src="?(\/assets\/js\/main\.[^" >]+\.js)/.exec(page.body)![1]!;
      };
      // Where the machine's CPU went during the load: the database runs on the same two cores as the gates here.
      const cpu = () => ({off: cpuMsOf(off.pid), on: cpuMsOf(on.pid), database: cpuMsOf(isPostgres), machine: machineCpuMs()});
      const before = cpu();
      const rows = await throughput(gates, docPage, pagesForEveryReader(buildDir), mainOf);
      const after = cpu();
      const seconds = (key: keyof typeof before) => round((after[key] - before[key]) / 1000, 1);
      return {
        rows,
        cpu: {
          'Gate, insights off': seconds('off'),
          'Gate, insights on': seconds('on'),
          PostgreSQL: seconds('database'),
          'The whole machine': seconds('machine'),
        },
      };
    });
    const counted = await countsIn(countedUrl);

    // 2. The report over ninety days, then the page in the browser beside a doc page.
    const seededUrl = await postgres.createDatabase();
    const db = await openDatabase(seededUrl);
    const seedStarted = performance.now();
    const seeded = await seedInsights(db, buildDir, today()).finally(() => db.destroy());
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    const gate = add(await startBenchGate(buildDir, {...gateEnv, INSIGHTS: 'on', DATABASE_URL: seededUrl}));
    const cookie = await readerCookie(gate);
    const choice = `version=current&days=${ISSUE_61_VOLUME.days}`;
    const report = await rawRequest(gate.origin, `${INSIGHTS_REPORT}?${choice}`, {headers: {cookie}});
    const listed = JSON.parse(report.body) as {topPages: unknown[]; topSearches: unknown[]; comments: unknown[]};
    if (listed.topPages.length === 0 || listed.topSearches.length === 0 || listed.comments.length === 0)
      throw new Error(`the report lists nothing of the seeded insights: ${report.body.slice(0, 300)}`);
    const answers = [
      {
        Request: `report, ${ISSUE_61_VOLUME.days} days, whole version`,
        ms: await answerTimes(gate.origin, `${INSIGHTS_REPORT}?${choice}`, {cookie}),
        kib: report.bytes.length,
      },
      {Request: 'doc page HTML (brotli)', ms: await answerTimes(gate.origin, docPage, {...NAVIGATION, ...BROTLI, cookie}), kib: 0},
    ].map(({Request, ms, kib: bytes}) => ({
      Request,
      'median ms': round(median(ms), 1),
      'max ms': round(Math.max(...ms), 1),
      ...(bytes ? {'KiB (JSON)': round(bytes / 1024, 1)} : {}),
    }));

    const browser = add(await launchBrowser());
    const state = await signedInState(browser, gate.origin, undefined, DEMO_READER);
    const targets = [
      {name: 'doc page', url: `${gate.origin}${docPage}`, selector: CONTENT.doc},
      {name: `${INSIGHTS_PAGE}, ${ISSUE_61_VOLUME.days} days`, url: `${gate.origin}${INSIGHTS_PAGE}?${choice}`, selector: CONTENT.insights},
    ];
    // One unreported load of each: the gate's caches (a reader's copies of scripts, the report's titles) are made.
    for (const target of targets) await shownAt(browser, state, target.url, target.selector);
    const loads = new Map(targets.map((target) => [target, [] as Shown[]]));
    for (let i = 0; i < LOADS; i++)
      for (const target of i % 2 === 0 ? targets : [...targets].reverse())
        loads.get(target)!.push(await shownAt(browser, state, target.url, target.selector));
    const renders = targets.map((target) => {
      const runs = loads.get(target)!;
      const of = (key: keyof Shown) => {
        const value = round(median(runs.map((run) => run[key])), 0);
        return Number.isNaN(value) ? null : value;
      };
      return {
        Page: target.name,
        'Content shown ms': of('content'),
        'FCP ms': of('FCP'),
        'LCP ms': of('LCP'),
        'Report asked ms': of('report asked'),
        'Report in ms': of('report in'),
      };
    });

    const share = (request: string) => {
      const [off, on] = served.filter((row) => row.Request === request);
      return ratio(on!['req/s'], off!['req/s']);
    };
    const throughputGoals = [...new Set(served.map((row) => row.Request))].map((request) =>
      goal(`${request}: gate req/s with insights on ≥ ${THROUGHPUT_GOAL}× off`, `${share(request)}×`, share(request) >= THROUGHPUT_GOAL),
    );
    const renderRatio = ratio(renders[1]!['Content shown ms'] ?? Number.NaN, renders[0]!['Content shown ms'] ?? Number.NaN);
    return {
      tables: [
        {
          title: `The gate with insights on and off, the corpus with audiences, a reader in ${AUTHORS} and ${summary.audiences[0]}: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per gate in alternating halves (pages: ${ROUNDS} times) after ${WARM_UP_SECONDS} s`,
          rows: served,
        },
        {title: 'CPU seconds during those runs (user + system; each gate was loaded as long as the other)', rows: [cpu]},
        {
          title: 'What the gate with insights on counted, in the database once it stopped',
          rows: [{'Reads counted': counted.reads, 'Reports dropped': counted.dropped}],
        },
        {
          title: `Seeded in ${seedSeconds} s: ${ISSUE_61_VOLUME.days} days of ${seeded.pages} pages (${seeded.readRows} rows, ${seeded.reads} reads), ${ISSUE_61_VOLUME.searches} searches (${seeded.searchRows} rows, ${seeded.distinctQueries} queries), ${seeded.answers} answers (${seeded.comments} with a comment); ${REPORT_REQUESTS} requests one at a time`,
          rows: answers,
        },
        {
          title: `Chromium, fresh context per load, medians of ${LOADS} loads each in turn: content shown = the first frame after "${CONTENT.doc}" / "${CONTENT.insights}" is in the page, and not before FCP`,
          rows: renders,
        },
      ],
      goals: [
        ...throughputGoals,
        goal(
          'every page the gate with insights on served is counted, nothing dropped',
          `${counted.dropped} dropped`,
          counted.dropped === 0 && counted.reads > 0,
        ),
        goal(
          `${INSIGHTS_PAGE} over ${ISSUE_61_VOLUME.days} days: content shown ≤ ${RENDER_GOAL}× a doc page's`,
          `${renderRatio}×`,
          renderRatio <= RENDER_GOAL,
        ),
      ],
      raw: {served, cpu, counted, seeded, answers, loads: Object.fromEntries([...loads].map(([target, runs]) => [target.name, runs]))},
    };
  });
}
