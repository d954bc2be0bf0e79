/**
 * Benchmark 3: local search on the corpus build (precompressed, as production serves it), served by
 * the gate to a signed-in reader, from every kind of page of either version: a doc in a section, a
 * doc outside every section, the home page and the search page. Each version's index is a manifest
 * (loaded while the page is idle) and content-hashed parts that a query loads as it needs them
 * (shared/searchIndexFiles.ts). For each page: the index bytes transferred before the first
 * suggestions and before the final list, the wait for them (cold, the next key, warm), and the
 * latency of 200 queries; and a cold two-word query, whose words each load their own term part.
 */
import type {Browser} from '@playwright/test';
import {SEARCHABLE_WORDS, seededRandom} from './corpus';
import {isSearchIndex, MANIFEST_FILE, PARTS_DIR} from '../shared/searchIndexFiles';
import {launchBrowser, signedInState, type StorageState} from './lib/browser';
import {searchIndexStats, type VersionIndexStats} from './lib/buildOutput';
import {gateBuildLayout} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {Resources} from './lib/processes';
import {kib, median, percentile, round} from './lib/stats';
import {goalCell, note, printTable, Report, type Cell} from './lib/report';
import {
  allowNamedFunctions,
  BOX_INPUT,
  epochOf,
  msSinceFirstKey,
  queryLatencies,
  RequestLog,
  startedBy,
  typeIntoBox,
  type LoggedRequest,
  type Typed,
} from './lib/searchBox';
import {startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';

const FIRST_KEYSTROKE_RUNS = 3;
const QUERIES = 200;
const WARM_P95_GOAL_MS = 16;
const COLD_GOAL_MS = 300;
/** Index bytes a page may transfer (as sent: brotli) before its first suggestions. */
const TRANSFER_GOAL_BYTES = 1_000_000;
/** How long the list is watched once shown: one answer per query, so it should not change. */
const SETTLE_MS = 300;

/** 200 queries, the same on every run: three in four one word, the rest two. */
export function queryList(count = QUERIES): string[] {
  const random = seededRandom(7);
  const word = () => SEARCHABLE_WORDS[Math.floor(random() * SEARCHABLE_WORDS.length)]!;
  const queries: string[] = [];
  while (queries.length < count) {
    const query = random() < 0.75 ? word() : `${word()} ${word()}`;
    // The box does not search a text equal to the one before it.
    if (query !== queries.at(-1)) queries.push(query);
  }
  return queries;
}

/** Two corpus words far apart in the sorted terms (the first and the last): each loads its own term part. */
export function twoWordQuery(): string {
  const sorted = [...SEARCHABLE_WORDS].sort();
  return `${sorted[0]} ${sorted.at(-1)}`;
}

/** One query typed (or pasted) into the box, and what it waited for. */
export interface Keystroke {
  text: string;
  /** The version's manifest had finished loading (the box prepares it while the page is idle) when the first key went down. */
  manifestLoadedBeforeKey: boolean;
  /**
   * From the first key's keydown to the first list (or "No results") shown; null when none came. A
   * list still shown from an earlier query counts (the box keeps its last answer): on a fresh page
   * there is none, and for one key this is `finalMs`.
   */
  firstMs: number | null;
  /** To the whole text's own answer: its suggestions, or "No results". */
  finalMs: number | null;
  /** Mutations of the list after its final answer, in the settle time (should be 0: one answer per query). */
  changesAfterFinal: number;
  options: number;
  /** Index requests (manifest, parts) started before the first suggestions, and their bytes as transferred (encoded body). */
  beforeFirst: {files: string[]; bytes: number};
  /** The same, before the final list. */
  beforeFinal: {files: string[]; bytes: number};
  /** Content-Encoding of the index responses. */
  encodings: string[];
}

/**
 * What a typed query waited for, from the page's timings and the context's index requests: all of
 * them since the page loaded, or (`sinceKey`, for a later query in the same page) those started
 * after its first key.
 */
export function keystrokeOf(typed: Typed, text: string, logged: readonly LoggedRequest[], sinceKey = false): Keystroke {
  const keyAt = epochOf(typed, typed.firstKeydown);
  const manifest = logged.find((request) => request.path.endsWith(`/${MANIFEST_FILE}`));
  const requests = sinceKey ? logged.filter((request) => request.startedAt >= keyAt) : logged;
  const ms = (time: number) => {
    const since = msSinceFirstKey(typed, time);
    return since === null ? null : round(since, 1);
  };
  return {
    text,
    manifestLoadedBeforeKey: !!manifest && manifest.finishedAt <= keyAt,
    firstMs: ms(typed.firstShown),
    finalMs: ms(typed.finalShown),
    changesAfterFinal: typed.changesAfterFinal,
    options: typed.options.length,
    beforeFirst: startedBy(requests, epochOf(typed, typed.firstShown)),
    beforeFinal: startedBy(requests, epochOf(typed, typed.finalShown)),
    encodings: [...new Set(requests.map((request) => request.encoding ?? 'identity'))],
  };
}

type Summary = ReturnType<typeof summarize>;

function summarize(samples: Keystroke[]) {
  const first = samples.flatMap((sample) => sample.firstMs ?? []);
  const final = samples.flatMap((sample) => sample.finalMs ?? []);
  return {
    runs: samples.length,
    answered: final.length,
    manifestLoadedBeforeKey: samples.filter((sample) => sample.manifestLoadedBeforeKey).length,
    medianFirstMs: first.length > 0 ? round(median(first), 1) : null,
    medianFinalMs: final.length > 0 ? round(median(final), 1) : null,
    /** The most index bytes a run transferred before its first suggestions, and before its final list. */
    maxBytesBeforeFirst: Math.max(0, ...samples.map((sample) => sample.beforeFirst.bytes)),
    maxBytesBeforeFinal: Math.max(0, ...samples.map((sample) => sample.beforeFinal.bytes)),
    /** The most parts a run fetched before its final list. */
    maxPartsBeforeFinal: Math.max(0, ...samples.map((sample) => sample.beforeFinal.files.filter(isPart).length)),
    changedAfterFinal: samples.filter((sample) => sample.changesAfterFinal > 0).length,
    samples,
  };
}

const isPart = (file: string) => file.startsWith(`/${PARTS_DIR}/`);

interface PerQuery {
  pass: string;
  queries: number;
  measured: number;
  timedOut: number;
  withResults: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  latenciesMs: number[];
}

function perQuery(pass: string, latencies: Awaited<ReturnType<typeof queryLatencies>>): PerQuery {
  return {
    pass,
    queries: QUERIES,
    measured: latencies.latenciesMs.length,
    timedOut: latencies.timedOut,
    withResults: latencies.withResults,
    p50Ms: round(percentile(latencies.latenciesMs, 50), 1),
    p95Ms: round(percentile(latencies.latenciesMs, 95), 1),
    maxMs: round(Math.max(...latencies.latenciesMs), 1),
    latenciesMs: latencies.latenciesMs.map((latency) => round(latency, 2)),
  };
}

export interface PageSearch {
  name: string;
  route: string;
  /** One letter typed as soon as the page fired `load` (fresh browser context). */
  cold: Summary;
  /** Another letter right after: the manifest is loaded, its parts may not be. */
  next: Summary;
  /** The cold run's letter again: its parts are loaded, only the search and the rendering are left. */
  warm: Summary;
  /** The 200 queries: as they come (parts loaded as needed), then again (every part they need loaded). */
  perQuery: {firstPass: PerQuery; loaded: PerQuery};
  goalsMet: {transfer: boolean; cold: boolean; warmP95: boolean};
  /** Every index file the cold runs asked for before their final list. */
  indexesFetched: string[];
}

/** A fresh browser context (empty HTTP cache, no worker, nothing loaded) as the signed-in reader, logging index requests. */
async function freshPage(browser: Browser, state: StorageState) {
  const context = await browser.newContext({storageState: state});
  await allowNamedFunctions(context);
  const log = new RequestLog(context, isSearchIndex);
  const page = await context.newPage();
  return {context, page, log};
}

/** Closes the popup and empties the box, then leaves it, as a reader starting again. */
async function clearBox(page: Awaited<ReturnType<typeof freshPage>>['page']): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator(BOX_INPUT).fill('');
  await page.locator('h1').first().click();
}

