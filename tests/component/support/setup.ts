/**
 * Every component test file: Testing Library's matchers, a page emptied after each test, and what the
 * site's code takes from the browser that jsdom has not: its search worker (the fake of searchWorker.ts),
 * the gate (gate.ts, through `fetch`), beacons (beacons.ts), Docusaurus's prefetching, and scrolling. A
 * test fails on a console error it did not expect (React's warnings; jsdom's "not implemented" for a page
 * the code tried to leave to), as the browser tests' error guard fails them.
 */
import '@testing-library/jest-dom/vitest';
import {cleanup, configure} from '@testing-library/react';
import {afterEach, beforeEach, expect, vi} from 'vitest';
import {installBeacons, resetBeacons} from './beacons';
import {firebase} from './firebaseAuth';
import {gate} from './gate';
import {FakeSearchWorker, resetSearchWorker} from './searchWorker';

// A wait is for what the page shows; its bound only tells a hang, which a busy machine must not reach (Testing
// Library's 1 s can be): under the test's own (vitest.config.ts).
configure({asyncUtilTimeout: 20_000});

vi.stubGlobal('Worker', FakeSearchWorker);
vi.stubGlobal('fetch', gate.fetch);
installBeacons();
// Docusaurus's client entry sets it; the pages' code is not loaded here, so there is nothing to fetch ahead.
window.docusaurus = {prefetch: () => Promise.resolve(false), preload: () => Promise.resolve(false)} as unknown as typeof window.docusaurus;
// jsdom lays nothing out, so it scrolls nothing.
Element.prototype.scrollIntoView = () => undefined;

let consoleErrors: unknown[][] = [];
let expected: RegExp[] = [];

/** jsdom's word for a page the code left for another (window.location.replace): it loads none. */
const NAVIGATION = /Not implemented: navigation/;

/** How many times this test's page left for another address: expected, jsdom's error says so and no more. */
export function pagesLeft(): number {
  expected.push(NAVIGATION);
  return consoleErrors.filter((args) => NAVIGATION.test(args.map(String).join(' '))).length;
}

/** The console errors this test makes on purpose (the code logs a failure for the operator). */
export function expectConsoleErrors(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

beforeEach(() => {
  consoleErrors = [];
  expected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  gate.reset();
  firebase.reset();
  resetSearchWorker();
  resetBeacons();
  const unexpected = consoleErrors
    .map((args) => args.map(String).join(' '))
    .filter((text) => !expected.some((pattern) => pattern.test(text)));
  expect(unexpected, 'console errors').toEqual([]);
});
