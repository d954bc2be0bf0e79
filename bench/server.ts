/**
 * Benchmark 4: HTTP throughput with autocannon, the gate server (a signed-in reader's cookie,
 * checked on every request) against `docusaurus serve` on the same build, the same bytes; a thousand
 * readers' re-checks falling due at once; then signed-out floods at the gate, watching its memory.
 * Then who reads what (issue 34), on the corpus with audiences: a reader in two audiences against one
 * in none, the corpus without audiences beside them, and a page a reader may not open against one that
 * does not exist.
 */
import {readdirSync} from 'node:fs';
import {Agent} from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import {SITE_DIR} from '../contracts/buildLayout';
import {DEMO_GUEST, DEMO_READER} from '../contracts/demoReader';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../testkit/http';
import {memoryOf, withResources} from './lib/processes';
import {goal, type Result} from './lib/report';
import {
  demoReaderCookie,
  distinctReaderCookies,
  DOC_PAGE,
  readerCookie,
  readersFile,
  startDocusaurusServe,
  startBenchGate,
} from './lib/servers';
import {BROTLI, CONNECTIONS, figures, load, measure, SECONDS, WARM_UP_SECONDS, type Target} from './lib/httpLoad';
import {pagesForEveryReader} from './lib/buildOutput';
import {kib, median, medianDifferenceInterval, percentile, ratio, round, sum} from './lib/stats';
import type {Workspace} from './lib/workspace';

/** Readers whose re-checks fall due together, and the re-check period of that run. */
const DISTINCT_READERS = 1000;
const RECHECK_SECONDS = 20;
const RECHECK_LOAD_SECONDS = 8;
/** Sessions verified at once before the storm. */
const PRIMING_BATCH = 50;
/** Issue 38: the p99 with those re-checks due at most this multiple of the warm p99. */
const RECHECK_P99_GOAL = 1.5;
/** Issue 34: a reader in audiences gets at least this share of the req/s of a reader in none. */
const AUDIENCE_THROUGHPUT_GOAL = 0.9;
/** A page a reader may not open against one that does not exist: pairs of requests, one at a time, after a warm-up. */
const NOT_FOUND_PAIRS = 3000;
const NOT_FOUND_WARM_UP_PAIRS = 200;

/** A thousand readers' re-checks fall due at once: what waiting for Firebase's answers costs the p99 (the goal: little, RECHECK_P99_GOAL). */
function recheckStorm(buildDir: string) {
  return withResources(async (add) => {
    const gate = add(await startBenchGate(buildDir, {SESSION_REVOCATION_CHECK_SECONDS: String(RECHECK_SECONDS)}));
    const cookies = await distinctReaderCookies(gate, DISTINCT_READERS);
    // The page, requested by many readers in turn: every request carries the next reader's cookie.
    const rotatingLoad = async (phase: string) => {
      let next = 0;
      const setupRequest = (request: autocannon.Request) => ({
        ...request,
        headers: {...NAVIGATION, ...BROTLI, cookie: cookies[next++ % cookies.length]!},
      });
      const result = await load(`${gate.origin}${DOC_PAGE}`, RECHECK_LOAD_SECONDS, {requests: [{setupRequest}]});
      return {Phase: phase, ...figures([result], 200)};
    };
    // Every session verified once, at about the same moment: their re-checks fall due together. Over
    // connections of its own, closed before the load: Node's global agent keeps them open for 5 s,
    // beyond the gate's MAX_CONNECTIONS_PER_CLIENT beside the load's, which then got 503s.
    const primedAt = Date.now();
    const priming = new Agent({keepAlive: true, maxSockets: PRIMING_BATCH});
    for (let start = 0; start < cookies.length; start += PRIMING_BATCH)
      await Promise.all(
        cookies
          .slice(start, start + PRIMING_BATCH)
          .map((cookie) => rawRequest(gate.origin, DOC_PAGE, {headers: {...NAVIGATION, cookie}, agent: priming})),
      );
    priming.destroy();
    const warm = await rotatingLoad('warm cache');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, primedAt + RECHECK_SECONDS * 1000 + 1000 - Date.now())));
    return [warm, await rotatingLoad(`${DISTINCT_READERS} re-checks due`)];
  });
}

