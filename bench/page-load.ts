/**
 * Benchmark 2: a page load in Chromium, through the gate server (production build, signed-in
 * reader) against the same content built without sign-in and served by `docusaurus serve`.
 * Each load is a fresh browser context (empty HTTP cache) that carries the reader's cookie and
 * Firebase state: a returning reader opening a link. Then the login page's scripts, whose weight
 * must not follow the number of docs.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {LOGIN_DIR, SITE_DIR} from '../contracts/buildLayout';
import {signedInState, type StorageState} from '../testkit/loginPage';
import {gzip9, loginScriptBytes} from './lib/buildOutput';
import {withResources} from './lib/processes';
import {goal, type Cell, type Result} from './lib/report';
import {DOC_PAGE, launchBrowser, readersFile, startDocusaurusServe, startBenchGate} from './lib/servers';
import {DEMO_READER} from '../contracts/demoReader';
import {kib, median, ratio, round, sum} from './lib/stats';
import type {Workspace} from './lib/workspace';

const LOADS = 5;
const LCP_GOAL = 1.1;
const JS_GOAL_KIB = 60;
const LOGIN_WEIGHT_GOAL = 1.1;

type Target = {name: string; origin: string; buildDir: string; state: StorageState | undefined};

/**
 * The file a URL path names in a build of either layout (the gate's, or the flat gate-less one). A reader's
 * own copy of a script (`main.<hash>.<tag>.js`, server/rules/cutAddresses.ts) counts as the script whole:
 * the copy is no larger.
 */
function builtFileFor(root: string, urlPath: string): string {
  const relative = decodeURIComponent(urlPath).replace(/^\//, '');
  const candidates = [relative, relative.replace(/\.[0-9a-z]{10}\.js$/, '.js')];
  const found = candidates
    .flatMap((file) => [SITE_DIR, LOGIN_DIR, ''].map((dir) => path.join(root, dir, file)))
    .find((file) => existsSync(file));
  if (found === undefined) throw new Error(`${urlPath} is no file of the build in ${root}`);
  return found;
}

/** One load's times (ms from navigation start) and its scripts' bytes, re-compressed with gzip -9: one encoding for both servers. */
function measureLoad(browser: Browser, target: Target, route: string, signedIn: boolean) {
  return withResources(async (add) => {
    const context = add(await browser.newContext(signedIn ? {storageState: target.state} : {}));
    const page = await context.newPage();
    const url = `${target.origin}${route}`;
    await page.goto(url, {waitUntil: 'load'});
    // Chunks loaded after hydration (the Firebase SDK) are part of what a visit downloads.
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== route) throw new Error(`${url} ended at ${page.url()}: is the reader signed in?`);
    const {scripts, ...times} = await page.evaluate(async () => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const lcp = new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime));
        observer.observe({type: 'largest-contentful-paint', buffered: true});
        setTimeout(() => resolve(Number.NaN), 5000);
      });
      // Every layout shift of the load, summed: an upper bound of Chrome's CLS (its worst window of them).
      // Chrome lists them to an observer only, buffered ones in a task of their own: none by then is none.
      const shifts = new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const shift of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[])
            if (!shift.hadRecentInput) total += shift.value;
        });
        observer.observe({type: 'layout-shift', buffered: true});
        setTimeout(() => resolve(total), 200);
      });
      return {
        TTFB: navigation!.responseStart,
        FCP: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        LCP: await lcp,
        load: navigation!.loadEventStart,
        CLS: await shifts,
        scripts: performance.getEntriesByType('resource').flatMap(({name}) => (name.endsWith('.js') ? new URL(name).pathname : [])),
      };
    });
    return {...times, 'JS gzip -9': sum(scripts.map((script) => gzip9(builtFileFor(target.buildDir, script))))};
  });
}
type Load = Awaited<ReturnType<typeof measureLoad>>;

/** What a second page load sent over the network: requests (304s included), the scripts among them, and bytes. */
interface SecondLoad {
  requests: number;
  scripts: number;
  revalidated: number;
  bytes: number;
}

