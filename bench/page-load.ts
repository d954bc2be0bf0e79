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
import {DOC_PAGE, launchBrowser, startDocusaurusServe, startBenchGate} from './lib/servers';
import {kib, median, ratio, round, sum} from './lib/stats';
import type {Workspace} from './lib/workspace';

const LOADS = 5;
const LCP_GOAL = 1.1;
const JS_GOAL_KIB = 60;
const LOGIN_WEIGHT_GOAL = 1.1;

type Target = {name: string; origin: string; buildDir: string; state: StorageState | undefined};

/** The file a URL path names in a build of either layout (the gate's, or the flat gate-less one). */
function builtFileFor(root: string, urlPath: string): string {
  const relative = decodeURIComponent(urlPath).replace(/^\//, '');
  return [SITE_DIR, LOGIN_DIR, ''].map((dir) => path.join(root, dir, relative)).find((file) => existsSync(file))!;
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
    return {
      tables: [
        {title: `Page loads in Chromium ${browser.version()}, medians of ${LOADS} (fresh cache each; ms from navigation start)`, rows},
        {title: 'Login page scripts', rows: Object.entries(weights).map(([build, bytes]) => ({Build: build, 'KiB gzip -9': kib(bytes)}))},
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
      ],
      raw: {chromium: browser.version(), pages: rows, loginScriptBytes: weights, loads: allLoads},
    };
  });
}
