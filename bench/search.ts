/**
 * Benchmark 3: local search on the corpus build (precompressed, as production serves it), served by
 * the gate to a signed-in reader, from every kind of page of either version: a doc in a section, a
 * doc outside every section, the home page and the search page. Each version's index is a manifest
 * (loaded while the page is idle) and content-hashed parts that a query loads as it needs them
 * (contracts/searchIndexFiles.ts). For each page: the index bytes transferred before the first
 * suggestions and before the final list, the wait for them (cold and warm), and the
 * latency of 200 queries.
 */
import type {Browser} from '@playwright/test';
import {SEARCHABLE_WORDS, seededRandom} from './corpus';
import {isSearchIndex, PARTS_DIR} from '../contracts/searchIndexFiles';
import {signedInState, type StorageState} from '../testkit/loginPage';
import {navbarSearch} from '../testkit/searchBox';
import {searchIndexStats, type VersionIndexStats} from './lib/buildOutput';
import {memoryOf, Resources} from './lib/processes';
import {kib, median, percentile, round} from './lib/stats';
import {goal, type Result, type Row} from './lib/report';
import {freshPage, keystrokeOf, queryLatencies, typeIntoBox} from './lib/searchBox';
import {launchBrowser, startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';

const FIRST_KEYSTROKE_RUNS = 3;
const QUERIES = 200;
const WARM_P95_GOAL_MS = 16;
const COLD_GOAL_MS = 300;
/** Index bytes a page may transfer (as sent: brotli) before its final list. */
const TRANSFER_GOAL_BYTES = 1_000_000;
/** How long the list is watched once shown: one answer per query, so it should not change. */
const SETTLE_MS = 300;

/** 200 queries, the same on every run: three in four one word, the rest two. */
function queryList(): string[] {
  const random = seededRandom(7);
  const word = () => SEARCHABLE_WORDS[Math.floor(random() * SEARCHABLE_WORDS.length)]!;
  const queries: string[] = [];
  while (queries.length < QUERIES) {
    const query = random() < 0.75 ? word() : `${word()} ${word()}`;
    // The box does not search a text equal to the one before it.
    if (query !== queries.at(-1)) queries.push(query);
  }
  return queries;
}

type Keystroke = ReturnType<typeof keystrokeOf>;

/** One page's keystrokes of one kind: the figures of its row, and the samples. */
function summarize(samples: Keystroke[]) {
  const final = samples.flatMap((sample) => sample.finalMs ?? []);
  const first = samples.flatMap((sample) => sample.firstMs ?? []);
  const most = (bytes: (sample: Keystroke) => number) => Math.max(0, ...samples.map(bytes));
  const parts = (sample: Keystroke) => sample.beforeFinal.files.filter((file) => file.startsWith(`/${PARTS_DIR}/`)).length;
  const row = {
    Answered: `${final.length}/${samples.length}`,
    'Manifest loaded before the key': `${samples.filter((sample) => sample.manifestLoadedBeforeKey).length}/${samples.length}`,
    'KiB before first / final list (max)': `${kib(most((sample) => sample.beforeFirst.bytes))} / ${kib(most((sample) => sample.beforeFinal.bytes))}`,
    'Parts before the final list (max)': most(parts),
    'Median ms: own suggestions': final.length > 0 ? round(median(final), 1) : null,
    'Median ms: any list': first.length > 0 ? round(median(first), 1) : null,
    'Lists changed after': samples.filter((sample) => sample.changesAfterFinal > 0).length,
  };
  /** The goals': the most index bytes a run transferred before its final list; the median wait, Infinity unless every run was answered. */
  const goals = {
    maxBytesBeforeFinal: most((sample) => sample.beforeFinal.bytes),
    medianFinalMs: final.length === samples.length ? row['Median ms: own suggestions']! : Infinity,
  };
  return {row, ...goals, samples};
}

function perQuery({latenciesMs, timedOut, withResults}: Awaited<ReturnType<typeof queryLatencies>>) {
  const p = (n: number) => round(percentile(latenciesMs, n), 1);
  return {
    Measured: latenciesMs.length,
    'Timed out': timedOut,
    'With results': withResults,
    'p50 ms': p(50),
    'p95 ms': p(95),
    'max ms': p(100),
    latenciesMs,
  };
}

/** Closes the popup and empties the box, then leaves it, as a reader starting again. */
async function clearBox(page: Awaited<ReturnType<typeof freshPage>>['page']): Promise<void> {
  await page.keyboard.press('Escape');
  await navbarSearch(page).box.fill('');
  await page.locator('h1').first().click();
}

/**
 * On `route`, a fresh browser context each run: one letter typed as soon as the page fired `load`
 * (cold), then the same letter again (warm: its parts loaded);
 * in the first run the 200 queries as they come (parts loaded as needed), then again (all loaded).
 */
export async function searchOnPage(browser: Browser, state: StorageState, origin: string, name: string, route: string, runs: number) {
  const [cold, warm] = [[], []] as Keystroke[][];
  let passes: Record<'as they come' | 'parts loaded', ReturnType<typeof perQuery>> | undefined;
  const letters = 'sctpdr';
  for (let run = 0; run < runs; run++) {
    const {context, page, settled} = await freshPage(browser, state, isSearchIndex);
    try {
      await page.goto(`${origin}${route}`, {waitUntil: 'load'});
      const letter = letters[run % letters.length]!;
      cold.push(keystrokeOf(await typeIntoBox(page, letter, {settleMs: SETTLE_MS}), await settled()));
      await clearBox(page);
      warm.push(keystrokeOf(await typeIntoBox(page, letter), await settled(), true));
      if (run === 0) {
        const queries = queryList();
        passes = {
          'as they come': perQuery(await queryLatencies(page, queries)),
          'parts loaded': perQuery(await queryLatencies(page, queries)),
        };
      }
    } finally {
      await context.close();
    }
  }
  return {name, route, cold: summarize(cold), warm: summarize(warm), perQuery: passes!};
}
export type PageSearch = Awaited<ReturnType<typeof searchOnPage>>;

/** One row per version's index. */
export function indexRows(indexes: readonly VersionIndexStats[]): Row[] {
  return indexes.map((index) => ({
    Version: index.version === '' ? '2.0 (/)' : `${index.version} (/${index.version})`,
    Pages: index.pages,
    Terms: index.terms,
    'Manifest raw / as sent KiB': `${kib(index.manifest.raw)} / ${kib(index.manifest.served)}${index.manifest.brotli ? '' : ' (no .br)'}`,
    'Term parts: count / raw / gzip -9 KiB': `${index.termParts.count} / ${kib(index.termParts.raw)} / ${kib(index.termParts.gzip9)}`,
    'Doc parts: count / raw / gzip -9 KiB': `${index.docParts.count} / ${kib(index.docParts.raw)} / ${kib(index.docParts.gzip9)}`,
    'Largest part raw KiB': kib(Math.max(index.termParts.largestRaw, index.docParts.largestRaw)),
    'Empty titles': index.emptyPages,
  }));
}

/** Searches from each of `pages` of the gated build in `buildDir`, as a signed-in reader; the gate's start time and memory after. */
export async function searchPages(buildDir: string, pages: readonly {name: string; route: string}[]) {
  const resources = new Resources();
  try {
    const started = Date.now();
    const gate = resources.add(await startGate(buildDir));
    const gateStartMs = Date.now() - started;
    const browser = resources.add(await launchBrowser());
    const state = await signedInState(browser, gate.origin);
    const results: PageSearch[] = [];
    for (const {name, route} of pages) results.push(await searchOnPage(browser, state, gate.origin, name, route, FIRST_KEYSTROKE_RUNS));
    return {chromium: browser.version(), results, gateStartMs, gateRssMiB: memoryOf(gate.pid)['RSS MiB']};
  } finally {
    await resources.close();
  }
}

export async function run(workspace: Workspace): Promise<Result> {
  const corpus = await workspace.corpusBuild();
  const indexes = searchIndexStats(corpus.buildDir);
  const [currentInSection, olderInSection] = corpus.summary.sampleRoutes;
  // A generated doc is in a section; our own docs are in none; the home and search pages search the whole version.
  const {chromium, results} = await searchPages(corpus.buildDir, [
    {name: '2.0, doc in a section', route: currentInSection!},
    {name: '1.0, doc in a section', route: olderInSection!},
    {name: '2.0, doc outside every section', route: '/chapter-1-introduction'},
    {name: '1.0, doc outside every section', route: '/1.0/chapter-1-introduction'},
    {name: 'home page', route: '/'},
    {name: 'search page', route: '/search'},
  ]);
  const encodings = [...new Set(results.flatMap((result) => result.cold.samples.flatMap((sample) => sample.encodings)))];
  const most = (pick: (result: PageSearch) => number) => Math.max(...results.map(pick));
  const transfer = most((result) => result.cold.maxBytesBeforeFinal);
  const cold = most((result) => result.cold.medianFinalMs);
  const warm = most((result) => result.perQuery['parts loaded']['p95 ms']);
  const empty = indexes.reduce((sum, index) => sum + index.emptyPages, 0);
  return {
    tables: [
      {
        title: `Search index of the corpus (${corpus.summary.docsPerVersion} docs per version): a manifest and parts per version`,
        rows: indexRows(indexes),
      },
      {
        title: 'Keystrokes: index transferred (as sent, brotli) and ms from keydown to the suggestions; fresh browser context each run',
        rows: results.flatMap(({name, cold, warm}) => [
          {Page: name, Key: 'cold (right after load)', ...cold.row},
          {Page: name, Key: 'warm (the first letter again)', ...warm.row},
        ]),
      },
      {
        title: `${QUERIES} queries, one after the other: input event → the answer rendered (aria-busy back to false; before paint)`,
        rows: results.flatMap(({name, perQuery: passes}) =>
          Object.entries(passes).map(([pass, {latenciesMs: _all, ...figures}]) => ({Page: name, Pass: pass, ...figures})),
        ),
      },
    ],
    notes: [
      `Index responses' Content-Encoding: ${encodings.join(', ')}. On loopback the transfer does not limit: the bytes are for real networks.`,
    ],
    goals: [
      goal(
        `index before the final list ≤ ${TRANSFER_GOAL_BYTES / 1e6} MB, every page`,
        `${kib(transfer)} KiB`,
        transfer <= TRANSFER_GOAL_BYTES,
      ),
      goal(`cold keystroke → suggestions < ${COLD_GOAL_MS} ms, every page`, `${cold} ms`, cold < COLD_GOAL_MS),
      goal(`warm p95 < ${WARM_P95_GOAL_MS} ms, every page`, `${warm} ms`, warm < WARM_P95_GOAL_MS),
      goal('pages indexed with an empty title = 0', empty, empty === 0),
    ],
    raw: {chromium, corpus: corpus.summary, indexes, pages: results},
  };
}
