/**
 * The navbar search box (src/theme/SearchBar) as the benchmarks drive it: queries typed into it and
 * timed in the page, and the index requests made before each answer showed, with their bytes. A box
 * of another engine with the same roles (bench/pagefind-box.html) is driven the same way.
 */
import type {Browser, BrowserContextOptions, Page, Request} from '@playwright/test';
import {isSearchIndex} from '../../contracts/searchIndexFiles';
import {signedInState} from '../../testkit/loginPage';
import {ANSWERED, BOX_CONTAINER, navbarSearch} from '../../testkit/searchBox';
import {withResources} from './processes';
import {sum} from './stats';
import {launchBrowser, startBenchGate, type Credentials} from './servers';

/** Longest wait for an answer before a query counts as never answered. */
const ANSWER_TIMEOUT_MS = 10_000;

/** When an index request started (epoch ms) and the body bytes it transferred, once finished. */
async function describe(request: Request): Promise<{startedAt: number; bodyBytes: number}> {
  const response = await request.response().catch(() => null);
  const sizes = await request.sizes().catch(() => null);
  // Chromium reports no body bytes for a worker's own script: its Content-Length says what came.
  const declared = Number((await response?.headerValue('content-length').catch(() => null)) ?? 0);
  return {startedAt: request.timing().startTime, bodyBytes: sizes?.responseBodySize || declared || 0};
}

/** A query as the box answered it; times on the page's clock. */
export interface Answer {
  /** Epoch ms of the answer (Infinity when none came), to compare with request timings. */
  answeredAt: number;
  /** From the last key to the answer; null when none came. */
  ms: number | null;
  /** Mutations of the popup in the settle time after the answer: the list changed by itself. */
  changesAfter: number;
  /**
   * The pages suggested, top first: each group's first option, its first child (the page's title), its
   * last (its breadcrumbs) and the path it links to.
   */
  options: {title: string; place: string; path: string}[];
}

type Typing = {keyDelayMs?: number; settleMs?: number};

/**
 * Types each query into the box, one after the other: key by key `keyDelayMs` apart, or whole (0).
 * A key sets the box's value as typing does (the native setter, so React sees it, then an `input`
 * event); its time runs to the mutation that shows the whole text answered (the DOM update, before
 * paint), then the list is watched for `settleMs`. Each query must differ from the one before (the
 * box does not search an unchanged text).
 */
async function typeQueries(page: Page, queries: readonly string[], {keyDelayMs = 0, settleMs = 0}: Typing = {}): Promise<Answer[]> {
  await navbarSearch(page).box.focus();
  return page.evaluate(
    async ({queries, container, answeredSource, keyDelayMs, settleMs, timeoutMs}) => {
      const root = document.querySelector<HTMLElement>(container)!;
      const input = root.querySelector<HTMLInputElement>('input')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const answered = new RegExp(answeredSource);
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const results = [];
      for (const query of queries) {
        const keys = keyDelayMs > 0 ? Array.from(query, (_, i) => query.slice(0, i + 1)) : [query];
        let [lastKey, answeredAt, changesAfter] = [Number.NaN, Number.NaN, 0];
        const observer = new MutationObserver((records) => {
          const status = root.querySelector('[role="status"]')?.textContent ?? '';
          // Changes of the box's own input (its value, aria-*) are the reader's, not the list's.
          if (!Number.isNaN(answeredAt)) changesAfter += records.filter((record) => record.target !== input).length;
          else if (input.value === query && input.getAttribute('aria-busy') !== 'true' && answered.test(status))
            answeredAt = performance.now();
        });
        observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
        for (const [i, text] of keys.entries()) {
          if (i > 0) await sleep(keyDelayMs);
          lastKey = performance.now();
          setValue.call(input, text);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
        while (Number.isNaN(answeredAt) && performance.now() - lastKey < timeoutMs) await sleep(10);
        await sleep(settleMs);
        // Let the popup settle before the next query.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        observer.disconnect();
        // A group is a page; the options after its first are more of its sections.
        const options = Array.from(
          root.querySelectorAll<HTMLElement>('[role="listbox"] [role="group"] > [role="option"]:first-child'),
          (option) => ({
            title: option.firstElementChild?.textContent ?? '',
            place: option.lastElementChild?.textContent ?? '',
            path: new URL(option.getAttribute('href') ?? '', location.href).pathname,
          }),
        );
        const done = !Number.isNaN(answeredAt);
        results.push({
          answeredAt: done ? performance.timeOrigin + answeredAt : Number.POSITIVE_INFINITY,
          ms: done ? answeredAt - lastKey : null,
          changesAfter,
          options: done ? options : [],
        });
      }
      return results;
    },
    {queries, container: BOX_CONTAINER, answeredSource: ANSWERED.source, keyDelayMs, settleMs, timeoutMs: ANSWER_TIMEOUT_MS},
  );
}

export type Searched = Answer & {
  /** Index bytes (as sent) of the requests started before the answer showed, since the page's load. */
  indexBytes: number;
};
export type SearchFrom = (route: string, queries: readonly string[], options?: Typing) => Promise<Searched[]>;

/**
 * Searches pages of `origin` in `browser`: each call opens `route` in a fresh browser context (empty
 * HTTP cache, no search worker; `storageState`: a signed-in reader's) and types the queries right after
 * its `load`. `isIndex`: which request paths are the engine's index. A search worker's fetches are the
 * context's, not the page's.
 */
export function searcher(
  browser: Browser,
  origin: string,
  isIndex: (path: string) => boolean,
  storageState?: BrowserContextOptions['storageState'],
): SearchFrom {
  return (route, queries, options) =>
    withResources(async (add) => {
      const context = add(await browser.newContext({storageState}));
      // tsx (esbuild's keepNames) wraps functions declared inside `page.evaluate` in a `__name` helper the page lacks.
      await context.addInitScript({content: 'globalThis.__name ??= (value) => value;'});
      const requests: Request[] = [];
      context.on('request', (request) => void (isIndex(new URL(request.url()).pathname) && requests.push(request)));
      const page = await context.newPage();
      await page.goto(`${origin}${route}`, {waitUntil: 'load'});
      const answers = await typeQueries(page, queries, options);
      const logged = await Promise.all(requests.map(describe));
      const bytesBy = (epochMs: number) => sum(logged.map((r) => (r.startedAt <= epochMs ? r.bodyBytes : 0)));
      return answers.map((answer) => ({...answer, indexBytes: bytesBy(answer.answeredAt)}));
    });
}

/** Who searches: the demo reader unless another's credentials, through a gate with these settings (a readers file). */
export type Searcher = {reader?: Credentials; gateEnv?: Record<string, string>};

/** Serves `buildDir` through the gate to a signed-in reader, and lends `use` a way to search its pages (`searcher`). */
export function withSearch<T>(
  buildDir: string,
  use: (searchFrom: SearchFrom) => Promise<T>,
  {reader, gateEnv = {}}: Searcher = {},
): Promise<T & {chromium: string}> {
  return withResources(async (add) => {
    const gate = add(await startBenchGate(buildDir, gateEnv));
    const browser = add(await launchBrowser());
    const state = await signedInState(browser, gate.origin, undefined, reader);
    const result = await use(searcher(browser, gate.origin, isSearchIndex, state));
    return {...result, chromium: browser.version()};
  });
}
