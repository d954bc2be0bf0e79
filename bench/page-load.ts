/**
 * Benchmark 2: a page load in Chromium, through the gate server (production build, signed-in
 * reader) against the same content built without sign-in and served by `docusaurus serve`.
 * Each load is a fresh browser context (empty HTTP cache) that carries the reader's cookie and
 * Firebase state: a returning reader opening a link. Then the login page's scripts, whose weight
 * must not follow the number of docs.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {LOGIN_DIR, SITE_DIR} from '../contracts/buildLayout';
import {signedInState, type StorageState} from '../testkit/loginPage';
import {gzip9, loginScriptWeight} from './lib/buildOutput';
import {Resources, type RunningServer} from './lib/processes';
import {goal, type Result} from './lib/report';
import {launchBrowser, startDocusaurusServe, startGate} from './lib/servers';
import {kib, median, ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const DOC_PAGE = '/1.0/tutorial-basics/markdown-features';
const LOADS = 5;
const LCP_GOAL = 1.1;
const JS_GOAL_KIB = 60;
const LOGIN_WEIGHT_GOAL = 1.1;

interface Target {
  name: string;
  server: Pick<RunningServer, 'origin'>;
  buildDir: string;
  state: StorageState | undefined;
}

/** The file a URL path names in a build of either layout (the gate's, or the flat gate-less one). */
function builtFileFor(root: string, urlPath: string): string {
  const relative = decodeURIComponent(urlPath).replace(/^\//, '');
  return [SITE_DIR, LOGIN_DIR, ''].map((dir) => path.join(root, dir, relative)).find((file) => existsSync(file))!;
}

/** Doc pages of a gate build (Docusaurus marks them docs-doc-page). */
function builtDocCount(buildDir: string): number {
  const site = path.join(buildDir, SITE_DIR);
  return readdirSync(site, {recursive: true})
    .map(String)
    .filter((file) => file.endsWith('.html') && readFileSync(path.join(site, file), 'utf8').includes('docs-doc-page')).length;
}

async function measureLoad(browser: Browser, target: Target, route: string, signedIn: boolean) {
  const context = await browser.newContext(signedIn ? {storageState: target.state} : {});
  try {
    const page = await context.newPage();
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) encodings.add(response.headers()['content-encoding'] ?? 'identity');
    });
    const url = `${target.server.origin}${route}`;
    await page.goto(url, {waitUntil: 'load'});
    // Chunks loaded after hydration (the Firebase SDK) are part of what a visit downloads.
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== route) throw new Error(`${url} ended at ${page.url()}: is the reader signed in?`);
    const timing = await page.evaluate(async () => {
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 5000);
      });
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map(({name, transferSize, decodedBodySize, encodedBodySize, responseEnd}) => ({
          name,
          transferSize,
          decodedBodySize,
          encodedBodySize,
          responseEnd,
        }));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return {ttfb: navigation.responseStart, fcp, lcp, load: navigation.loadEventStart, scripts};
    });
    const sum = (pick: (script: (typeof timing.scripts)[number]) => number, scripts = timing.scripts) =>
      scripts.reduce((total, script) => total + pick(script), 0);
    return {
      TTFB: timing.ttfb,
      FCP: timing.fcp,
      LCP: timing.lcp,
      load: timing.load,
      Scripts: timing.scripts.length,
      'JS transferred': sum((script) => script.transferSize),
      'JS raw': sum((script) => script.decodedBodySize),
      'JS gzip -9': sum((script) => gzip9(builtFileFor(target.buildDir, new URL(script.name).pathname))),
      // Scripts that finished after the load event: loaded lazily.
      'JS after load': sum(
        (script) => script.encodedBodySize,
        timing.scripts.filter((script) => script.responseEnd > timing.load),
      ),
      encodings: [...encodings].sort().join('+'),
    };
  } finally {
    await context.close();
  }
}
type Load = Awaited<ReturnType<typeof measureLoad>>;