/** Cold, next and warm keystrokes on `route` (a fresh browser context each run), and the 200 queries once. */
export async function searchOnPage(
  browser: Browser,
  state: StorageState,
  origin: string,
  name: string,
  route: string,
  runs: number,
): Promise<PageSearch> {
  const cold: Keystroke[] = [];
  const next: Keystroke[] = [];
  const warm: Keystroke[] = [];
  let firstPass: PerQuery | undefined;
  let loaded: PerQuery | undefined;
  const letters = 'sctpdr';
  for (let run = 0; run < runs; run++) {
    const {context, page, log} = await freshPage(browser, state);
    try {
      // The reader types as soon as the page has loaded: the manifest may or may not be loaded by then.
      await page.goto(`${origin}${route}`, {waitUntil: 'load'});
      const letter = letters[run % letters.length]!;
      const typed = await typeIntoBox(page, letter, {settleMs: SETTLE_MS});
      cold.push(keystrokeOf(typed, letter, await log.settled()));
      // Another letter: the manifest is loaded now, that letter's parts perhaps not.
      const other = letters[(run + 1) % letters.length]!;
      await clearBox(page);
      next.push(keystrokeOf(await typeIntoBox(page, other), other, await log.settled(), true));
      // The first letter again: its parts are loaded.
      await clearBox(page);
      warm.push(keystrokeOf(await typeIntoBox(page, letter), letter, await log.settled(), true));
      if (run === 0) {
        const queries = queryList();
        firstPass = perQuery('as they come (parts load as needed)', await queryLatencies(page, queries));
        loaded = perQuery('again (their parts loaded)', await queryLatencies(page, queries));
      }
    } finally {
      await context.close();
    }
  }
  const coldSummary = summarize(cold);
  const indexesFetched = [...new Set(cold.flatMap((sample) => sample.beforeFinal.files))];
  const goalsMet = {
    transfer: coldSummary.maxBytesBeforeFinal <= TRANSFER_GOAL_BYTES,
    cold: coldSummary.answered === cold.length && coldSummary.medianFinalMs! < COLD_GOAL_MS,
    warmP95: loaded!.p95Ms < WARM_P95_GOAL_MS,
  };
  note(
    `${name}: ${kib(coldSummary.maxBytesBeforeFinal)} KiB of index (${indexesFetched.length} files), cold ${coldSummary.medianFinalMs} ms, ` +
      `per query p95 ${firstPass!.p95Ms} ms as they come, ${loaded!.p95Ms} ms loaded`,
  );
  return {
    name,
    route,
    cold: coldSummary,
    next: summarize(next),
    warm: summarize(warm),
    perQuery: {firstPass: firstPass!, loaded: loaded!},
    goalsMet,
    indexesFetched,
  };
}

