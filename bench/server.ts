/**
 * Benchmark 4: HTTP throughput with autocannon, the gate server (a signed-in reader's cookie,
 * checked on every request) against `docusaurus serve` on the same build; then signed-out floods
 * at the gate, watching its memory.
 */
import {readdirSync} from 'node:fs';
import {request} from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import {PORTS} from './lib/environment';
import {memoryOf, Resources, type RunningServer} from './lib/processes';
import {note, printTable, Report, type Cell} from './lib/report';
import {sessionCookie, startDocusaurusServe, startGate} from './lib/servers';
import {round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const CONNECTIONS = 32;
const DURATION_SECONDS = 10;
/** Unreported, before each measured run: the server's JIT and file caches settle. */
const WARM_UP_SECONDS = 2;
const HTML_PAGE = '/1.0/tutorial-basics/markdown-features';

/** What Chromium sends for a page and for a script (the gate tells them apart by these). */
const NAVIGATION = {accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'accept-encoding': 'gzip, deflate, br'};
const SCRIPT = {accept: '*/*', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script', 'accept-encoding': 'gzip, deflate, br'};

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
      response.on('end', () => resolve({status: response.statusCode ?? 0, encoding: response.headers['content-encoding'] ?? 'identity', bytes}));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

interface Load {
  name: string;
  server: string;
  path: string;
  expectedStatus: number;
  probe: Probe;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors, timeouts and answers other than the expected status. */
  errors: number;
  statusCounts: Record<string, number>;
}

async function load(name: string, server: RunningServer, label: string, urlPath: string, headers: Record<string, string>, expectedStatus: number): Promise<Load> {
  const url = `${server.origin}${urlPath}`;
  const first = await probe(url, headers);
  if (first.status !== expectedStatus) throw new Error(`${label} ${urlPath} answered ${first.status}, expected ${expectedStatus}`);
  await autocannon({url, headers, connections: CONNECTIONS, duration: WARM_UP_SECONDS});
  const result = await autocannon({url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS, timeout: 10});
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, {count}]) => [code, count ?? 0]));
  const answered = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
  const loadResult: Load = {
    name,
    server: label,
    path: urlPath,
    expectedStatus,
    probe: first,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + (answered - (statusCounts[String(expectedStatus)] ?? 0)),
    statusCounts,
  };
  note(`${name}, ${label}: ${loadResult.requestsPerSecond} req/s, p99 ${loadResult.latencyP99Ms} ms, ${loadResult.errors} errors`);
  return loadResult;
}

/** A hashed chunk that the login page does not load, so a signed-out request for it gets 401. */
function gatedChunk(buildDir: string, loginHtml: string): string {
  const chunk = readdirSync(path.join(buildDir, 'assets/js'))
    .filter((file) => file.endsWith('.js') && !loginHtml.includes(file))
    .sort()[0];
  if (!chunk) throw new Error('no gated chunk in the build');
  return `/assets/js/${chunk}`;
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('server');
  const buildDir = await workspace.siteBuild('server');
  const files = readdirSync(path.join(buildDir, 'assets/js'));
  const main = files.find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`no assets/js/main.*.js in ${buildDir}`);
  const mainJs = `/assets/js/${main}`;
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(buildDir, PORTS.gate));
    const plain = resources.add(await startDocusaurusServe(workspace.siteCopy(), buildDir, PORTS.docusaurusServe));
    const signedIn = {cookie: `__session=${await sessionCookie(gate.origin)}`};
    const memory = [{when: 'started', ...memoryOf(gate.pid)}];

    const served: Load[] = [];
    for (const [name, urlPath, headers] of [
      ['HTML page', HTML_PAGE, NAVIGATION],
      ['main JS asset', mainJs, SCRIPT],
    ] as const) {
      served.push(await load(name, gate, 'gate (signed in)', urlPath, {...headers, ...signedIn}, 200));
      served.push(await load(name, plain, 'docusaurus serve', urlPath, headers, 200));
    }
    memory.push({when: 'after the signed-in runs', ...memoryOf(gate.pid)});

    // What the session cache saves: the same page with Firebase asked about revocation on every request.
    const uncached = resources.add(await startGate(buildDir, PORTS.gateAlternate, {SESSION_REVOCATION_CHECK_SECONDS: '0'}));
    const uncachedCookie = {cookie: `__session=${await sessionCookie(uncached.origin)}`};
    served.push(await load('HTML page', uncached, 'gate, revocation check every request', HTML_PAGE, {...NAVIGATION, ...uncachedCookie}, 200));
    await uncached.stop();

    const loginHtml = await (await fetch(`${gate.origin}/login`)).text();
    const floods = [
      await load('signed-out flood, page', gate, 'gate (no cookie)', '/', NAVIGATION, 302),
      await load('signed-out flood, asset', gate, 'gate (no cookie)', gatedChunk(buildDir, loginHtml), SCRIPT, 401),
    ];
    memory.push({when: 'after the signed-out floods', ...memoryOf(gate.pid)});

    const row = (entry: Load): Cell[] => [
      entry.name,
      entry.server,
      `${entry.probe.status} ${entry.probe.encoding} ${round(entry.probe.bytes / 1024, 1)} KiB`,
      entry.requestsPerSecond,
      entry.latencyP50Ms,
      entry.latencyP99Ms,
      entry.errors,
    ];
    const header = ['Request', 'Server', 'Answer (status, encoding, body)', 'req/s', 'p50 ms', 'p99 ms', 'Errors'];
    printTable(`autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, after a ${WARM_UP_SECONDS} s warm-up (loopback; autocannon shares the 2 cores)`, header, served.map(row));
    const pairs = ['HTML page', 'main JS asset'].map((name) => {
      const [gated, plainResult] = [served.find((s) => s.name === name && s.server === 'gate (signed in)')!, served.find((s) => s.name === name && s.server === 'docusaurus serve')!];
      return {
        name,
        rpsRatio: round(gated.requestsPerSecond / plainResult.requestsPerSecond, 2),
        p99Ratio: round(gated.latencyP99Ms / plainResult.latencyP99Ms, 2),
      };
    });
    printTable(
      'Gate ÷ docusaurus serve (goal: gate ≥ docusaurus serve in req/s)',
      ['Request', 'req/s ratio', 'p99 ratio', 'Goal'],
      pairs.map((pair) => [pair.name, pair.rpsRatio, pair.p99Ratio, pair.rpsRatio >= 1 ? 'met' : 'NOT met']),
    );
    printTable('Signed-out floods at the gate (errors: anything but the expected status, or no answer)', header, floods.map(row));
    printTable(
      'Gate process memory (/proc/<pid>/status)',
      ['When', 'RSS MiB', 'Peak RSS MiB'],
      memory.map((entry) => [entry.when, entry.rssMiB, entry.peakRssMiB]),
    );

    report.write({
      connections: CONNECTIONS,
      secondsPerRun: DURATION_SECONDS,
      goal: 'gate req/s ≥ docusaurus serve req/s, session verified on every request',
      goalsMet: {html: pairs[0]!.rpsRatio >= 1, asset: pairs[1]!.rpsRatio >= 1, floodErrors: floods.every((flood) => flood.errors === 0)},
      served,
      ratios: pairs,
      floods,
      gateMemory: memory,
    });
  } finally {
    await resources.close();
  }
}
