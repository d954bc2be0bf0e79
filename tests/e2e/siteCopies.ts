/**
 * Sites of the browser tests' own (tests/support/siteCopies.ts), each served by a gate of its own.
 *
 * Every browser test runs on one worker pool: a test names the site and the gate's settings it needs
 * (test-scoped options), and the worker starts that gate, and signs the demo reader in to it, the first
 * time a test asks, then keeps both for the worker's later tests. Playwright gives tests with the same
 * worker fixtures the same workers, so a run of every spec starts two workers, not one per kind of gate
 * (a worker's start, its browser, gate and sign-in cost seconds of CPU: bench/HISTORY.md, §7).
 */
import type {BrowserContextOptions} from '@playwright/test';
import {seedReaderStorage, signedInSeed, type ReaderSeed} from '../../testkit/loginPage';
import {copyBuild} from '../support/siteCopies';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {test as base} from './fixtures';
import {contextOptionsOf, OpenTabs, type TabLease} from './openTabs';

/** What a worker keeps for its tests: one of each, made when first asked for, ended when the worker ends. */
export interface WorkerResources {
  once<T>(key: string, make: () => Promise<T>, end?: (made: T) => Promise<void>): Promise<T>;
}

interface SiteCopyOptions {
  /** The site copy the test's pages come from (its folder; its build is what the gate serves). */
  site: string;
  /** The operator's settings of the test's gate, besides the tests' own (tests/support/environment.ts). */
  gateEnv: Readonly<Record<string, string>>;
  /** Whether the test's pages open signed in as the demo reader. */
  signedIn: boolean;
}

export const test = base.extend<
  SiteCopyOptions & {
    siteGate: GateProcess;
    readerSeed: ReaderSeed | null;
    /** The options of the test's browser context, from Playwright's option fixtures. */
    newContextOptions: BrowserContextOptions;
    /** The test's tab: the worker's open one (openTabs.ts). */
    openTab: TabLease;
  },
  {workerResources: WorkerResources; openTabs: OpenTabs}
>({
  workerResources: [
    async ({}, use) => {
      const made = new Map<string, Promise<unknown>>();
      const ends: Array<() => Promise<void>> = [];
      await use({
        once<T>(key: string, make: () => Promise<T>, end?: (made: T) => Promise<void>): Promise<T> {
          if (!made.has(key)) {
            const making = make();
            made.set(key, making);
            if (end) ends.push(async () => end(await making));
          }
          return made.get(key) as Promise<T>;
        },
      });
      await Promise.all(ends.map((endOne) => endOne().catch(() => undefined)));
    },
    {scope: 'worker'},
  ],

  site: ['', {option: true}],
  gateEnv: [{}, {option: true}],
  signedIn: [true, {option: true}],

  siteGate: async ({workerResources, site, gateEnv}, use) => {
    const env = {...gateEnv, BUILD_DIR: copyBuild(site)};
    await use(
      await workerResources.once(
        `gate ${JSON.stringify(env)}`,
        () => startTestGateProcess(env),
        (gate) => gate.close(),
      ),
    );
  },

  // Firebase keeps a reader's state per origin: signed in to each gate once per worker.
  readerSeed: async ({workerResources, siteGate, signedIn, browser}, use) => {
    if (!signedIn) return use(null);
    await use(await workerResources.once(`signed in to ${siteGate.origin}`, () => signedInSeed(browser, siteGate.origin)));
  },
  // The cookie as a storage state; the origin's storage from a script that runs before the page's own (testkit/loginPage.ts).
  storageState: async ({readerSeed}, use) => use(readerSeed ? {cookies: readerSeed.cookies, origins: []} : undefined),

  openTabs: [
    async ({browser}, use) => {
      const tabs = new OpenTabs(browser);
      await use(tabs);
      await tabs.close();
    },
    {scope: 'worker'},
  ],
  newContextOptions: async (
    {
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      reducedMotion,
      serviceWorkers,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      contextOptions,
    },
    use,
  ) => {
    await use(
      contextOptionsOf({
        acceptDownloads,
        bypassCSP,
        colorScheme,
        contrast,
        deviceScaleFactor,
        extraHTTPHeaders,
        forcedColors,
        geolocation,
        hasTouch,
        httpCredentials,
        ignoreHTTPSErrors,
        isMobile,
        javaScriptEnabled,
        locale,
        offline,
        permissions,
        reducedMotion,
        serviceWorkers,
        storageState,
        timezoneId,
        userAgent,
        viewport,
        baseURL,
        contextOptions,
      }),
    );
  },
  // Every test's pages open in the worker's open tab for its gate and context options (openTabs.ts).
  openTab: async ({readerSeed, openTabs, siteGate, newContextOptions}, use, testInfo) => {
    const lease = await openTabs.lease(siteGate.origin, newContextOptions, async (context) => {
      if (readerSeed) await context.addInitScript(seedReaderStorage, {origin: readerSeed.origin, items: readerSeed.items});
    });
    await use(lease);
    await lease.end(testInfo.status === 'passed');
  },
  context: async ({openTab}, use) => use(openTab.context),
  page: async ({openTab}, use) => use(openTab.page),

  // Pages open with relative URLs.
  baseURL: async ({siteGate}, use) => use(siteGate.origin),
});

/** Tests against the built site copy `site`, served with `gateEnv` as the operator's settings, signed in as the demo reader. */
export function siteCopyTest(site: string, gateEnv: Record<string, string> = {}) {
  return test.extend({site, gateEnv});
}
