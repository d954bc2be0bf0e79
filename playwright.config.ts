import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './testkit/chromium';

/**
 * End-to-end tests: Debian's Chromium against the production build served by the gate server,
 * with the Firebase Auth emulator (started around this run by `npm run with-emulator`).
 * Tests are independent (each sign-out uses a reader of its own), so they run in parallel.
 */
export default defineConfig({
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
    // A failure keeps its trace (actions, network, console) and the page's ARIA snapshot (error-context.md).
    // Every test records a trace, so its costly parts are left out: the screencast keeps Chromium's GPU
    // process busy, and a DOM snapshot per action costs the whole suite time (bench/HISTORY.md, "Figures
    // behind the code's choices"). No screenshot: for 'only-on-failure' Playwright renders and writes one
    // of every page of every test as its context closes, and throws it away when the test passed.
    trace: {mode: 'retain-on-failure', screenshots: false, snapshots: false},
    screenshot: 'off',
    launchOptions: chromiumLaunchOptions('headless-shell'),
  },
  projects: [
    // The copy stays in the temporary directory after the run: the next run builds it again only once the repository changed.
    {name: 'site copies', testMatch: /siteCopies\.setup\.ts/},
    // Every spec in one project: each names the site and the gate it needs (siteCopies.ts), so that all
    // share the same workers. By folder: the product on the fixture site, signed in (signed-in/, real-docs/)
    // or not (signed-out/), its readers of each audience (audiences/), what its author did (authoring/); the
    // site's own docs, whatever they are (site/); the tab each worker hands from test to test (harness/).
    {
      name: 'browser',
      testMatch: /\.spec\.ts$/,
      dependencies: ['site copies'],
      // SPECIFICATION_TESTS=off leaves out the tests of the demo site's own routes and pages (the
      // specification's), for a site whose docs an author has replaced (CONTRIBUTING.md).
      ...(process.env.SPECIFICATION_TESTS === 'off' ? {testIgnore: /specification\//} : {}),
    },
  ],
});