export interface ColdQuery {
  name: string;
  route: string;
  query: string;
  summary: Summary;
}

/** A query pasted into the box as soon as the page fired `load`, a fresh browser context each run. */
export async function coldQuery(
  browser: Browser,
  state: StorageState,
  origin: string,
  name: string,
  route: string,
  query: string,
  runs: number,
): Promise<ColdQuery> {
  const samples: Keystroke[] = [];
  for (let run = 0; run < runs; run++) {
    const {context, page, log} = await freshPage(browser, state);
    try {
      await page.goto(`${origin}${route}`, {waitUntil: 'load'});
      samples.push(keystrokeOf(await typeIntoBox(page, query, {paste: true, settleMs: SETTLE_MS}), query, await log.settled()));
    } finally {
      await context.close();
    }
  }
  const summary = summarize(samples);
  note(
    `${name}, "${query}" pasted cold: ${summary.medianFinalMs} ms, ${kib(summary.maxBytesBeforeFinal)} KiB, ${summary.maxPartsBeforeFinal} parts`,
  );
  return {name, route, query, summary};
}

export const versionLabel = (version: string) => (version === '' ? '2.0 (/)' : `${version} (/${version})`);

/** The rows of the index table: one per version. */
export function indexRows(indexes: readonly VersionIndexStats[]): Cell[][] {
  return indexes.map((index) => [
    versionLabel(index.version),
    index.pages,
    index.terms,
    kib(index.manifest.raw),
    `${kib(index.manifest.served)}${index.manifest.brotli ? '' : ' (no .br)'}`,
    index.termParts.count,
    kib(index.termParts.raw),
    kib(index.termParts.gzip9),
    index.docParts.count,
    kib(index.docParts.raw),
    kib(index.docParts.gzip9),
    kib(Math.max(index.termParts.largestRaw, index.docParts.largestRaw)),
    index.emptyPages,
  ]);
}

export const INDEX_HEADER = [
  'Version',
  'Pages',
  'Terms',
  'Manifest raw KiB',
  'Manifest as sent KiB',
  'Term parts',
  'Term parts raw KiB',
  'Term parts gzip -9 KiB',
  'Doc parts',
  'Doc parts raw KiB',
  'Doc parts gzip -9 KiB',
  'Largest part raw KiB',
  'Pages with an empty title',
];

function pageLabel({name, route}: {name: string; route: string}): string {
  return `${name}: ${route}`;
}

