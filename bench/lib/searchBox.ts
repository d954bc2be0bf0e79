/**
 * The navbar search box as the benchmarks drive it (src/theme/SearchBar): typing into it and timing,
 * in the page, when suggestions show; and the index requests the page (or its search worker) made
 * before that, with the bytes they transferred.
 */
import type {Browser, Page, Request} from '@playwright/test';
import type {StorageState} from '../../testkit/loginPage';
import {MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {ANSWERED, BOX_CONTAINER, navbarSearch} from '../../testkit/searchBox';

/** Longest wait for an answer before a query counts as dropped. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * A fresh browser context (empty HTTP cache, no worker, nothing loaded) as `state`'s reader, and
 * `settled()`: the requests whose path `logged` picks (the search worker's fetches are the context's,
 * not the page's), once they ended.
 */
export async function freshPage(browser: Browser, state: StorageState, logged: (path: string) => boolean) {
  const context = await browser.newContext({storageState: state});
  // tsx (esbuild's keepNames) wraps functions declared inside `page.evaluate` in a `__name` helper the page lacks.
  await context.addInitScript({content: 'globalThis.__name ??= (value) => value;'});
  const requests: Request[] = [];
  context.on('request', (request) => void (logged(new URL(request.url()).pathname) && requests.push(request)));
  return {context, page: await context.newPage(), settled: () => Promise.all(requests.map(describe))};
}

/** One query typed into the box, timed in the page (ms on the page's clock, `performance.now()`). */
export interface Typed {
  /** The page's clock origin (epoch ms), to compare with request timings. */
  timeOrigin: number;
  firstKeydown: number;
  lastKeydown: number;
  /** The first time anything answered showed: a visible list of suggestions, or an answered status line ("No results…"). */
  firstShown: number;
  /** When the whole query's own answer showed (status answered for the box's full text, nothing pending). */
  finalShown: number;
  /** Mutations of the popup in the settle time after the final answer: the list changed by itself. */
  changesAfterFinal: number;
  /** The final list, top first: each option's first child (the page's title) and its last (its breadcrumbs). */
  options: {title: string; place: string}[];
}

/**
 * Clicks the box and types `text` key by key (`delayMs` between keys), then waits for the answer to
 * the whole text and `settleMs` more (watching the list). Times from the first key's `keydown`
 * (`event.timeStamp`) to what a MutationObserver on the box's container first sees.
 */
export async function typeIntoBox(
  page: Page,
  text: string,
  {delayMs = 0, settleMs = 0}: {delayMs?: number; settleMs?: number} = {},
): Promise<Typed> {
  await page.evaluate(
    ({container, answeredSource, target, timeoutMs, settleMs}) => {
      const root = document.querySelector<HTMLElement>(container)!;
      const input = root.querySelector<HTMLInputElement>('input')!;
      const answered = new RegExp(answeredSource);
      const state = {
        timeOrigin: performance.timeOrigin,
        firstKeydown: Number.NaN,
        lastKeydown: Number.NaN,
        firstShown: Number.NaN,
        finalShown: Number.NaN,
        changesAfterFinal: 0,
      };
      const statusText = () => root.querySelector('[role="status"]')?.textContent ?? '';
      const isAnswered = () => input.getAttribute('aria-busy') !== 'true' && answered.test(statusText());
      const listVisible = () => {
        const listbox = root.querySelector<HTMLElement>('[role="listbox"]');
        return !!listbox && listbox.offsetParent !== null && listbox.querySelector('[role="option"]') !== null;
      };
      const observer = new MutationObserver((records) => {
        if (Number.isNaN(state.firstKeydown)) return;
        const now = performance.now();
        if (!Number.isNaN(state.finalShown)) {
          // Changes of the box's own input (its value, aria-*) are the reader's, not the list's.
          state.changesAfterFinal += records.filter((record) => record.target !== input).length;
          return;
        }
        if (Number.isNaN(state.firstShown) && (listVisible() || isAnswered())) state.firstShown = now;
        if (isAnswered() && input.value === target) state.finalShown = now;
      });
      observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
      input.addEventListener('keydown', (event) => {
        if (Number.isNaN(state.firstKeydown)) state.firstKeydown = event.timeStamp;
        state.lastKeydown = event.timeStamp;
      });
      (window as unknown as {typed: Promise<unknown>}).typed = new Promise((resolve) => {
        const started = performance.now();
        const poll = setInterval(() => {
          const done = !Number.isNaN(state.finalShown) && performance.now() - state.finalShown >= settleMs;
          if (done || performance.now() - started > timeoutMs) {
            clearInterval(poll);
            observer.disconnect();
            const options = Array.from(root.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')).map((option) => ({
              title: option.firstElementChild?.textContent ?? '',
              place: option.lastElementChild?.textContent ?? '',
            }));
            resolve({...state, options: Number.isNaN(state.finalShown) ? [] : options});
          }
        }, 20);
      });
    },
    {
      container: BOX_CONTAINER,
      answeredSource: ANSWERED.source,
      target: text,
      timeoutMs: ANSWER_TIMEOUT_MS + text.length * delayMs,
      settleMs,
    },
  );
  await navbarSearch(page).box.click();
  await page.keyboard.type(text, {delay: delayMs});
  return page.evaluate(() => (window as unknown as {typed: Promise<Typed>}).typed);
}

