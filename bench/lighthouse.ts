/**
 * Benchmark 5: Lighthouse scores (performance, accessibility, best practices) of the home page, a
 * doc page, the search page and the login page, served by the gate server, in Debian's Chromium.
 * The browser gate needs Firebase's IndexedDB state besides the cookie, so Lighthouse drives the
 * browser (one profile) that signed in through /login, and is told not to reset its storage.
 *
 * Chromium is started here and Playwright attaches to it over CDP, rather than
 * `chromium.launchPersistentContext(…, {args: ['--remote-debugging-port=…']})`: with Playwright's
 * own launch flags, every Lighthouse run ended in NO_NAVSTART (no navigation in the trace).
 */
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../testkit/chromium';
import {signInThroughLoginPage} from '../testkit/loginPage';
import {HOST, PORTS} from './lib/environment';
import {Resources, startServer} from './lib/processes';
import {Report} from './lib/report';
import {startGate} from './lib/servers';
import {removeTemporaryDir, temporaryDir} from '../testkit/siteCopy';
import {round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = 95;
const PAGES = [
  // Audited first, while the browser is signed out: a signed-in reader is sent on from /login.
  {name: 'login (signed out)', path: '/login'},
  {name: 'home', path: '/'},
  {name: 'doc page', path: '/1.0/tutorial-basics/markdown-features'},
  {name: 'search page', path: '/search?q=markdown'},
];

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('lighthouse');
  // Lighthouse finds Chromium through the port; CHROME_PATH is for anything of it that looks.
  process.env.CHROME_PATH ??= chromiumLaunchOptions().executablePath;
  const {default: lighthouse} = await import('lighthouse');
  const buildDir = await workspace.siteBuild('server');
  const userDataDir = temporaryDir('lighthouse');
  const resources = new Resources();
  resources.onClose(async () => removeTemporaryDir(userDataDir));
  let version = '';
  try {
    const gate = resources.add(await startGate(buildDir, PORTS.gate));
    const launch = chromiumLaunchOptions();
    const debugging = `http://${HOST}:${PORTS.lighthouseDebugging}`;
    resources.add(
      await startServer(
        launch.executablePath!,
        [
          ...(launch.args ?? []),
          '--headless',
          `--remote-debugging-port=${PORTS.lighthouseDebugging}`,
          `--user-data-dir=${userDataDir}`,
          '--no-first-run',
          '--no-default-browser-check',
          'about:blank',
        ],
        {cwd: userDataDir, origin: debugging, readyPath: '/json/version', timeoutMs: 60_000},
      ),
    );
    const browser = await chromium.connectOverCDP(debugging);
    resources.onClose(() => browser.close());

    const audit = async (page: (typeof PAGES)[number]) => {
      const url = `${gate.origin}${page.path}`;
      const result = await lighthouse(url, {
        port: PORTS.lighthouseDebugging,
        disableStorageReset: true,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        formFactor: 'desktop',
        screenEmulation: {disabled: true},
        throttlingMethod: 'provided',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const {lhr} = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // Audits that cost points, for any category under the goal.
      for (const id of CATEGORIES.filter((category) => score(category) < GOAL))
        for (const ref of lhr.categories[id]?.auditRefs ?? [])
          if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            report.note(`${page.name}, ${id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
      const numeric = (id: string, digits = 1) => round(lhr.audits[id]?.numericValue ?? Number.NaN, digits);
      return {
        Page: page.name,
        URL: page.path,
        'Ended at': new URL(lhr.finalDisplayedUrl).pathname,
        Performance: score('performance'),
        Accessibility: score('accessibility'),
        'Best practices': score('best-practices'),
        'FCP ms': numeric('first-contentful-paint'),
        'LCP ms': numeric('largest-contentful-paint'),
        'TBT ms': numeric('total-blocking-time'),
        CLS: numeric('cumulative-layout-shift', 3),
      };
    };

    const [loginPage, ...readerPages] = PAGES;
    const results = [await audit(loginPage!)];
    const tab = await browser.contexts()[0]!.newPage();
    await tab.goto(`${gate.origin}/login`);
    await signInThroughLoginPage(tab);
    await tab.waitForURL(`${gate.origin}/`, {timeout: 30_000});
    await tab.close();
    for (const page of readerPages) results.push(await audit(page));

    report.table(`Lighthouse ${version}, desktop, no throttling (loopback), one run per page`, results);
    const lowest = Math.min(...results.flatMap((page) => [page.Performance, page.Accessibility, page['Best practices']]));
    report.goal(`every score ≥ ${GOAL}, every page`, `lowest ${lowest}`, lowest >= GOAL);
    report.write({lighthouse: version, pages: results});
  } finally {
    await resources.close();
  }
}
