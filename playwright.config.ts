import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './shared/chromium';
import {GATE_URL, gateServerEnv} from './tests/support/environment';

/**
 * End-to-end tests: Debian's Chromium against the production build served by the gate server,
 * with the Firebase Auth emulator (started around this run by `npm run with-emulator`).
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    baseURL: GATE_URL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {name: 'setup', testMatch: /reader\.setup\.ts/},
    {
      name: 'signed-out',
      testMatch: /signed-out\/.*\.spec\.ts/,
      use: {...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions()},
    },
    {
      // Builds a copy of the repository: slow, so it runs last.
      name: 'authoring',
      testMatch: /authoring\/.*\.spec\.ts/,
      use: {...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions()},
    },
    {
      name: 'signed-in',
      testMatch: /signed-in\/.*\.spec\.ts/,
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
        storageState: 'playwright/.auth/reader.json',
      },
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
