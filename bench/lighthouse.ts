/**
 * Benchmark 5: Lighthouse scores (performance, accessibility, best practices) of the login page signed
 * out, then the home page, a doc page and the search page signed in, served by the gate, in Debian's
 * Chromium. The browser gate needs Firebase's IndexedDB state besides the cookie, so Lighthouse drives
 * the browser (one profile) that signed in through /login, told not to reset its storage. Chromium is
 * started here and Playwright attaches over CDP: with Playwright's own launch flags, every Lighthouse
 * run ended in NO_NAVSTART (no navigation in the trace).
 */
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../testkit/chromium';
import {signInFromLoginPage} from '../testkit/loginPage';
import {removeTemporaryDir, temporaryDir} from '../testkit/siteCopy';
import {startServer, withResources} from './lib/processes';
import {goal, type Result, type Row} from './lib/report';
import {DOC_PAGE, HOST, PORTS, startBenchGate} from './lib/servers';
import type {Workspace} from './lib/workspace';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = 95;
const SIGNED_IN_PAGES = ['/', DOC_PAGE, '/search?q=markdown'];
/** Desktop, no throttling (loopback), storage kept: the browser gate needs Firebase's state besides the cookie. */
const FLAGS = {disableStorageReset: true, output: 'json', logLevel: 'error', formFactor: 'desktop', throttlingMethod: 'provided'} as const;

export async function run(workspace: Workspace): Promise<Result> {
  const launch = chromiumLaunchOptions();
  // Lighthouse finds Chromium through the port; CHROME_PATH is for anything of it that looks.
  process.env.CHROME_PATH ??= launch.executablePath;
  const {default: lighthouse} = await import('lighthouse');
  const port = PORTS.lighthouseDebugging;
  const userDataDir = temporaryDir('lighthouse');
  return withResources(async (add) => {
    add({stop: async () => removeTemporaryDir(userDataDir)});
    const gate = add(await startBenchGate(await workspace.siteBuild('server')));
    const args = [`--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, '--no-first-run', '--no-default-browser-check'];
    const debugging = {cwd: userDataDir, origin: `http://${HOST}:${port}`, readyPath: '/json/version'};
    add(await startServer(launch.executablePath!, [...(launch.args ?? []), '--headless', ...args, 'about:blank'], debugging));
    const browser = add(await chromium.connectOverCDP(debugging.origin));
    const notes: string[] = [];
    let version = '';

    const audit = async (route: string): Promise<Row> => {
      const flags = {...FLAGS, port, onlyCategories: [...CATEGORIES], screenEmulation: {disabled: true}};
      const lhr = (await lighthouse(`${gate.origin}${route}`, flags))?.lhr;
      if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      version = lhr.lighthouseVersion;
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // Audits that cost points, for any category under the goal.
      for (const id of CATEGORIES.filter((category) => score(category) < GOAL))
        for (const ref of lhr.categories[id]?.auditRefs ?? [])
          if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            notes.push(`${route}, ${id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue})`);
      return {
        URL: route,
        'Ended at': new URL(lhr.finalDisplayedUrl).pathname,
        ...Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
      };
    };

    // The login page first, while the browser is signed out: a signed-in reader is sent on from /login.
    const pages = [await audit('/login')];
    const tab = await browser.contexts()[0]!.newPage();
    await signInFromLoginPage(tab, gate.origin);
    await tab.close();
    for (const route of SIGNED_IN_PAGES) pages.push(await audit(route));
    const lowest = Math.min(...pages.flatMap((page) => CATEGORIES.map((id) => Number(page[id]))));
    return {
      tables: [{title: `Lighthouse ${version}, desktop, no throttling (loopback), one run per page`, rows: pages}],
      notes,
      goals: [goal(`every score ≥ ${GOAL}, every page`, `lowest ${lowest}`, lowest >= GOAL)],
      raw: {lighthouse: version, pages},
    };
  });
}
