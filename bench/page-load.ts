/**
 * Benchmark 2: a page load in Chromium, through the gate server (production build, signed-in
 * reader) against the same content built without sign-in and served by `docusaurus serve`.
 * Each load is a fresh browser context (empty HTTP cache) that carries the reader's cookie and
 * Firebase state: a returning reader opening a link.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Browser} from '@playwright/test';
import {launchBrowser, signedInState, type StorageState} from './lib/browser';
import {PORTS} from './lib/environment';
import {loginScriptWeight} from './lib/buildOutput';
import {builtFileFor, gateBuildLayout} from './lib/docusaurus';
import {Resources, type RunningServer} from './lib/processes';
import {goalCell, note, printTable, Report, type Cell} from './lib/report';
import {startDocusaurusServe, startGate} from './lib/servers';
import {kib, median, ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const DOC_PAGE = '/1.0/tutorial-basics/markdown-features';
const LOGIN_PAGE = '/login';
const LOADS = 5;
const LCP_GOAL = 1.1;
const JS_GOAL_KIB = 60;
const LOGIN_WEIGHT_GOAL = 1.1;

interface LoadMetrics {
  ttfbMs: number;
  fcpMs: number;
  lcpMs: number;
  loadEventMs: number;
  scripts: number;
  /** Sums over the page's .js resources, as Resource Timing reports them. */
  jsTransferBytes: number;
  jsEncodedBytes: number;
  jsDecodedBytes: number;
  /** The same scripts, each gzipped at level 9 from the build: one encoding for both servers. */
  jsGzip9Bytes: number;
  /** Encoded bytes of the scripts that finished after the load event (loaded lazily). */
  jsAfterLoadEncodedBytes: number;
  encodings: string[];
}

interface Target {
  name: string;
  server: RunningServer;
  buildDir: string;
  state: StorageState | undefined;
}

const gzip9 = new Map<string, number>();

/** Doc pages of a gate build (Docusaurus marks them docs-doc-page). */
function builtDocCount(buildDir: string): number {
  const {site} = gateBuildLayout(buildDir);
  return readdirSync(site, {recursive: true})
    .map(String)
    .filter((file) => file.endsWith('.html') && readFileSync(path.join(site, file), 'utf8').includes('docs-doc-page')).length;
}

/** gzip -9 size of the build file a URL names. */
function gzip9Size(buildDir: string, url: string): number {
  const file = builtFileFor(buildDir, new URL(url).pathname);
  if (!gzip9.has(file)) gzip9.set(file, gzipSync(readFileSync(file), {level: 9}).length);
  return gzip9.get(file)!;
}

async function measureLoad(browser: Browser, target: Target, route: string, signedIn: boolean): Promise<LoadMetrics> {
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
        .map(({name, transferSize, encodedBodySize, decodedBodySize, responseEnd}) => ({
          name,
          transferSize,
          encodedBodySize,
          decodedBodySize,
          responseEnd,
        }));
      return {
        ttfbMs: navigation.responseStart,
        fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        lcpMs: lcp,
        loadEventMs: navigation.loadEventStart,
        scripts,
      };
    });
    const sum = (pick: (script: (typeof timing.scripts)[number]) => number, scripts = timing.scripts) =>
      scripts.reduce((total, script) => total + pick(script), 0);
    return {
      ttfbMs: timing.ttfbMs,
      fcpMs: timing.fcpMs,
      lcpMs: timing.lcpMs,
      loadEventMs: timing.loadEventMs,
      scripts: timing.scripts.length,
      jsTransferBytes: sum((script) => script.transferSize),
      jsEncodedBytes: sum((script) => script.encodedBodySize),
      jsDecodedBytes: sum((script) => script.decodedBodySize),
      jsGzip9Bytes: sum((script) => gzip9Size(target.buildDir, script.name)),
      jsAfterLoadEncodedBytes: sum(
        (script) => script.encodedBodySize,
        timing.scripts.filter((script) => script.responseEnd > timing.loadEventMs),
      ),
      encodings: [...encodings].sort(),
    };
  } finally {
    await context.close();
  }
}

type Summary = Omit<LoadMetrics, 'encodings'> & {loads: number; encodings: string[]};