/** The build's main bundle, `main.<hash>.js`. */
function mainScript(site: string): string {
  const main = readdirSync(path.join(site, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`no assets/js/main.*.js in ${site}`);
  return `/assets/js/${main}`;
}

type Answer = {ms: number; status: number; headers: Record<string, unknown>; body: Buffer};

/** A GET over `agent` (one kept-alive connection): ms to the whole answer, and the answer. */
async function timedGet(agent: Agent, origin: string, urlPath: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const {status, headers: received, bytes} = await rawRequest(origin, urlPath, {headers, agent});
  return {ms: performance.now() - started, status, headers: received, body: bytes};
}

/** The headers of two answers that differ, but the date. */
function differingHeaders(a: Answer, b: Answer): string[] {
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  names.delete('date');
  return [...names].filter((name) => JSON.stringify(a.headers[name]) !== JSON.stringify(b.headers[name])).sort();
}

/**
 * A page the reader may not open against a page that does not exist, one request at a time over one
 * connection, in pairs whose order alternates (the gate must answer both alike, in time too). Each
 * answer is compared with the first missing page's.
 */
async function notFoundPairs(origin: string, headers: Record<string, string>, restricted: string, missing: string) {
  const agent = new Agent({keepAlive: true, maxSockets: 1});
  try {
    const get = (urlPath: string) => timedGet(agent, origin, urlPath, headers);
    const pair = async (restrictedFirst: boolean) => {
      if (restrictedFirst) {
        const first = await get(restricted);
        return {restricted: first, missing: await get(missing)};
      }
      const first = await get(missing);
      return {restricted: await get(restricted), missing: first};
    };
    for (let i = 0; i < NOT_FOUND_WARM_UP_PAIRS; i++) await pair(i % 2 === 0);
    const pairs = [];
    for (let i = 0; i < NOT_FOUND_PAIRS; i++) pairs.push(await pair(i % 2 === 0));
    return pairs;
  } finally {
    agent.destroy();
  }
}

function latencyRow(page: string, answers: readonly Answer[], reference: Answer) {
  const ms = answers.map((answer) => answer.ms);
  return {
    Page: page,
    Answer: `${answers[0]!.status}, ${kib(answers[0]!.body.length)} KiB`,
    'Same status and body as the missing page': answers.every(
      (answer) => answer.status === reference.status && answer.body.equals(reference.body),
    ),
    'Headers that differ': [...new Set(answers.flatMap((answer) => differingHeaders(answer, reference)))].join(', ') || 'none',
    'p50 ms': round(median(ms), 3),
    'p90 ms': round(percentile(ms, 90), 3),
    'p99 ms': round(percentile(ms, 99), 3),
    'mean ms': round(sum(ms) / ms.length, 3),
  };
}

/** A gate started on a build, with how long it took to listen and its memory then. */
async function timedGate(label: string, buildDir: string, env: Record<string, string> = {}) {
  const started = performance.now();
  const gate = await startBenchGate(buildDir, env);
  return {gate, row: {Gate: label, 'Start s': round((performance.now() - started) / 1000, 2), ...memoryOf(gate.pid)}};
}

/**
 * Issue 34, on the corpus with audiences: a reader in two audiences against one in none (each gets
 * their own cut of the pages and of main.js), the corpus without audiences as a reference (its files
 * sent as built); then a page in an audience the reader is not in against one that does not exist.
 */
async function audienceCases(workspace: Workspace) {
  const plain = await workspace.corpusBuild();
  const withAudiences = await workspace.corpusBuild({audiences: true});
  const {summary} = withAudiences;
  const names = summary.audiences.slice(0, 2);
  const emailsFile = readersFile([
    {email: DEMO_READER.email, audiences: names},
    {email: DEMO_GUEST.email, audiences: []},
  ]);
  return withResources(async (add) => {
    // Each gate handed over as it starts: one that fails to start leaves none running.
    const audienceGate = await timedGate(`corpus with ${summary.audiences.length} audiences`, withAudiences.buildDir, {
      ALLOWED_EMAILS_FILE: emailsFile,
    });
    const gate = add(audienceGate.gate);
    const plainGate = await timedGate('corpus without audiences', plain.buildDir);
    const reference = add(plainGate.gate);
    const [inTwo, inNone, plainReader] = [
      await readerCookie(gate, DEMO_READER),
      await readerCookie(gate, DEMO_GUEST),
      await readerCookie(reference),
    ];
    const docPage = summary.sampleRoutes[0]!;
    // Each reader's main.js is their own copy, at the address their pages name (server/rules/cutAddresses.ts).
    const mainOf = async (cookie: string) => {
      const page = await rawRequest(gate.origin, docPage, {headers: {...NAVIGATION, cookie}});
      return /src="?(\/assets\/js\/main\.[^" >]+\.js)/.exec(page.bytes.toString('utf8'))![1]!;
    };
    const [mainInTwo, mainInNone] = [await mainOf(inTwo), await mainOf(inNone)];
    const plainMain = mainScript(path.join(plain.buildDir, SITE_DIR));
    const targets = (headers: Record<string, string>, script = false): Target[] => [
      {
        label: `reader in ${names.join(' and ')}`,
        origin: gate.origin,
        headers: {...headers, cookie: inTwo},
        ...(script ? {path: mainInTwo} : {}),
      },
      {
        label: 'reader in no audience',
        origin: gate.origin,
        headers: {...headers, cookie: inNone},
        ...(script ? {path: mainInNone} : {}),
      },
      {
        label: 'corpus without audiences',
        origin: reference.origin,
        headers: {...headers, cookie: plainReader},
        ...(script ? {path: plainMain} : {}),
      },
    ];
    const pages = pagesForEveryReader(withAudiences.buildDir);
    const served = [
      ...(await measure('HTML page (brotli)', docPage, 200, targets({...NAVIGATION, ...BROTLI}))),
      ...(await measure('main JS (brotli)', '/main.js', 200, targets({...SUBRESOURCE, ...BROTLI}, true))),
      ...(await measure(`${pages.length} pages in turn (brotli)`, pages, 200, targets({...NAVIGATION, ...BROTLI}))),
    ];
    const memory = [
      audienceGate.row,
      plainGate.row,
      ...[audienceGate, plainGate].map(({gate: process, row}) => ({Gate: `${row.Gate}, after the runs`, ...memoryOf(process.pid)})),
    ];

    // The page exists, for readers of its audience: the reader in none must not tell it from a page that does not.
    const restricted = summary.restrictedRoute!;
    const missing = restricted.replace(/[^/]+$/, 'a-page-that-was-never-written');
    const opened = await rawRequest(gate.origin, restricted, {headers: {...NAVIGATION, cookie: inTwo}});
    if (opened.status !== 200) throw new Error(`${restricted} answered ${opened.status} to a reader of its audience`);
    const pairs = await notFoundPairs(gate.origin, {...NAVIGATION, ...BROTLI, cookie: inNone}, restricted, missing);
    const reference404 = pairs[0]!.missing;
    const latency = [
      latencyRow(
        `page for ${names[0]} only`,
        pairs.map((pair) => pair.restricted),
        reference404,
      ),
      latencyRow(
        'page that does not exist',
        pairs.map((pair) => pair.missing),
        reference404,
      ),
    ];
    const interval = medianDifferenceInterval(pairs.map((pair) => pair.restricted.ms - pair.missing.ms)).map((ms) => round(ms, 3));
    const alike = latency.every((row) => row['Same status and body as the missing page']) && interval[0]! <= 0 && interval[1]! >= 0;

    const throughputGoals = ['HTML page (brotli)', 'main JS (brotli)'].map((name) => {
      const [two, none] = served.filter((entry) => entry.Request === name);
      const share = ratio(two!['req/s'], none!['req/s']);
      return goal(
        `${name}: reader in ${names.length} audiences ≥ ${AUDIENCE_THROUGHPUT_GOAL}× a reader in none (req/s)`,
        `${share}× (${ratio(two!['MB/s'], none!['MB/s'])}× in bytes)`,
        share >= AUDIENCE_THROUGHPUT_GOAL,
      );
    });
    return {
      tables: [
        {
          title: `Who reads what (issue 34): the corpus with audiences (${summary.audiences.join(', ')}) and without, autocannon as above, brotli`,
          rows: served,
        },
        {
          title: `A page for ${names[0]} only against a page that does not exist, to a reader in no audience: ${NOT_FOUND_PAIRS} pairs, one request at a time`,
          rows: latency,
        },
        {title: 'Gates of the corpus with and without audiences: start (to listening) and memory', rows: memory},
      ],
      notes: [
        `Restricted − missing, median of the paired differences: 95 % interval ${interval[0]} to ${interval[1]} ms (holding 0: no difference the pairs can tell).`,
      ],
      goals: [
        ...throughputGoals,
        goal(
          'a page the reader may not open answers as one that does not exist (status, body; time: median difference 0 within its 95 % interval)',
          `${interval[0]} to ${interval[1]} ms`,
          alike,
        ),
      ],
      raw: {served, latency, interval, memory},
    };
  });
}