/**
 * A reader's second page load in one browser context (the first load warms its cache), through the gate:
 * every request Chromium did not answer from its own cache, by the DevTools protocol's account of them.
 */
function secondLoad(browser: Browser, origin: string, state: StorageState, [first, second]: readonly [string, string]) {
  return withResources(async (add) => {
    const context = add(await browser.newContext({storageState: state}));
    const page = await context.newPage();
    await page.goto(`${origin}${first}`, {waitUntil: 'load'});
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sent = new Map<string, {script: boolean; status: number; cached: boolean; bytes: number}>();
    cdp.on('Network.responseReceived', ({requestId, type, response}) => {
      sent.set(requestId, {
        script: type === 'Script',
        status: response.status,
        cached: response.fromDiskCache === true || response.fromPrefetchCache === true,
        bytes: 0,
      });
    });
    cdp.on('Network.requestServedFromCache', ({requestId}) => sent.set(requestId, {...sent.get(requestId)!, cached: true}));
    cdp.on('Network.loadingFinished', ({requestId, encodedDataLength}) => {
      const entry = sent.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await page.goto(`${origin}${second}`, {waitUntil: 'load'});
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== second) throw new Error(`${origin}${second} ended at ${page.url()}: is the reader signed in?`);
    const network = [...sent.values()].filter((entry) => !entry.cached && entry.status !== 0);
    return {
      requests: network.length,
      scripts: network.filter((entry) => entry.script).length,
      revalidated: network.filter((entry) => entry.status === 304).length,
      bytes: sum(network.map((entry) => entry.bytes)),
    } satisfies SecondLoad;
  });
}

/**
 * Issue 57: a reader's second page load on the corpus with audiences (a reader in two of them, who gets
 * copies of the shared scripts of their own) beside the corpus without audiences: a site with audiences
 * should make a returning reader revalidate no script that did not change.
 */
async function secondLoads(workspace: Workspace, browser: Browser) {
  const plain = await workspace.corpusBuild();
  const withAudiences = await workspace.corpusBuild({audiences: true});
  const names = withAudiences.summary.audiences.slice(0, 2);
  const routes = [withAudiences.summary.sampleRoutes[0]!, withAudiences.summary.sampleRoutes[1]!] as const;
  return withResources(async (add) => {
    const readers = readersFile([{email: DEMO_READER.email, audiences: names}]);
    const targets = [
      {
        name: `corpus with audiences, reader in ${names.join(' and ')}`,
        gate: add(await startBenchGate(withAudiences.buildDir, {ALLOWED_EMAILS_FILE: readers})),
      },
      {name: 'corpus without audiences', gate: add(await startBenchGate(plain.buildDir))},
    ];
    const rows: Record<string, Cell>[] = [];
    const loads: Record<string, SecondLoad[]> = {};
    for (const {name, gate} of targets) {
      const state = await signedInState(browser, gate.origin);
      loads[name] = [];
      for (let load = 0; load < 3; load++) loads[name].push(await secondLoad(browser, gate.origin, state, routes));
      const of = (figure: keyof SecondLoad) => median(loads[name]!.map((entry) => entry[figure]));
      rows.push({
        Site: name,
        'Requests over the network': of('requests'),
        'Scripts among them': of('scripts'),
        'Revalidated (304)': of('revalidated'),
        KiB: kib(of('bytes')),
      });
    }
    const [audiences, without] = rows as Record<string, number>[];
    return {
      table: {title: `A reader's second page load (${routes[0]} then ${routes[1]}, one browser context), medians of 3`, rows},
      goals: [
        goal(
          'second page load: scripts asked for again, with audiences as without',
          `${audiences!['Scripts among them']} vs ${without!['Scripts among them']}; requests ${audiences!['Requests over the network']} vs ${without!['Requests over the network']}`,
          audiences!['Scripts among them']! <= without!['Scripts among them']! &&
            audiences!['Requests over the network']! <= without!['Requests over the network']!,
        ),
      ],
      raw: loads,
    };
  });
}

export async function run(workspace: Workspace): Promise<Result> {
  const [gatedBuild, plainBuild] = [await workspace.siteBuild('server'), await workspace.siteBuild('off')];
  return withResources(async (add) => {
    const gate = add(await startBenchGate(gatedBuild));
    const plain = add(await startDocusaurusServe(workspace.siteCopy(), plainBuild));
    const browser = add(await launchBrowser());
    const targets: Target[] = [
      {name: 'gate server', origin: gate.origin, buildDir: gatedBuild, state: await signedInState(browser, gate.origin)},
      {name: 'docusaurus serve, TUTORIAL_HUB_GATE=off', origin: plain.origin, buildDir: plainBuild, state: undefined},
    ];
    const [rows, allLoads] = [[] as Record<string, Cell>[], {} as Record<string, Load[]>];
    for (const [route, signedIn] of Object.entries({[DOC_PAGE]: true, '/login': false})) {
      // One unmeasured load each warms the servers' file and session caches; then the two alternate.
      for (const target of targets) await measureLoad(browser, target, route, signedIn);
      const loads = targets.map(() => [] as Load[]);
      for (let load = 0; load < LOADS; load++)
        for (const [index, target] of targets.entries()) loads[index]!.push(await measureLoad(browser, target, route, signedIn));
      for (const [index, target] of targets.entries()) {
        allLoads[`${target.name} ${route}`] = loads[index]!;
        const of = (figure: keyof Load) => median(loads[index]!.map((load) => load[figure]));
        rows.push({
          Page: `${route} (${signedIn ? 'signed in' : 'signed out'})`,
          Server: target.name,
          ...Object.fromEntries((['TTFB', 'FCP', 'LCP', 'load'] as const).map((time) => [time, round(of(time), 1)])),
          CLS: round(of('CLS'), 4),
          'JS gzip -9 KiB': kib(of('JS gzip -9')),
        });
      }
    }
    const [docGated, docPlain, loginGated, loginPlain] = rows as Record<string, number>[];
    const lcpRatio = ratio(docGated!.LCP!, docPlain!.LCP!);
    const extraJs = round(docGated!['JS gzip -9 KiB']! - docPlain!['JS gzip -9 KiB']!, 1);
    const loginFcp = ratio(loginGated!.FCP!, loginPlain!.FCP!);
    const weights = {
      'the site as it is': loginScriptBytes(gatedBuild),
      'generated corpus': loginScriptBytes((await workspace.corpusBuild()).buildDir),
    };
    const weightRatio = round(weights['generated corpus'] / weights['the site as it is'], 3);
    const second = workspace.corpusAudiences > 0 ? await secondLoads(workspace, browser) : undefined;
    return {
      tables: [
        {title: `Page loads in Chromium ${browser.version()}, medians of ${LOADS} (fresh cache each; ms from navigation start)`, rows},
        {title: 'Login page scripts', rows: Object.entries(weights).map(([build, bytes]) => ({Build: build, 'KiB gzip -9': kib(bytes)}))},
        ...(second ? [second.table] : []),
      ],
      goals: [
        goal(`doc page: gated LCP ≤ ${LCP_GOAL}× ungated`, `${lcpRatio}× (${docGated!.LCP} vs ${docPlain!.LCP} ms)`, lcpRatio <= LCP_GOAL),
        goal(
          'doc page: gated layout shift (CLS) no more than ungated',
          `${docGated!.CLS} vs ${docPlain!.CLS}`,
          docGated!.CLS! <= docPlain!.CLS!,
        ),
        goal(`doc page: gated JS ≤ ${JS_GOAL_KIB} KiB (gzip -9) above ungated`, `+${extraJs} KiB`, extraJs <= JS_GOAL_KIB),
        goal('login page: first paint no slower than docusaurus serve', `${loginFcp}×`, loginFcp <= 1),
        goal(`login page scripts: corpus ÷ site ≤ ${LOGIN_WEIGHT_GOAL}`, weightRatio, weightRatio <= LOGIN_WEIGHT_GOAL),
        ...(second?.goals ?? []),
      ],
      raw: {chromium: browser.version(), pages: rows, loginScriptBytes: weights, loads: allLoads, secondLoads: second?.raw},
    };
  });
}
