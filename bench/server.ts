/**
 * Benchmark 4: HTTP throughput with autocannon, the gate server (a signed-in reader's cookie,
 * checked on every request) against `docusaurus serve` on the same build; what the session cache
 * saves; then signed-out floods at the gate, watching its memory.
 */
import {readdirSync} from 'node:fs';
import {request} from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import {PORTS} from './lib/environment';
import {cpuSecondsOf, memoryOf, Resources, type RunningServer} from './lib/processes';
import {goalCell, note, printTable, Report, type Cell} from './lib/report';
import {sessionCookie, startDocusaurusServe, startGate} from './lib/servers';
import {distinctSessions} from './lib/sessions';
import {sessionCookieHeader} from '../shared/session';
import {gateBuildLayout} from './lib/docusaurus';
import {round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const CONNECTIONS = 32;
const SECONDS = 10;
/** Unreported, before the measured runs: the server's JIT and file caches settle. */
const WARM_UP_SECONDS = 2;
/** One reader's requests one after another: each pays the whole session check. */
const SESSION_CHECK_SECONDS = 5;
const HTML_PAGE = '/1.0/tutorial-basics/markdown-features';
/** Readers whose re-checks fall due together, and the re-check period of that run. */
const DISTINCT_READERS = 1000;
const RECHECK_SECONDS = 20;
const RECHECK_LOAD_SECONDS = 8;

/** What Chromium sends for a page and for a script (the gate tells them apart by these). */
const NAVIGATION = {accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document'};
const SCRIPT = {accept: '*/*', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script'};
/** Chromium's Accept-Encoding: the gate then sends brotli; `docusaurus serve` never compresses. */
const BROWSER_ENCODINGS = {'accept-encoding': 'gzip, deflate, br'};

interface Probe {
  status: number;
  encoding: string;
  bytes: number;
}

/** One request, to report what the load consists of: status, encoding and size of the body as sent. */
function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  return new Promise((resolve, reject) => {
    request(url, {headers}, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({status: response.statusCode ?? 0, encoding: response.headers['content-encoding'] ?? 'identity', bytes}),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

interface Target {
  label: string;
  server: RunningServer;
  headers: Record<string, string>;
}

interface Load {
  name: string;
  server: string;
  path: string;
  connections: number;
  seconds: number;
  probe: Probe;
  requestsPerSecond: number;
  /** Mean of the slices' medians, and the worst slice's p99. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors, timeouts and answers other than the expected status. */
  errors: number;
  statusCounts: Record<string, number>;
  /** Share of one core the server used under load, and the load generator (this process) did. */
  serverCpuPercent: number;
  loadGeneratorCpuPercent: number;
}

interface Slice {
  result: autocannon.Result;
  serverCpuSeconds: number;
  loadGeneratorCpuSeconds: number;
}

async function loadSlice(target: Target, url: string, connections: number, seconds: number): Promise<Slice> {
  const serverBefore = cpuSecondsOf(target.server.pid);
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({url, headers: target.headers, connections, duration: seconds, timeout: 10});
  const generator = process.cpuUsage(generatorBefore);
  return {
    result,
    serverCpuSeconds: cpuSecondsOf(target.server.pid) - serverBefore,
    loadGeneratorCpuSeconds: (generator.user + generator.system) / 1e6,
  };
}

/**
 * Loads each target for `seconds` in all, in slices ordered A B B A (…): the machine is shared,
 * and a change of background load during the run then falls on both targets alike.
 */
async function measure(
  name: string,
  urlPath: string,
  expectedStatus: number,
  targets: Target[],
  connections: number,
  seconds: number,
): Promise<Load[]> {
  const slices = targets.length === 1 ? 1 : 2;
  const results = targets.map(() => [] as Slice[]);
  const probes: Probe[] = [];
  for (const target of targets) {
    const url = `${target.server.origin}${urlPath}`;
    const first = await probe(url, target.headers);
    if (first.status !== expectedStatus) throw new Error(`${target.label} ${urlPath} answered ${first.status}, expected ${expectedStatus}`);
    probes.push(first);
    await autocannon({url, headers: target.headers, connections, duration: WARM_UP_SECONDS});
  }
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? targets.map((_, index) => index) : targets.map((_, index) => targets.length - 1 - index);
    for (const index of order) {
      const target = targets[index]!;
      const url = `${target.server.origin}${urlPath}`;
      results[index]!.push(await loadSlice(target, url, connections, seconds / slices));
    }
  }
  return targets.map((target, index) => {
    const slicesRun = results[index]!;
    const runs = slicesRun.map((slice) => slice.result);
    const busySeconds = runs.reduce((sum, run) => sum + run.duration, 0);
    const cpuPercent = (seconds: number) => Math.round((100 * seconds) / busySeconds);
    const statusCounts: Record<string, number> = {};
    for (const run of runs) {
      for (const [code, {count}] of Object.entries(run.statusCodeStats ?? {}))
        statusCounts[code] = (statusCounts[code] ?? 0) + (count ?? 0);
    }
    const answered = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
    const load: Load = {
      name,
      server: target.label,
      path: urlPath,
      connections,
      seconds,
      probe: probes[index]!,
      requestsPerSecond: Math.round(
        runs.reduce((sum, run) => sum + run.requests.total, 0) / runs.reduce((sum, run) => sum + run.duration, 0),
      ),
      latencyP50Ms: round(runs.reduce((sum, run) => sum + run.latency.p50, 0) / runs.length, 1),
      latencyP99Ms: Math.max(...runs.map((run) => run.latency.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0) + answered - (statusCounts[String(expectedStatus)] ?? 0),
      statusCounts,
      serverCpuPercent: cpuPercent(slicesRun.reduce((sum, slice) => sum + slice.serverCpuSeconds, 0)),
      loadGeneratorCpuPercent: cpuPercent(slicesRun.reduce((sum, slice) => sum + slice.loadGeneratorCpuSeconds, 0)),
    };
    note(
      `${name}, ${target.label}: ${load.requestsPerSecond} req/s, p99 ${load.latencyP99Ms} ms, ${load.errors} errors, CPU server ${load.serverCpuPercent} % / autocannon ${load.loadGeneratorCpuPercent} %`,
    );
    return load;
  });
}

/** A hashed chunk that the login page does not load, so a signed-out request for it gets 401. */
function gatedChunk(buildDir: string, loginHtml: string): string {
  const chunk = readdirSync(path.join(buildDir, 'assets/js'))
    .filter((file) => file.endsWith('.js') && !loginHtml.includes(file))
    .sort()[0];
  if (!chunk) throw new Error('no gated chunk in the build');
  return `/assets/js/${chunk}`;
}

interface RecheckRun {
  phase: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  errors: number;
}

/** The page, requested by many readers in turn: every request carries the next reader's cookie. */
async function rotatingLoad(server: RunningServer, cookies: readonly string[], phase: string): Promise<RecheckRun> {
  let next = 0;
  const result = await autocannon({
    url: `${server.origin}${HTML_PAGE}`,
    connections: CONNECTIONS,
    duration: RECHECK_LOAD_SECONDS,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: {...NAVIGATION, ...BROWSER_ENCODINGS, cookie: cookies[next++ % cookies.length]!},
        }),
      },
    ],
  });
  const ok = result.statusCodeStats?.['200']?.count ?? 0;
  return {
    phase,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    errors: result.errors + result.requests.total - ok,
  };
}

/**
 * A thousand readers' re-checks fall due at once: with background re-checks (stale-while-revalidate)
 * their requests are answered from the cache while Firebase is asked, so p99 stays where it is warm.
 */
async function recheckStorm(buildDir: string, resources: Resources): Promise<{runs: RecheckRun[]; p99Ratio: number}> {
  const gate = resources.add(await startGate(buildDir, PORTS.gateAlternate, {SESSION_REVOCATION_CHECK_SECONDS: String(RECHECK_SECONDS)}));
  try {
    const cookies = await distinctSessions(gate.origin, DISTINCT_READERS);
    // Every session verified once, at about the same moment: their re-checks fall due together.
    const primedAt = Date.now();
    for (let start = 0; start < cookies.length; start += 50) {
      await Promise.all(
        cookies
          .slice(start, start + 50)
          .map((cookie) => fetch(`${gate.origin}${HTML_PAGE}`, {headers: {...NAVIGATION, cookie}}).then((r) => r.arrayBuffer())),
      );
    }
    const warm = await rotatingLoad(gate, cookies, 'warm cache');
    const due = primedAt + RECHECK_SECONDS * 1000 + 1000 - Date.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    const rechecks = await rotatingLoad(gate, cookies, `${DISTINCT_READERS} re-checks due`);
    return {runs: [warm, rechecks], p99Ratio: round(rechecks.latencyP99Ms / warm.latencyP99Ms, 2)};
  } finally {
    await gate.stop();
  }
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('server');
  const buildDir = await workspace.siteBuild('server');
  const {site} = gateBuildLayout(buildDir);
  const main = readdirSync(path.join(site, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`no assets/js/main.*.js in ${site}`);
  const mainJs = `/assets/js/${main}`;
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(buildDir, PORTS.gate));
    const plain = resources.add(await startDocusaurusServe(workspace.siteCopy(), site, PORTS.docusaurusServe));
    const cookie = sessionCookieHeader(await sessionCookie(gate.origin));
    const memory = [{when: 'started', ...memoryOf(gate.pid)}];

    const gateOnly = (headers: Record<string, string>): Target[] => [
      {label: 'gate (signed in)', server: gate, headers: {...headers, cookie}},
    ];
    const compared = (headers: Record<string, string>): Target[] => [
      ...gateOnly(headers),
      {label: 'docusaurus serve', server: plain, headers},
    ];
    // The goal compares like with like: the same bytes from both servers (no Accept-Encoding).
    const served = [
      ...(await measure('HTML page', HTML_PAGE, 200, compared(NAVIGATION), CONNECTIONS, SECONDS)),
      ...(await measure('main JS asset', mainJs, 200, compared(SCRIPT), CONNECTIONS, SECONDS)),
    ];
    // What a browser gets from the gate: brotli (docusaurus serve answers a browser as above).
    const asBrowsers = [
      ...(await measure('HTML page, brotli', HTML_PAGE, 200, gateOnly({...NAVIGATION, ...BROWSER_ENCODINGS}), CONNECTIONS, SECONDS)),
      ...(await measure('main JS asset, brotli', mainJs, 200, gateOnly({...SCRIPT, ...BROWSER_ENCODINGS}), CONNECTIONS, SECONDS)),
    ];
    memory.push({when: 'after the signed-in runs', ...memoryOf(gate.pid)});

    // What the session cache saves: one reader's requests in a row, each of which asks Firebase
    // (the emulator here) whether the session was revoked, against the cached check.
    const uncached = resources.add(await startGate(buildDir, PORTS.gateAlternate, {SESSION_REVOCATION_CHECK_SECONDS: '0'}));
    const uncachedCookie = sessionCookieHeader(await sessionCookie(uncached.origin));
    const sessionCheck = await measure(
      'HTML page, 1 connection',
      HTML_PAGE,
      200,
      [
        {label: 'gate, cached session check', server: gate, headers: {...NAVIGATION, ...BROWSER_ENCODINGS, cookie}},
        {
          label: 'gate, Firebase asked every request',
          server: uncached,
          headers: {...NAVIGATION, ...BROWSER_ENCODINGS, cookie: uncachedCookie},
        },
      ],
      1,
      SESSION_CHECK_SECONDS,
    );
    await uncached.stop();
    const storm = await recheckStorm(buildDir, resources);

    const loginHtml = await (await fetch(`${gate.origin}/login`)).text();
    const floods = [
      ...(await measure(
        'signed-out flood, page',
        '/',
        302,
        [{label: 'gate (no cookie)', server: gate, headers: NAVIGATION}],
        CONNECTIONS,
        SECONDS,
      )),
      ...(await measure(
        'signed-out flood, asset',
        gatedChunk(site, loginHtml),
        401,
        [{label: 'gate (no cookie)', server: gate, headers: SCRIPT}],
        CONNECTIONS,
        SECONDS,
      )),
    ];
    memory.push({when: 'after the signed-out floods', ...memoryOf(gate.pid)});

    const header = [
      'Request',
      'Server',
      'Answer (status, encoding, body)',
      'req/s',
      'p50 ms',
      'p99 ms',
      'Errors',
      'CPU: server',
      'CPU: autocannon',
    ];
    const row = (entry: Load): Cell[] => [
      entry.name,
      entry.server,
      `${entry.probe.status} ${entry.probe.encoding} ${round(entry.probe.bytes / 1024, 1)} KiB`,
      entry.requestsPerSecond,
      entry.latencyP50Ms,
      entry.latencyP99Ms,
      entry.errors,
      `${entry.serverCpuPercent} %`,
      `${entry.loadGeneratorCpuPercent} %`,
    ];
    printTable(
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per server in two alternating halves, after a ${WARM_UP_SECONDS} s warm-up (loopback; autocannon shares the 2 cores; CPU in % of one core)`,
      header,
      [...served, ...asBrowsers].map(row),
    );
    const pairs = ['HTML page', 'main JS asset'].map((name) => {
      const [gated, plainResult] = served.filter((entry) => entry.name === name) as [Load, Load];
      return {
        name,
        rpsRatio: round(gated.requestsPerSecond / plainResult.requestsPerSecond, 2),
        p99Ratio: round(gated.latencyP99Ms / plainResult.latencyP99Ms, 2),
      };
    });
    printTable(
      'Gate ÷ docusaurus serve, the same bytes (goal: gate ≥ docusaurus serve in req/s)',
      ['Request', 'req/s ratio', 'p99 ratio', 'Goal'],
      pairs.map((pair) => [pair.name, pair.rpsRatio, pair.p99Ratio, goalCell(pair.rpsRatio >= 1)]),
    );
    printTable(`Session check: one connection, ${SESSION_CHECK_SECONDS} s each`, header, sessionCheck.map(row));
    printTable(
      `Signed-out floods at the gate, ${CONNECTIONS} connections, ${SECONDS} s (errors: anything but the expected status, or no answer)`,
      header,
      floods.map(row),
    );
    printTable(
      `${DISTINCT_READERS} distinct readers, ${CONNECTIONS} connections, ${RECHECK_LOAD_SECONDS} s each; re-check period ${RECHECK_SECONDS} s (goal: p99 with re-checks due ≤ warm)`,
      ['Phase', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'Errors'],
      storm.runs.map((entry) => [
        entry.phase,
        entry.requestsPerSecond,
        entry.latencyP50Ms,
        entry.latencyP99Ms,
        entry.latencyMaxMs,
        entry.errors,
      ]),
    );
    note(`p99 with re-checks due ÷ warm: ${storm.p99Ratio}`);
    printTable(
      'Gate process memory (/proc/<pid>/status)',
      ['When', 'RSS MiB', 'Peak RSS MiB'],
      memory.map((entry) => [entry.when, entry.rssMiB, entry.peakRssMiB]),
    );

    report.write({
      connections: CONNECTIONS,
      secondsPerServer: SECONDS,
      goal: 'gate req/s ≥ docusaurus serve req/s, session verified on every request',
      goalsMet: {
        html: pairs[0]!.rpsRatio >= 1,
        asset: pairs[1]!.rpsRatio >= 1,
        floodErrors: floods.every((flood) => flood.errors === 0),
        recheckP99: storm.p99Ratio <= 1,
      },
      served,
      servedWithBrotli: asBrowsers,
      ratios: pairs,
      sessionCheck,
      recheckStorm: storm,
      floods,
      gateMemory: memory,
    });
  } finally {
    await resources.close();
  }
}