/** The gate on our site's build against `docusaurus serve`, re-checks falling due, signed-out floods. */
async function siteCases(workspace: Workspace): Promise<Result> {
  const buildDir = await workspace.siteBuild('server');
  const site = path.join(buildDir, SITE_DIR);
  const scripts = readdirSync(path.join(site, 'assets/js')).sort();
  const main = mainScript(site);
  return withResources(async (add) => {
    const gate = add(await startBenchGate(buildDir));
    const plain = add(await startDocusaurusServe(workspace.siteCopy(), site));
    const cookie = await demoReaderCookie(gate);
    const memory = [{When: 'started', ...memoryOf(gate.pid)}];
    const signedIn = (headers: Record<string, string>) => ({label: 'gate (signed in)', origin: gate.origin, headers: {...headers, cookie}});
    const anonymous = (headers: Record<string, string>) => ({label: 'gate (no cookie)', origin: gate.origin, headers});
    const anchor = (headers: Record<string, string>) => ({label: 'docusaurus serve', origin: plain.origin, headers});

    // The goal compares like with like: the same bytes from both servers (no Accept-Encoding).
    const served = [
      ...(await measure('HTML page', DOC_PAGE, 200, [signedIn(NAVIGATION), anchor(NAVIGATION)])),
      ...(await measure('main JS asset', main, 200, [signedIn(SUBRESOURCE), anchor(SUBRESOURCE)])),
    ];
    memory.push({When: 'after the signed-in runs', ...memoryOf(gate.pid)});
    const storm = await recheckStorm(buildDir);
    const loginHtml = (await rawRequest(gate.origin, '/login')).body;
    // A hashed chunk that the login page does not load, so a signed-out request for it gets 401.
    const gatedChunk = scripts.find((file) => file.endsWith('.js') && !loginHtml.includes(file));
    if (!gatedChunk) throw new Error('no gated chunk in the build');
    const floods = [
      ...(await measure('signed-out flood, page', '/', 302, [anonymous(NAVIGATION)])),
      ...(await measure('signed-out flood, asset', `/assets/js/${gatedChunk}`, 401, [anonymous(SUBRESOURCE)])),
    ];
    memory.push({When: 'after the signed-out floods', ...memoryOf(gate.pid)});

    const throughput = ['HTML page', 'main JS asset'].map((name) => {
      const [gated, anchored] = served.filter((entry) => entry.Request === name);
      const rpsRatio = ratio(gated!['req/s'], anchored!['req/s']);
      const p99 = ratio(gated!['p99 ms'], anchored!['p99 ms']);
      return goal(`${name}: gate ≥ docusaurus serve in req/s, the same bytes`, `${rpsRatio}× (p99 ${p99}×)`, rpsRatio >= 1);
    });
    const p99Ratio = ratio(storm[1]!['p99 ms'], storm[0]!['p99 ms']);
    const floodErrors = sum(floods.map((flood) => flood.Errors));
    return {
      tables: [
        {
          title: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per server in two alternating halves, after a ${WARM_UP_SECONDS} s warm-up`,
          rows: served,
        },
        {title: `${DISTINCT_READERS} distinct readers, ${RECHECK_LOAD_SECONDS} s each; re-check period ${RECHECK_SECONDS} s`, rows: storm},
        {title: `Signed-out floods at the gate, ${CONNECTIONS} connections, ${SECONDS} s`, rows: floods},
        {title: 'Gate process memory (/proc/<pid>/status)', rows: memory},
      ],
      goals: [
        ...throughput,
        goal(`p99 with ${DISTINCT_READERS} re-checks due ≤ ${RECHECK_P99_GOAL}× warm`, `${p99Ratio}×`, p99Ratio <= RECHECK_P99_GOAL),
        goal('signed-out floods without errors', floodErrors, floodErrors === 0),
      ],
      raw: {served, storm, floods, memory},
    };
  });
}

export async function run(workspace: Workspace): Promise<Result> {
  const site = await siteCases(workspace);
  // After the site's gates have stopped: the corpus's gates have the machine to themselves.
  const audiences = workspace.corpusAudiences > 0 ? await audienceCases(workspace) : undefined;
  if (!audiences) return site;
  return {
    tables: [...site.tables, ...audiences.tables],
    notes: [...(site.notes ?? []), ...audiences.notes],
    goals: [...(site.goals ?? []), ...audiences.goals],
    raw: {...(site.raw as object), audiences: audiences.raw},
  };
}
