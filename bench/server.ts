/**
 * Benchmark 4: HTTP throughput with autocannon, the gate server (a signed-in reader's cookie,
 * checked on every request) against `docusaurus serve` on the same build, the same bytes; a thousand
 * readers' re-checks falling due at once; then signed-out floods at the gate, watching its memory.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {SITE_DIR} from '../contracts/buildLayout';
import type {GateProcess} from '../testkit/gateProcess';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../testkit/http';
import {cpuSecondsOf, memoryOf, Resources, type RunningServer} from './lib/processes';
import {goal, type Result} from './lib/report';
import {demoReaderCookie, distinctReaderCookies, startDocusaurusServe, startGate} from './lib/servers';
import {kib, ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const CONNECTIONS = 32;
const SECONDS = 10;
/** Unreported, before the measured runs: the server's JIT and file caches settle. */
const WARM_UP_SECONDS = 2;
const HTML_PAGE = '/1.0/tutorial-basics/markdown-features';
/** Readers whose re-checks fall due together, and the re-check period of that run. */
const DISTINCT_READERS = 1000;
const RECHECK_SECONDS = 20;
const RECHECK_LOAD_SECONDS = 8;
/** Chromium's Accept-Encoding: the gate then sends brotli. */
const BROTLI = {'accept-encoding': 'gzip, deflate, br'};

interface Target {
  label: string;
  server: Pick<RunningServer, 'pid' | 'origin'>;
  headers: Record<string, string>;
}

/**
 * Loads each target for `seconds` in all, in slices ordered A B B A: the machine is shared, and a
 * change of background load during the run then falls on both targets alike.
 */
async function measure(name: string, urlPath: string, expectedStatus: number, targets: Target[]) {
  const slices = targets.length === 1 ? 1 : 2;
  const answers: string[] = [];
  for (const {label, server, headers} of targets) {
    const first = await rawRequest(server.origin, urlPath, {headers});
    if (first.status !== expectedStatus) throw new Error(`${label} ${urlPath} answered ${first.status}, expected ${expectedStatus}`);
    answers.push(`${first.status} ${String(first.headers['content-encoding'] ?? 'identity')} ${kib(first.bytes.length)} KiB`);
    await autocannon({url: `${server.origin}${urlPath}`, headers, connections: CONNECTIONS, duration: WARM_UP_SECONDS});
  }
  const runs = targets.map(() => [] as {result: autocannon.Result; serverCpu: number; generatorCpu: number}[]);
  for (let slice = 0; slice < slices; slice++) {
    const order = targets.map((_, index) => (slice % 2 === 0 ? index : targets.length - 1 - index));
    for (const index of order) {
      const {server, headers} = targets[index]!;
      const [serverBefore, generatorBefore] = [cpuSecondsOf(server.pid), process.cpuUsage()];
      const result = await autocannon({
        url: `${server.origin}${urlPath}`,
        headers,
        connections: CONNECTIONS,
        duration: SECONDS / slices,
        timeout: 10,
      });
      const generator = process.cpuUsage(generatorBefore);
      runs[index]!.push({
        result,
        serverCpu: cpuSecondsOf(server.pid) - serverBefore,
        generatorCpu: (generator.user + generator.system) / 1e6,
      });
    }
  }
  return targets.map((target, index) => {
    const results = runs[index]!.map((run) => run.result);
    const duration = results.reduce((sum, run) => sum + run.duration, 0);
    const cpu = (pick: (run: (typeof runs)[number][number]) => number) =>
      `${Math.round((100 * runs[index]!.reduce((sum, run) => sum + pick(run), 0)) / duration)} %`;
    const expected = results.reduce((sum, run) => sum + (run.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0), 0);
    return {
      Request: name,
      Server: target.label,
      Answer: answers[index]!,
      'req/s': Math.round(results.reduce((sum, run) => sum + run.requests.total, 0) / duration),
      'p50 ms': round(results.reduce((sum, run) => sum + run.latency.p50, 0) / results.length, 1),
      'p99 ms': Math.max(...results.map((run) => run.latency.p99)),
      // Connection errors, timeouts and answers other than the expected status.
      Errors: results.reduce((sum, run) => sum + run.errors + run.requests.total, 0) - expected,
      'CPU: server': cpu((run) => run.serverCpu),
      'CPU: autocannon': cpu((run) => run.generatorCpu),
    };
  });
}

/** A hashed chunk that the login page does not load, so a signed-out request for it gets 401. */
function gatedChunk(site: string, loginHtml: string): string {
  const chunk = readdirSync(path.join(site, 'assets/js'))
    .filter((file) => file.endsWith('.js') && !loginHtml.includes(file))
    .sort()[0];
  if (!chunk) throw new Error('no gated chunk in the build');
  return `/assets/js/${chunk}`;
}