function summarize(loads: LoadMetrics[]): Summary {
  const med = (pick: (load: LoadMetrics) => number) => round(median(loads.map(pick)), 1);
  return {
    loads: loads.length,
    ttfbMs: med((load) => load.ttfbMs),
    fcpMs: med((load) => load.fcpMs),
    lcpMs: med((load) => load.lcpMs),
    loadEventMs: med((load) => load.loadEventMs),
    scripts: med((load) => load.scripts),
    jsTransferBytes: med((load) => load.jsTransferBytes),
    jsEncodedBytes: med((load) => load.jsEncodedBytes),
    jsDecodedBytes: med((load) => load.jsDecodedBytes),
    jsGzip9Bytes: med((load) => load.jsGzip9Bytes),
    jsAfterLoadEncodedBytes: med((load) => load.jsAfterLoadEncodedBytes),
    encodings: [...new Set(loads.flatMap((load) => load.encodings))].sort(),
  };
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('page-load');
  const [gatedBuild, plainBuild] = [await workspace.siteBuild('server'), await workspace.siteBuild('off')];
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(gatedBuild, PORTS.gate));
    const plain = resources.add(await startDocusaurusServe(workspace.siteCopy(), plainBuild, PORTS.docusaurusServe));
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const targets: Target[] = [
      {name: 'gate server', server: gate, buildDir: gatedBuild, state: await signedInState(browser, gate.origin)},
      {name: 'docusaurus serve, TUTORIAL_HUB_GATE=off', server: plain, buildDir: plainBuild, state: undefined},
    ];
    const pages = [
      {route: DOC_PAGE, signedIn: true},
      {route: LOGIN_PAGE, signedIn: false},
    ];
    const loads = new Map<string, LoadMetrics[]>();
    const key = (target: Target, route: string) => `${target.name} ${route}`;
    for (const {route, signedIn} of pages) {
      // One unmeasured load each warms the servers' file and session caches; then the two alternate.
      for (const target of targets) await measureLoad(browser, target, route, signedIn);
      for (let load = 0; load < LOADS; load++) {
        for (const target of targets) {
          const list = loads.get(key(target, route)) ?? [];
          list.push(await measureLoad(browser, target, route, signedIn));
          loads.set(key(target, route), list);
        }
      }
    }

    const results = pages.map(({route, signedIn}) => {
      const [gated, ungated] = targets.map((target) => summarize(loads.get(key(target, route))!)) as [Summary, Summary];
      return {
        route,
        signedIn,
        gated,
        ungated,
        lcpRatio: ratio(gated.lcpMs, ungated.lcpMs),
        fcpRatio: ratio(gated.fcpMs, ungated.fcpMs),
        extraJsGzip9KiB: kib(gated.jsGzip9Bytes - ungated.jsGzip9Bytes),
        extraJsTransferKiB: kib(gated.jsTransferBytes - ungated.jsTransferBytes),
      };
    });

    printTable(
      `Page loads in Chromium ${browser.version()}, medians of ${LOADS} (fresh cache each; times in ms from navigation start; JS in KiB)`,
      ['Page', 'Server', 'TTFB', 'FCP', 'LCP', 'load', 'Scripts', 'JS transferred', 'Encoding', 'JS raw', 'JS gzip -9', 'JS after load'],
      results.flatMap((result) =>
        (['gated', 'ungated'] as const).map((side): Cell[] => {
          const s = result[side];
          return [
            `${result.route} (${result.signedIn ? 'signed in' : 'signed out'})`,
            targets[side === 'gated' ? 0 : 1]!.name,
            s.ttfbMs,
            s.fcpMs,
            s.lcpMs,
            s.loadEventMs,
            s.scripts,
            kib(s.jsTransferBytes),
            s.encodings.join('+'),
            kib(s.jsDecodedBytes),
            kib(s.jsGzip9Bytes),
            kib(s.jsAfterLoadEncodedBytes),
          ];
        }),
      ),
    );
    const doc = results[0]!;
    printTable(
      'Gated ÷ ungated',
      [
        'Page',
        'LCP ratio',
        `Goal ≤ ${LCP_GOAL}`,
        'FCP ratio',
        'Extra JS, gzip -9 KiB',
        `Goal ≤ ${JS_GOAL_KIB}`,
        'Extra JS as transferred KiB',
      ],
      results.map((result) => {
        // The goals are set for a reader's doc page; the login page is shown for information.
        const hasGoal = result.route === DOC_PAGE;
        return [
          result.route,
          result.lcpRatio,
          hasGoal ? goalCell(result.lcpRatio <= LCP_GOAL) : 'no goal',
          result.fcpRatio,
          result.extraJsGzip9KiB,
          hasGoal ? goalCell(result.extraJsGzip9KiB <= JS_GOAL_KIB) : 'no goal',
          result.extraJsTransferKiB,
        ];
      }),
    );
    note('"JS transferred" is as sent: the gate sends its precompressed .br files; `docusaurus serve` (serve-handler) sends');
    note('whatever the "Encoding" column says. "JS gzip -9" re-compresses the very scripts each load fetched, so the extra JS');
    note('is compared in one encoding.');

    // The login page is a build of its own: its weight must not follow the number of docs.
    const corpus = await workspace.corpusBuild();
    const siteDocs = builtDocCount(gatedBuild);
    const weights = [
      loginScriptWeight('the site as it is', gatedBuild, siteDocs),
      loginScriptWeight('generated corpus', corpus.buildDir, corpus.summary.docs),
    ];
    const weightRatio = round(weights[1]!.gzip9Bytes / weights[0]!.gzip9Bytes, 3);
    printTable(
      `Login page scripts, gzip -9 (goal: corpus ÷ site ≤ ${LOGIN_WEIGHT_GOAL}; ratio ${weightRatio})`,
      ['Build', 'Docs', 'Scripts', 'KiB gzip -9'],
      weights.map((weight) => [weight.build, weight.docs, weight.scripts, kib(weight.gzip9Bytes)]),
    );

    report.write({
      loginScriptWeight: {weights, ratio: weightRatio, goalMet: weightRatio <= LOGIN_WEIGHT_GOAL},
      chromium: browser.version(),
      loadsPerPage: LOADS,
      goals: {lcpRatioAtMost: LCP_GOAL, extraJsGzip9KiBAtMost: JS_GOAL_KIB},
      goalsMet: {lcp: doc.lcpRatio <= LCP_GOAL, extraJs: doc.extraJsGzip9KiB <= JS_GOAL_KIB},
      pages: results,
      raw: Object.fromEntries(loads),
    });
  } finally {
    await resources.close();
  }
}