/** Medians of the loads: times in ms, JS in KiB. */
function summarize(page: string, server: string, loads: Load[]) {
  const {encodings: _encodings, ...first} = loads[0]!;
  const medians = Object.keys(first).map((key) => {
    const value = median(loads.map((load) => load[key as keyof typeof first]));
    return [key, key.startsWith('JS') ? kib(value) : round(value, 1)];
  });
  return {
    Page: page,
    Server: server,
    ...(Object.fromEntries(medians) as typeof first),
    Encoding: [...new Set(loads.map((load) => load.encodings))].join(', '),
  };
}

export async function run(workspace: Workspace): Promise<Result> {
  const [gatedBuild, plainBuild] = [await workspace.siteBuild('server'), await workspace.siteBuild('off')];
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(gatedBuild));
    const plain = resources.add(await startDocusaurusServe(workspace.siteCopy(), plainBuild));
    const browser = resources.add(await launchBrowser());
    const targets: Target[] = [
      {name: 'gate server', server: gate, buildDir: gatedBuild, state: await signedInState(browser, gate.origin)},
      {name: 'docusaurus serve, TUTORIAL_HUB_GATE=off', server: plain, buildDir: plainBuild, state: undefined},
    ];
    const raw: Record<string, Load[]> = {};
    const rows = [];
    for (const [route, signedIn] of [
      [DOC_PAGE, true],
      ['/login', false],
    ] as const) {
      // One unmeasured load each warms the servers' file and session caches; then the two alternate.
      for (const target of targets) await measureLoad(browser, target, route, signedIn);
      const loads = targets.map(() => [] as Load[]);
      for (let load = 0; load < LOADS; load++)
        for (const [index, target] of targets.entries()) loads[index]!.push(await measureLoad(browser, target, route, signedIn));
      targets.forEach((target, index) => (raw[`${target.name} ${route}`] = loads[index]!));
      rows.push(...targets.map((target, i) => summarize(`${route} (${signedIn ? 'signed in' : 'signed out'})`, target.name, loads[i]!)));
    }
    const [docGated, docPlain, loginGated, loginPlain] = rows;
    const lcpRatio = ratio(docGated!.LCP, docPlain!.LCP);
    const extraJs = round(docGated!['JS gzip -9'] - docPlain!['JS gzip -9'], 1);
    const loginFcp = ratio(loginGated!.FCP, loginPlain!.FCP);
    const corpus = await workspace.corpusBuild();
    const weights = [
      loginScriptWeight('the site as it is', gatedBuild, builtDocCount(gatedBuild)),
      loginScriptWeight('generated corpus', corpus.buildDir, corpus.summary.docs),
    ];
    const weightRatio = round(weights[1]!.gzip9Bytes / weights[0]!.gzip9Bytes, 3);
    return {
      tables: [
        {
          title: `Page loads in Chromium ${browser.version()}, medians of ${LOADS} (fresh cache each; ms from navigation start; JS in KiB)`,
          rows,
        },
        {
          title: 'Login page scripts, gzip -9',
          rows: weights.map((weight) => ({
            Build: weight.build,
            Docs: weight.docs,
            Scripts: weight.scripts,
            'KiB gzip -9': kib(weight.gzip9Bytes),
          })),
        },
      ],
      notes: [
        '"JS transferred" is as sent (the gate: its .br files; `docusaurus serve`: see "Encoding"); "JS gzip -9" re-compresses',
        'the very scripts each load fetched, so the extra JS is compared in one encoding.',
      ],
      goals: [
        goal(`doc page: gated LCP ≤ ${LCP_GOAL}× ungated`, `${lcpRatio}× (${docGated!.LCP} vs ${docPlain!.LCP} ms)`, lcpRatio <= LCP_GOAL),
        goal(`doc page: gated JS ≤ ${JS_GOAL_KIB} KiB (gzip -9) above ungated`, `+${extraJs} KiB`, extraJs <= JS_GOAL_KIB),
        goal('login page: first paint no slower than docusaurus serve', `${loginFcp}×`, loginFcp <= 1),
        goal(`login page scripts: corpus ÷ site ≤ ${LOGIN_WEIGHT_GOAL}`, weightRatio, weightRatio <= LOGIN_WEIGHT_GOAL),
      ],
      raw: {chromium: browser.version(), pages: rows, loginScriptWeight: weights, loads: raw},
    };
  } finally {
    await resources.close();
  }
}