/** The page, requested by many readers in turn: every request carries the next reader's cookie. */
async function rotatingLoad(server: GateProcess, cookies: readonly string[], phase: string) {
  let next = 0;
  const result = await autocannon({
    url: `${server.origin}${HTML_PAGE}`,
    connections: CONNECTIONS,
    duration: RECHECK_LOAD_SECONDS,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({...request, headers: {...NAVIGATION, ...BROTLI, cookie: cookies[next++ % cookies.length]!}}),
      },
    ],
  });
  return {
    Phase: phase,
    'req/s': Math.round(result.requests.total / result.duration),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    Errors: result.errors + result.requests.total - (result.statusCodeStats?.['200']?.count ?? 0),
  };
}

/**
 * A thousand readers' re-checks fall due at once: with background re-checks (stale-while-revalidate)
 * their requests are answered from the cache while Firebase is asked, so p99 stays where it is warm.
 */
async function recheckStorm(buildDir: string) {
  const gate = await startGate(buildDir, {SESSION_REVOCATION_CHECK_SECONDS: String(RECHECK_SECONDS)});
  try {
    const cookies = await distinctReaderCookies(gate, DISTINCT_READERS);
    // Every session verified once, at about the same moment: their re-checks fall due together.
    const primedAt = Date.now();
    for (let start = 0; start < cookies.length; start += 50)
      await Promise.all(
        cookies.slice(start, start + 50).map((cookie) => rawRequest(gate.origin, HTML_PAGE, {headers: {...NAVIGATION, cookie}})),
      );
    const warm = await rotatingLoad(gate, cookies, 'warm cache');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, primedAt + RECHECK_SECONDS * 1000 + 1000 - Date.now())));
    return [warm, await rotatingLoad(gate, cookies, `${DISTINCT_READERS} re-checks due`)];
  } finally {
    await gate.stop();
  }
}

export async function run(workspace: Workspace): Promise<Result> {
  const buildDir = await workspace.siteBuild('server');
  const site = path.join(buildDir, SITE_DIR);
  const main = readdirSync(path.join(site, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`no assets/js/main.*.js in ${site}`);
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(buildDir));
    const plain = resources.add(await startDocusaurusServe(workspace.siteCopy(), site));
    const cookie = await demoReaderCookie(gate);
    const memory = [{When: 'started', ...memoryOf(gate.pid)}];
    const signedIn = (headers: Record<string, string>): Target => ({
      label: 'gate (signed in)',
      server: gate,
      headers: {...headers, cookie},
    });
    const anonymous = (headers: Record<string, string>): Target => ({label: 'gate (no cookie)', server: gate, headers});
    const anchor = (headers: Record<string, string>): Target => ({label: 'docusaurus serve', server: plain, headers});

    // The goal compares like with like: the same bytes from both servers (no Accept-Encoding).
    const served = [
      ...(await measure('HTML page', HTML_PAGE, 200, [signedIn(NAVIGATION), anchor(NAVIGATION)])),
      ...(await measure('main JS asset', `/assets/js/${main}`, 200, [signedIn(SUBRESOURCE), anchor(SUBRESOURCE)])),
    ];
    memory.push({When: 'after the signed-in runs', ...memoryOf(gate.pid)});
    const storm = await recheckStorm(buildDir);
    const loginHtml = (await rawRequest(gate.origin, '/login')).body;
    const floods = [
      ...(await measure('signed-out flood, page', '/', 302, [anonymous(NAVIGATION)])),
      ...(await measure('signed-out flood, asset', gatedChunk(site, loginHtml), 401, [anonymous(SUBRESOURCE)])),
    ];
    memory.push({When: 'after the signed-out floods', ...memoryOf(gate.pid)});

    const throughput = ['HTML page', 'main JS asset'].map((name) => {
      const [gated, anchored] = served.filter((entry) => entry.Request === name);
      const rpsRatio = ratio(gated!['req/s'], anchored!['req/s']);
      const p99 = ratio(gated!['p99 ms'], anchored!['p99 ms']);
      return goal(`${name}: gate ≥ docusaurus serve in req/s, the same bytes`, `${rpsRatio}× (p99 ${p99}×)`, rpsRatio >= 1);
    });
    const p99Ratio = ratio(storm[1]!['p99 ms'], storm[0]!['p99 ms']);
    const floodErrors = floods.reduce((sum, flood) => sum + flood.Errors, 0);
    return {
      tables: [
        {
          title: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per server in two alternating halves, after a ${WARM_UP_SECONDS} s warm-up (CPU in % of one core)`,
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
  } finally {
    await resources.close();
  }
}
