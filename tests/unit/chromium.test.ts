import {describe, expect, it} from 'vitest';
import {DEBIAN_CHROMIUM, chromiumExecutable, type ChromiumBuild} from '../../testkit/chromium';

const both = (path: string) => (Object.values(DEBIAN_CHROMIUM) as string[]).includes(path);
const browserOnly = (path: string) => path === DEBIAN_CHROMIUM.browser;

describe('chromiumExecutable', () => {
  it.each<[string, ChromiumBuild, Record<string, string>, (path: string) => boolean, string]>([
    ['the tests get the headless shell when it is installed', 'headless-shell', {}, both, '/usr/bin/chromium-headless-shell'],
    ['the tests fall back to the full browser without it', 'headless-shell', {}, browserOnly, '/usr/bin/chromium'],
    ['the benchmarks get the full browser', 'browser', {}, both, '/usr/bin/chromium'],
    ['CHROMIUM_PATH wins', 'headless-shell', {CHROMIUM_PATH: '/opt/chrome/chrome'}, both, '/opt/chrome/chrome'],
    ['CHROME_PATH counts as well', 'browser', {CHROME_PATH: '/opt/chrome/chrome'}, both, '/opt/chrome/chrome'],
    ['CHROMIUM_PATH before CHROME_PATH', 'browser', {CHROMIUM_PATH: '/a', CHROME_PATH: '/b'}, both, '/a'],
    ['an empty variable does not count', 'headless-shell', {CHROMIUM_PATH: ''}, both, '/usr/bin/chromium-headless-shell'],
  ])('%s', (_name, build, env, isInstalled, expected) => {
    expect(chromiumExecutable(build, env, isInstalled)).toBe(expected);
  });
});
