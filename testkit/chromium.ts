/** How the tests and the benchmarks launch a browser: Debian's Chromium, as nothing can be downloaded here. */
import {existsSync} from 'node:fs';
import type {LaunchOptions} from '@playwright/test';

/**
 * Debian ships Chromium in two builds. The browser tests run in the headless shell, as Playwright does by
 * default with its own downloads: the same Blink, without the full browser around it, so the browser tests
 * take much less CPU (bench/HISTORY.md, §7). The benchmarks measure what a reader's browser does, so they
 * run the full browser.
 */
export const DEBIAN_CHROMIUM = {browser: '/usr/bin/chromium', 'headless-shell': '/usr/bin/chromium-headless-shell'} as const;
export type ChromiumBuild = keyof typeof DEBIAN_CHROMIUM;

/**
 * The executable to launch: `CHROMIUM_PATH` (or `CHROME_PATH`, the variable Lighthouse reads) when set;
 * else the wanted Debian build, and the full browser when the headless shell is not installed.
 */
export function chromiumExecutable(
  build: ChromiumBuild,
  env: Readonly<Record<string, string | undefined>>,
  isInstalled: (path: string) => boolean,
): string {
  const chosen = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (chosen) return chosen;
  return isInstalled(DEBIAN_CHROMIUM[build]) ? DEBIAN_CHROMIUM[build] : DEBIAN_CHROMIUM.browser;
}

export function chromiumLaunchOptions(build: ChromiumBuild = 'browser'): LaunchOptions {
  return {
    executablePath: chromiumExecutable(build, process.env, existsSync),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
  };
}
