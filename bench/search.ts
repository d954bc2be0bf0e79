/**
 * Benchmark 3: local search on the corpus build (precompressed, as production serves it), served by
 * the gate to a signed-in reader, from every kind of page of either version: a doc in a section, a
 * doc outside every section, the home page and the search page. For each: the index bytes
 * transferred, the wait for the first suggestions (index not loaded yet, and loaded), and the
 * latency of 200 queries once the index is loaded.
 */
import type {Browser, Page, Request} from '@playwright/test';
import path from 'node:path';
import {SEARCHABLE_WORDS, seededRandom} from './corpus';
import {isSearchIndex, OUTLINE_INDEX, WHOLE_INDEX} from '../shared/searchIndexFiles';
import {launchBrowser, signedInState, type StorageState} from './lib/browser';
import {listBuildFiles} from '../shared/buildLayout';
import {indexStats, searchIndexFiles, type IndexStats} from './lib/buildOutput';
import {gateBuildLayout} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {Resources} from './lib/processes';
import {kib, median, percentile, round} from './lib/stats';
import {goalCell, note, printTable, Report, type Cell} from './lib/report';
import {startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';

const FIRST_KEYSTROKE_RUNS = 3;
const QUERIES = 200;
const WARM_P95_GOAL_MS = 16;
const COLD_GOAL_MS = 300;
/** Index bytes a page may transfer (as sent: brotli) before its first suggestions. */
const TRANSFER_GOAL_BYTES = 1_000_000;
/** Longest wait for suggestions before a keystroke counts as dropped. */
const SUGGESTIONS_TIMEOUT_MS = 10_000;

/** 200 queries, the same on every run: three in four one word, the rest two. */
export function queryList(count = QUERIES): string[] {
  const random = seededRandom(7);
  const word = () => SEARCHABLE_WORDS[Math.floor(random() * SEARCHABLE_WORDS.length)]!;
  const queries: string[] = [];
  while (queries.length < count) {
    const query = random() < 0.75 ? word() : `${word()} ${word()}`;
    // autocomplete.js does not run a query equal to the one before it.
    if (query !== queries.at(-1)) queries.push(query);
  }
  return queries;
}

interface FirstKeystroke {
  /** The box was a combobox (index loaded) when the key went down: then this was not a cold start. */
  indexReadyBeforeKey: boolean;
  /** From keydown to the box becoming a combobox. */
  indexReadyMs: number | null;
  /** From keydown to suggestions in a visible listbox; null when they never came. */
  suggestionsMs: number | null;
  /** When they were shown, on the clock requests are timed by (Infinity when never). */
  shownAtEpochMs: number;
  /** Cold runs: the index files the page asked for until the suggestions came. */
  indexesFetched?: string[];
  /** Cold runs: the bytes of those files as transferred (encoded body). */
  indexBytesTransferred?: number;
}

/**
 * Presses `key` in the search box and times, in the page, from the keydown event to the listbox
 * being visible with suggestions (or "No results") in it.
 */
async function firstKeystroke(page: Page, key: string): Promise<FirstKeystroke> {
  await page.evaluate((timeoutMs) => {
    const input = document.querySelector<HTMLInputElement>('input.navbar__search-input')!;
    const state = {keydown: Number.NaN, readyAtKey: false, ready: Number.NaN, shown: Number.NaN, timeOrigin: performance.timeOrigin};
    // Inline callbacks only: tsx names declared functions with a helper the page does not have.
    const observer = new MutationObserver(() => {
      if (Number.isNaN(state.keydown)) return;
      if (Number.isNaN(state.ready) && input.getAttribute('role') === 'combobox') state.ready = performance.now();
      const listbox = document.querySelector<HTMLElement>('[role="listbox"]');
      if (Number.isNaN(state.shown) && listbox && listbox.offsetParent !== null && listbox.textContent !== '')
        state.shown = performance.now();
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    input.addEventListener(
      'keydown',
      (event) => {
        state.keydown = event.timeStamp;
        state.readyAtKey = input.getAttribute('role') === 'combobox';
      },
      {once: true},
    );
    (window as unknown as {firstKeystroke: Promise<typeof state>}).firstKeystroke = new Promise((resolve) => {
      const started = performance.now();
      const poll = setInterval(() => {
        if (!Number.isNaN(state.shown) || performance.now() - started > timeoutMs) {
          clearInterval(poll);
          observer.disconnect();
          resolve(state);
        }
      }, 20);
    });
  }, SUGGESTIONS_TIMEOUT_MS);
  const box = page.locator('input.navbar__search-input');
  await box.click();
  await page.keyboard.press(key);
  const state = await page.evaluate(
    () =>
      (
        window as unknown as {
          firstKeystroke: Promise<{keydown: number; readyAtKey: boolean; ready: number; shown: number; timeOrigin: number}>;
        }
      ).firstKeystroke,
  );
  const since = (time: number) => (Number.isNaN(time) ? null : round(Math.max(0, time - state.keydown), 1));
  return {
    indexReadyBeforeKey: state.readyAtKey,
    indexReadyMs: state.readyAtKey ? 0 : since(state.ready),
    suggestionsMs: since(state.shown),
    shownAtEpochMs: Number.isNaN(state.shown) ? Number.POSITIVE_INFINITY : state.timeOrigin + state.shown,
  };
}

/**
 * Runs every query in the page: sets the box's value as a keystroke does (the native setter, so
 * React sees it, then an `input` event) and times from just before that event to the first
 * mutation of the listbox's subtree after it, i.e. autocomplete.js rendering the suggestions
 * for that query (the search runs in the plugin's web worker in between). Before paint.
 */
async function queryLatencies(
  page: Page,
  queries: readonly string[],
): Promise<{latenciesMs: number[]; timedOut: number; withResults: number}> {
  return page.evaluate(
    async ({queries, timeoutMs}) => {
      const input = document.querySelector<HTMLInputElement>('input.navbar__search-input')!;
      const listbox = document.querySelector<HTMLElement>('[role="listbox"]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const latenciesMs: number[] = [];
      let timedOut = 0;
      let withResults = 0;
      for (const query of queries) {
        let resolveMutation!: (time: number) => void;
        const mutated = new Promise<number>((resolve) => (resolveMutation = resolve));
        const observer = new MutationObserver(() => resolveMutation(performance.now()));
        observer.observe(listbox, {subtree: true, childList: true, attributes: true, characterData: true});
        const started = performance.now();
        setValue.call(input, query);
        input.dispatchEvent(new Event('input', {bubbles: true}));
        // Changes made while the event was dispatched are not the suggestions: drop them.
        observer.takeRecords();
        const ended = await Promise.race([mutated, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), timeoutMs))]);
        observer.disconnect();
        if (Number.isNaN(ended)) timedOut++;
        else latenciesMs.push(ended - started);
        // Let the dropdown settle (show/hide) before the next query.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (listbox.querySelector('[role="option"]')) withResults++;
      }
      return {latenciesMs, timedOut, withResults};
    },
    {queries, timeoutMs: SUGGESTIONS_TIMEOUT_MS},
  );
}

export interface PageSearch {
  name: string;
  route: string;
  cold: Summary;
  /** The key after the first: outside sections, while the whole index loads. */
  next: Summary;
  warm: Summary;
  perQuery: PerQuery;
  goalsMet: {transfer: boolean; cold: boolean; warmP95: boolean};
  /** Every index file the cold runs asked for. */
  indexesFetched: string[];
  /** The most index bytes a cold run transferred. */
  indexBytesTransferred: number;
}

type Summary = ReturnType<typeof summarize>;

function summarize(samples: FirstKeystroke[]) {
  const answered = samples.flatMap((sample) => (sample.suggestionsMs === null ? [] : [sample.suggestionsMs]));
  return {
    runs: samples.length,
    answered: answered.length,
    indexAlreadyLoaded: samples.filter((sample) => sample.indexReadyBeforeKey).length,
    medianSuggestionsMs: answered.length > 0 ? round(median(answered), 1) : null,
    medianIndexReadyMs: round(median(samples.flatMap((sample) => (sample.indexReadyMs === null ? [] : [sample.indexReadyMs]))), 1),
    samples,
  };
}

interface PerQuery {
  queries: number;
  measured: number;
  timedOut: number;
  withResults: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  latenciesMs: number[];
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** Resolves when every worker of the page is idle: done with what it was parsing or searching. */
async function whenWorkersIdle(page: Page): Promise<void> {
  await Promise.all(page.workers().map((worker) => worker.evaluate(() => undefined)));
}

/** Waits for the response of `file` (unless `finished` already holds it), then for the workers to have parsed it. */
async function whenLoaded(page: Page, finished: readonly Request[], file: string): Promise<void> {
  if (!finished.some((request) => pathOf(request) === file))
    await page.waitForEvent('requestfinished', {predicate: (request) => pathOf(request) === file, timeout: SUGGESTIONS_TIMEOUT_MS});
  await whenWorkersIdle(page);
}

/** Cold and warm first keystrokes on `route` (a fresh browser context each run), and the 200 queries once. */
export async function searchOnPage(
  browser: Browser,
  state: StorageState,
  origin: string,
  name: string,
  route: string,
  runs: number,
): Promise<PageSearch> {
  const cold: FirstKeystroke[] = [];
  const next: FirstKeystroke[] = [];
  const warm: FirstKeystroke[] = [];
  let latencies: Awaited<ReturnType<typeof queryLatencies>> | undefined;
  const letters = 'sctpdr';
  for (let run = 0; run < runs; run++) {
    // A fresh context: empty HTTP cache, no worker, nothing loaded.
    const context = await browser.newContext({storageState: state});
    try {
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => isSearchIndex(pathOf(request)) && requests.push(request));
      // The reader types as soon as the page has loaded: cold, unless the site loaded the index before.
      await page.goto(`${origin}${route}`, {waitUntil: 'load'});
      const keystroke = await firstKeystroke(page, letters[run % letters.length]!);
      // What the first suggestions waited for: the requests made before they were shown (outside
      // sections the whole index is asked for right after).
      const before = requests.filter((request) => request.timing().startTime <= keystroke.shownAtEpochMs);
      const sizes = await Promise.all(before.map((request) => request.sizes()));
      cold.push({
        ...keystroke,
        indexesFetched: before.map(pathOf),
        indexBytesTransferred: sizes.reduce((sum, size) => sum + size.responseBodySize, 0),
      });
      // The reader clears the box and starts again: outside sections the whole index is loading now
      // (it is asked for after the outline's answer to the first key).
      const again = async () => {
        await page.keyboard.press('Escape');
        await page.locator('input.navbar__search-input').fill('');
        await page.locator('h1').click();
        return firstKeystroke(page, letters[(run + 1) % letters.length]!);
      };
      next.push(await again());
      // Warm: every index the box loads has loaded; outside sections that is the whole index too,
      // and one more search, answered by its worker, tells the box so.
      const outline = requests.map(pathOf).find((file) => path.posix.basename(file) === OUTLINE_INDEX);
      if (outline) await whenLoaded(page, requests, path.posix.join(path.posix.dirname(outline), WHOLE_INDEX));
      await again();
      await whenWorkersIdle(page);
      warm.push(await again());
      if (run === 0) latencies = await queryLatencies(page, queryList());
    } finally {
      await context.close();
    }
  }
  const perQuery: PerQuery = {
    queries: QUERIES,
    measured: latencies!.latenciesMs.length,
    timedOut: latencies!.timedOut,
    withResults: latencies!.withResults,
    p50Ms: round(percentile(latencies!.latenciesMs, 50), 1),
    p95Ms: round(percentile(latencies!.latenciesMs, 95), 1),
    maxMs: round(Math.max(...latencies!.latenciesMs), 1),
    latenciesMs: latencies!.latenciesMs.map((latency) => round(latency, 2)),
  };
  const coldSummary = summarize(cold);
  const indexesFetched = [...new Set(cold.flatMap((sample) => sample.indexesFetched ?? []))];
  const indexBytesTransferred = Math.max(...cold.map((sample) => sample.indexBytesTransferred ?? 0));
  const goalsMet = {
    transfer: indexBytesTransferred <= TRANSFER_GOAL_BYTES,
    cold: coldSummary.answered === cold.length && coldSummary.medianSuggestionsMs! < COLD_GOAL_MS,
    warmP95: perQuery.p95Ms < WARM_P95_GOAL_MS,
  };
  note(
    `${name}: ${kib(indexBytesTransferred)} KiB of index (${indexesFetched.join(', ')}), cold ${coldSummary.medianSuggestionsMs} ms, per query p95 ${perQuery.p95Ms} ms`,
  );
  return {
    name,
    route,
    cold: coldSummary,
    next: summarize(next),
    warm: summarize(warm),
    perQuery,
    goalsMet,
    indexesFetched,
    indexBytesTransferred,
  };
}

function pageLabel({name, route}: PageSearch): string {
  return `${name}: ${route}`;
}

function keystrokeRow(result: PageSearch, index: string, summary: Summary, goal: string): Cell[] {
  return [
    pageLabel(result),
    index,
    `${summary.answered}/${summary.runs}`,
    summary.indexAlreadyLoaded,
    summary.medianIndexReadyMs,
    summary.medianSuggestionsMs,
    goal,
  ];
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('search');
  const corpus = await workspace.corpusBuild();
  const {site} = gateBuildLayout(corpus.buildDir);
  const indexes: IndexStats[] = searchIndexFiles(listBuildFiles(site)).map((file) => indexStats(site, file));
  const versions = [
    {version: 'current (/)', files: indexes.filter((index) => !index.file.startsWith('1.0/'))},
    {version: '1.0 (/1.0)', files: indexes.filter((index) => index.file.startsWith('1.0/'))},
  ];
  // A generated doc searches its section's index; our own docs (in no section), the home page and
  // the search page search the whole version's.
  const [currentInSection, olderInSection] = corpus.summary.sampleRoutes;
  const pages = [
    {name: '2.0, doc in a section', route: currentInSection!},
    {name: '1.0, doc in a section', route: olderInSection!},
    {name: '2.0, doc outside every section', route: '/chapter-1-introduction'},
    {name: '1.0, doc outside every section', route: '/1.0/chapter-1-introduction'},
    {name: 'home page', route: '/'},
    {name: 'search page', route: '/search'},
  ];

  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(corpus.buildDir, PORTS.gate));
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const state = await signedInState(browser, gate.origin);
    const results: PageSearch[] = [];
    for (const page of pages) results.push(await searchOnPage(browser, state, gate.origin, page.name, page.route, FIRST_KEYSTROKE_RUNS));

    printTable(
      `Search indexes of the corpus (${corpus.summary.docsPerVersion} docs per version; one per section, and one per version with every page)`,
      ['Version', 'File', 'Pages', 'Raw KiB', 'gzip -9 KiB', 'Pages indexed empty'],
      versions.flatMap(({version, files}) =>
        files.map((index) => [version, index.file, index.pages, kib(index.bytes), kib(index.gzipBytes), index.emptyPages]),
      ),
    );
    printTable(
      'Index transferred before the first suggestions (most of the cold runs; as sent, brotli)',
      ['Page', 'Index files', 'KiB transferred', `Goal ≤ ${kib(TRANSFER_GOAL_BYTES)} KiB`],
      results.map((result) => [
        pageLabel(result),
        result.indexesFetched.join(' '),
        kib(result.indexBytesTransferred),
        goalCell(result.goalsMet.transfer),
      ]),
    );
    printTable(
      'First keystroke (ms from keydown; fresh browser context each run)',
      ['Page', 'Index', 'Answered', 'Index already loaded', 'Median: index ready', 'Median: suggestions shown', `Goal < ${COLD_GOAL_MS}`],
      results.flatMap((result) => [
        keystrokeRow(result, 'cold (typed right after load)', result.cold, goalCell(result.goalsMet.cold)),
        keystrokeRow(result, 'next key (whole index loading)', result.next, '—'),
        keystrokeRow(result, 'warm (every index loaded)', result.warm, '—'),
      ]),
    );
    printTable(
      `${QUERIES} queries, index loaded: input event → listbox DOM updated with that query's suggestions (before paint)`,
      ['Page', 'Measured', 'Timed out', 'With results', 'p50 ms', 'p95 ms', 'max ms', `Goal p95 < ${WARM_P95_GOAL_MS}`],
      results.map(({name, perQuery, goalsMet}) => [
        name,
        perQuery.measured,
        perQuery.timedOut,
        perQuery.withResults,
        perQuery.p50Ms,
        perQuery.p95Ms,
        perQuery.maxMs,
        goalCell(goalsMet.warmP95),
      ]),
    );
    note('Cold: the first key is pressed in the box as soon as the page fires `load`. "Index ready" is when autocomplete.js');
    note('makes the box a combobox; a key pressed before that is only answered if the site replays it. On loopback');
    note('the transfer is not what limits: the bytes are reported for real networks.');
    const empty = indexes.reduce((sum, index) => sum + index.emptyPages, 0);
    if (empty > 0) note(`WARNING: ${empty} pages are indexed empty (see BENCHMARKS.md, "Problems found").`);

    report.write({
      chromium: browser.version(),
      corpus: corpus.summary,
      goals: {transferBytesAtMost: TRANSFER_GOAL_BYTES, coldMsBelow: COLD_GOAL_MS, warmP95MsBelow: WARM_P95_GOAL_MS},
      goalsMet: Object.fromEntries(results.map((result) => [result.name, result.goalsMet])),
      indexes: versions.map(({version, files}) => ({
        version,
        bytes: files.reduce((sum, index) => sum + index.bytes, 0),
        gzipBytes: files.reduce((sum, index) => sum + index.gzipBytes, 0),
        files,
      })),
      pages: results,
    });
  } finally {
    await resources.close();
  }
}
