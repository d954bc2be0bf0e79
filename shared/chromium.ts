/** How the tests and the benchmarks launch a browser: Debian's Chromium, as nothing can be downloaded here. */
import type {LaunchOptions} from '@playwright/test';

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
  };
}