/**
 * What a typed query waited for: the index requests since the page loaded, or (`sinceKey`, a later
 * query in the same page) those started after its first key. `firstMs` counts a list still shown
 * from an earlier query (the box keeps its last answer); `finalMs` is the whole text's own answer.
 */
export function keystrokeOf(typed: Typed, logged: readonly LoggedRequest[], sinceKey = false) {
  const keyAt = epochOf(typed, typed.firstKeydown);
  const manifest = logged.find((request) => request.path.endsWith(`/${MANIFEST_FILE}`));
  const requests = sinceKey ? logged.filter((request) => request.startedAt >= keyAt) : logged;
  return {
    manifestLoadedBeforeKey: !!manifest && manifest.finishedAt <= keyAt,
    firstMs: msSinceFirstKey(typed, typed.firstShown),
    finalMs: msSinceFirstKey(typed, typed.finalShown),
    lastKeyToFinalMs: Number.isNaN(typed.finalShown) ? null : Math.round((typed.finalShown - typed.lastKeydown) * 10) / 10,
    changesAfterFinal: typed.changesAfterFinal,
    beforeFirst: startedBy(requests, epochOf(typed, typed.firstShown)),
    beforeFinal: startedBy(requests, epochOf(typed, typed.finalShown)),
    encodings: [...new Set(requests.map((request) => request.encoding ?? 'identity'))],
  };
}
/** ms from the first keydown (0.1 ms), or null when it never happened. */
function msSinceFirstKey(typed: Typed, time: number): number | null {
  return Number.isNaN(time) || Number.isNaN(typed.firstKeydown) ? null : Math.round(Math.max(0, time - typed.firstKeydown) * 10) / 10;
}

/** A page time as epoch ms (the clock request timings use); Infinity when it never happened. */
function epochOf(typed: Typed, time: number): number {
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : typed.timeOrigin + time;
}

/** A request as the log keeps it, once finished: epoch ms (`finishedAt` Infinity when it failed or never did), encoded body bytes. */
export interface LoggedRequest {
  path: string;
  startedAt: number;
  finishedAt: number;
  bodyBytes: number;
  encoding: string | null;
}

async function describe(request: Request): Promise<LoggedRequest> {
  const response = await request.response().catch(() => null);
  const sizes = await request.sizes().catch(() => null);
  const timing = request.timing();
  // Chromium reports no body bytes for a worker's own script: its Content-Length says what came.
  const declared = Number((await response?.headerValue('content-length').catch(() => null)) ?? 0);
  return {
    path: new URL(request.url()).pathname,
    startedAt: timing.startTime,
    finishedAt: sizes && timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Number.POSITIVE_INFINITY,
    bodyBytes: sizes?.responseBodySize || declared || 0,
    encoding: (await response?.headerValue('content-encoding').catch(() => null)) ?? null,
  };
}

/** The requests started by `epochMs`, and the bytes they transferred. */
function startedBy(requests: readonly LoggedRequest[], epochMs: number): {files: string[]; bytes: number} {
  const before = requests.filter((request) => request.startedAt <= epochMs);
  return {files: before.map((request) => request.path), bytes: before.reduce((sum, request) => sum + request.bodyBytes, 0)};
}

/**
 * Runs queries one after the other in the page: sets the box's value as a keystroke does (the native
 * setter, so React sees it, then an `input` event) and times from just before that event to the
 * mutation that ends the query's pending state (aria-busy back to false, the answer rendered): the
 * DOM update, before paint. Each query must differ from the one before (the box does not search an
 * unchanged text).
 */
export async function queryLatencies(
  page: Page,
  queries: readonly string[],
): Promise<{latenciesMs: number[]; timedOut: number; withResults: number}> {
  await navbarSearch(page).box.focus();
  return page.evaluate(
    async ({queries, container, timeoutMs}) => {
      const root = document.querySelector<HTMLElement>(container)!;
      const input = root.querySelector<HTMLInputElement>('input')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const latenciesMs: number[] = [];
      let timedOut = 0;
      let withResults = 0;
      for (const query of queries) {
        let busy = false;
        let resolveAnswered!: (time: number) => void;
        const answered = new Promise<number>((resolve) => (resolveAnswered = resolve));
        const observer = new MutationObserver(() => {
          const now = performance.now();
          if (input.getAttribute('aria-busy') === 'true') busy = true;
          else if (busy) resolveAnswered(now);
        });
        observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
        const started = performance.now();
        setValue.call(input, query);
        input.dispatchEvent(new Event('input', {bubbles: true}));
        const ended = await Promise.race([answered, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), timeoutMs))]);
        observer.disconnect();
        if (Number.isNaN(ended)) timedOut++;
        else latenciesMs.push(ended - started);
        if (root.querySelector('[role="option"]')) withResults++;
        // Let the popup settle before the next query.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }
      return {latenciesMs, timedOut, withResults};
    },
    {queries, container: BOX_CONTAINER, timeoutMs: ANSWER_TIMEOUT_MS},
  );
}
