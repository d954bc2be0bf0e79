import {defineConfig, devices} from '@playwright/test';
import {parseMediaOrigins} from './contracts/mediaOrigins';
import {chromiumLaunchOptions} from './testkit/chromium';
import {GATE_URL, gateServerEnv} from './tests/support/environment';
import {READER_STATE} from './tests/e2e/readerState';

/**
 * End-to-end tests: Debian's Chromium against the production build served by the gate server,
 * with the Firebase Auth emulator (started around this run by `npm run with-emulator`).
 * Tests are independent (each sign-out uses a reader of its own), so they run in parallel.
 */
export default defineConfig<{otherSites: readonly string[]}>({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug to find, not a run to repeat.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    ...devices['Desktop Chrome'],
    baseURL: GATE_URL,
    // A failure keeps its trace (actions, network, console) and the page's ARIA snapshot (error-context.md).
    // Every test records a trace, so its costly parts are left out: the screencast keeps Chromium's GPU
    // process busy, and a DOM snapshot per action costs the whole suite time (bench/HISTORY.md, "Figures
    // behind the code's choices"). No screenshot: for 'only-on-failure' Playwright renders and writes one
    // of every page of every test as its context closes, and throws it away when the test passed.
    trace: {mode: 'retain-on-failure', screenshots: false, snapshots: false},
    screenshot: 'off',
    launchOptions: chromiumLaunchOptions('headless-shell'),
  },
  // SPECIFICATION_TESTS=off leaves out the tests of the demo site's own routes and pages (the
  // specification's), for a site whose docs an author has replaced (CONTRIBUTING.md).
  ...(process.env.SPECIFICATION_TESTS === 'off' ? {testIgnore: /specification\//} : {}),
  projects: [
    {name: 'reader', testMatch: /reader\.setup\.ts/},
    {name: 'fixture site', testMatch: /fixtureSite\.setup\.ts/, teardown: 'fixture site teardown'},
    {name: 'fixture site teardown', testMatch: /fixtureSite\.teardown\.ts/},
    {name: 'authored site', testMatch: /authoring\/authoredSite\.setup\.ts/, teardown: 'authored site teardown'},
    {name: 'authored site teardown', testMatch: /authoring\/authoredSite\.teardown\.ts/},
    // The product on the fixture site (fixtureSite.ts): signed in there, or not signed in on the repository's gate.
    {name: 'signed-in', testMatch: /signed-in\/.*\.spec\.ts/, dependencies: ['fixture site']},
    {name: 'real docs', testMatch: /real-docs\/.*\.spec\.ts/, dependencies: ['fixture site']},
    {name: 'signed-out', testMatch: /signed-out\/.*\.spec\.ts/, dependencies: ['fixture site']},
    // Who reads what: readers of each audience, and a visitor of the public pages, on the fixture site.
    {name: 'audiences', testMatch: /audiences\/.*\.spec\.ts/, dependencies: ['fixture site']},
    {name: 'authoring', testMatch: /authoring\/.*\.spec\.ts/, dependencies: ['authored site']},
    // The site's own docs, whatever they are, signed in on the repository's gate.
    {
      name: 'site',
      // Matched against the whole path: a checkout in a folder ending in "site" (`~/team-site/`) must not make every spec one of these.
      testMatch: /\/tests\/e2e\/site\/[^/]+\.spec\.ts$/,
      dependencies: ['reader'],
      use: {storageState: READER_STATE, otherSites: parseMediaOrigins(process.env.MEDIA_ORIGINS)},
    },
  ],
  webServer: {
    // The compiled server, as production runs it (`npm run build` compiles it).
    command: 'node dist/server/main.js',
    url: `${GATE_URL}/healthz`,
    env: gateServerEnv(),
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
