/**
 * Benchmark 4: HTTP throughput with autocannon, the gate server (a signed-in reader's cookie,
 * checked on every request) against `docusaurus serve` on the same build, the same bytes; a thousand
 * readers' re-checks falling due at once; then signed-out floods at the gate, watching its memory.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {SITE_DIR} from '../contracts/buildLayout';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../testkit/http';
import {memoryOf, withResources} from './lib/processes';
import {goal, type Result} from './lib/report';
import {demoReaderCookie, distinctReaderCookies, DOC_PAGE, startDocusaurusServe, startBenchGate} from './lib/servers';
import {kib, ratio, round, sum} from './lib/stats';
import type {Workspace} from './lib/workspace';

const CONNECTIONS = 32;
const SECONDS = 10;
/** Unreported, before the measured runs: the server's JIT and file caches settle. */
const WARM_UP_SECONDS = 2;
/** Readers whose re-checks fall due together, and the re-check period of that run. */
const DISTINCT_READERS = 1000;
const RECHECK_SECONDS = 20;
const RECHECK_LOAD_SECONDS = 8;
/** Chromium's Accept-Encoding: the gate then sends brotli. */
const BROTLI = {'accept-encoding': 'gzip, deflate, br'};

/** Throughput and latency over runs of one target; errors: failed connections, timeouts and answers other than `expectedStatus`. */
function figures(results: readonly autocannon.Result[], expectedStatus: number) {
  const total = (pick: (result: autocannon.Result) => number) => sum(results.map(pick));
  return {
    'req/s': Math.round(total((result) => result.requests.total) / total((result) => result.duration)),
    'p50 ms': round(total((result) => result.latency.p50) / results.length, 1),
    'p99 ms': Math.max(...results.map((result) => result.latency.p99)),
    Errors: total((result) => result.errors + result.requests.total - (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0)),
  };
}

type Target = {label: string; origin: string; headers: Record<string, string>};

/** One autocannon run at `url`, `CONNECTIONS` connections for `duration` s. */
const load = (url: string, duration: number, options: Partial<autocannon.Options> = {}) =>
  autocannon({url, connections: CONNECTIONS, duration, timeout: 10, ...options});

/**
 * Loads each target for `SECONDS` in all, in halves ordered A B B A: the machine is shared, and a
 * change of background load during the run then falls on both targets alike.
 */
async function measure(name: string, urlPath: string, expectedStatus: number, targets: Target[]) {
  const loadTarget = ({origin, headers}: Target, duration: number) => load(`${origin}${urlPath}`, duration, {headers});
  const answers: string[] = [];
  for (const target of targets) {
    const first = await rawRequest(target.origin, urlPath, {headers: target.headers});
    if (first.status !== expectedStatus) throw new Error(`${target.label} ${urlPath} answered ${first.status}, expected ${expectedStatus}`);
    answers.push(`${first.status}, ${kib(first.bytes.length)} KiB`);
    await loadTarget(target, WARM_UP_SECONDS);
  }
  const orders = targets.length === 1 ? [targets] : [targets, [...targets].reverse()];
  const runs = new Map(targets.map((target) => [target, [] as autocannon.Result[]]));
  for (const order of orders) for (const target of order) runs.get(target)!.push(await loadTarget(target, SECONDS / orders.length));
  return targets.map((target, i) => ({
    Request: name,
    Server: target.label,
    Answer: answers[i]!,
    ...figures(runs.get(target)!, expectedStatus),
  }));
}

/** A thousand readers' re-checks fall due at once: what waiting for Firebase's answers costs the p99 (the goal: nothing). */
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
    // Every session verified once, at about the same moment: their re-checks fall due together.
    const primedAt = Date.now();
    for (let start = 0; start < cookies.length; start += 50)
      await Promise.all(
        cookies.slice(start, start + 50).map((cookie) => rawRequest(gate.origin, DOC_PAGE, {headers: {...NAVIGATION, cookie}})),
      );
    const warm = await rotatingLoad('warm cache');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, primedAt + RECHECK_SECONDS * 1000 + 1000 - Date.now())));
    return [warm, await rotatingLoad(`${DISTINCT_READERS} re-checks due`)];
  });
}

export async function run(workspace: Workspace): Promise<Result> {
  const buildDir = await workspace.siteBuild('server');
  const site = path.join(buildDir, SITE_DIR);
  const scripts = readdirSync(path.join(site, 'assets/js')).sort();
  const main = scripts.find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`no assets/js/main.*.js in ${site}`);
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
      ...(await measure('main JS asset', `/assets/js/${main}`, 200, [signedIn(SUBRESOURCE), anchor(SUBRESOURCE)])),
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
        goal(`p99 with ${DISTINCT_READERS} re-checks due ≤ warm`, `${p99Ratio}×`, p99Ratio <= 1),
        goal('signed-out floods without errors', floodErrors, floodErrors === 0),
      ],
      raw: {served, storm, floods, memory},
    };
  });
}