function keystrokeRow(result: PageSearch, key: string, summary: Summary, goal: string): Cell[] {
  return [
    pageLabel(result),
    key,
    `${summary.answered}/${summary.runs}`,
    `${summary.manifestLoadedBeforeKey}/${summary.runs}`,
    summary.medianFinalMs,
    summary.medianFirstMs,
    summary.changedAfterFinal,
    goal,
  ];
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('search');
  const corpus = await workspace.corpusBuild();
  const {site} = gateBuildLayout(corpus.buildDir);
  const indexes = searchIndexStats(site);
  const [currentInSection, olderInSection] = corpus.summary.sampleRoutes;
  // A generated doc is in a section (its pages come first among answers otherwise alike); our own
  // docs are in none; the home page and the search page search the whole version with no section.
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
    const twoWords = await coldQuery(browser, state, gate.origin, pages[0]!.name, pages[0]!.route, twoWordQuery(), FIRST_KEYSTROKE_RUNS);

    printTable(
      `Search index of the corpus (${corpus.summary.docsPerVersion} docs per version): per version a manifest and the parts it names`,
      INDEX_HEADER,
      indexRows(indexes),
    );
    printTable(
      'Index transferred by a cold first key (the most of the runs; as sent, brotli): requests started before the suggestions showed',
      [
        'Page',
        'Manifest loaded before the key',
        'Files before the final list (max)',
        'KiB before the first suggestions',
        'KiB before the final list',
        `Goal ≤ ${kib(TRANSFER_GOAL_BYTES)} KiB`,
      ],
      results.map((result) => [
        pageLabel(result),
        `${result.cold.manifestLoadedBeforeKey}/${result.cold.runs}`,
        `manifest + ${result.cold.maxPartsBeforeFinal} parts`,
        kib(result.cold.maxBytesBeforeFirst),
        kib(result.cold.maxBytesBeforeFinal),
        goalCell(result.goalsMet.transfer),
      ]),
    );
    printTable(
      'One letter typed: ms from keydown to the suggestions shown (fresh browser context each run)',
      [
        'Page',
        'Key',
        'Answered',
        'Manifest loaded before the key',
        "Median: the key's own suggestions",
        'Median: any list (an earlier one included)',
        'Runs whose list changed after',
        `Goal < ${COLD_GOAL_MS}`,
      ],
      results.flatMap((result) => [
        keystrokeRow(result, 'cold (typed right after load)', result.cold, goalCell(result.goalsMet.cold)),
        keystrokeRow(result, 'next key (another letter)', result.next, '—'),
        keystrokeRow(result, 'warm (the first letter again)', result.warm, '—'),
      ]),
    );
    printTable(
      `${QUERIES} queries, one after the other: input event → the answer rendered (aria-busy back to false; before paint)`,
      ['Page', 'Pass', 'Measured', 'Timed out', 'With results', 'p50 ms', 'p95 ms', 'max ms', `Goal p95 < ${WARM_P95_GOAL_MS}`],
      results.flatMap(({name, perQuery: passes, goalsMet}) => [
        [
          name,
          passes.firstPass.pass,
          passes.firstPass.measured,
          passes.firstPass.timedOut,
          passes.firstPass.withResults,
          passes.firstPass.p50Ms,
          passes.firstPass.p95Ms,
          passes.firstPass.maxMs,
          '—',
        ],
        [
          name,
          passes.loaded.pass,
          passes.loaded.measured,
          passes.loaded.timedOut,
          passes.loaded.withResults,
          passes.loaded.p50Ms,
          passes.loaded.p95Ms,
          passes.loaded.maxMs,
          goalCell(goalsMet.warmP95),
        ],
      ]),
    );
    printTable(
      'A two-word query pasted cold (right after load, fresh context each run): each word loads its own term part',
      ['Page', 'Query', 'Answered', 'Manifest loaded before', 'Median ms to the list', 'KiB before the list (max)', 'Parts fetched (max)'],
      [
        [
          pageLabel(twoWords),
          twoWords.query,
          `${twoWords.summary.answered}/${twoWords.summary.runs}`,
          `${twoWords.summary.manifestLoadedBeforeKey}/${twoWords.summary.runs}`,
          twoWords.summary.medianFinalMs,
          kib(twoWords.summary.maxBytesBeforeFinal),
          twoWords.summary.maxPartsBeforeFinal,
        ],
      ],
    );
    note('Cold: the key is pressed in the box as soon as the page fires `load`; the box loads the manifest when the page is');
    note('idle, so it may not be loaded yet ("manifest loaded before the key"). One answer per query: the first suggestions');
    note('of one letter are its final list. On loopback the transfer is not what limits: the bytes are for real networks.');
    const encodings = [...new Set(results.flatMap((result) => result.cold.samples.flatMap((sample) => sample.encodings)))];
    note(`Index responses' Content-Encoding: ${encodings.join(', ')}.`);
    const empty = indexes.reduce((sum, index) => sum + index.emptyPages, 0);
    if (empty > 0) note(`WARNING: ${empty} pages are indexed with an empty title (see BENCHMARKS.md, "Problems found").`);

    report.write({
      chromium: browser.version(),
      corpus: corpus.summary,
      goals: {transferBytesAtMost: TRANSFER_GOAL_BYTES, coldMsBelow: COLD_GOAL_MS, warmP95MsBelow: WARM_P95_GOAL_MS},
      goalsMet: Object.fromEntries(results.map((result) => [result.name, result.goalsMet])),
      indexes,
      pages: results,
      twoWordQuery: twoWords,
    });
  } finally {
    await resources.close();
  }
}
