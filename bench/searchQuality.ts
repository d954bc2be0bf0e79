/**
 * Search quality on docs we did not write (`BENCH_ONLY=search-quality`, not in the default run): the
 * real-docs fixture (tests/fixtures/real-docs: fastify's Reference and Guides, and 49 readers'
 * queries, each with the page that answers it) added to a copy of the site, built with
 * `npm run build` and served by the gate to a signed-in reader. Each query is typed into the navbar
 * box, in a fresh browser context right after the page's `load`, from a page in the expected page's
 * folder and from one in the other folder. Then the same queries with Pagefind 1.x over the same
 * built pages (a plain static server, a page with a box of the same roles). For both: the expected
 * page's rank among the eight suggestions, recall@1 and @8, mean reciprocal rank, repeated
 * suggestions, the index bytes transferred before the first and before the final list, and the time
 * from the first key to the first suggestions.
 */
import {cpSync, existsSync, mkdirSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {isSearchIndex, MANIFEST_FILE} from '../contracts/searchIndexFiles';
import {addRealDocs, builtPageTitle, readerQueries, type ReaderQuery} from '../testkit/realDocs';
import {launchBrowser, signedInState, type StorageState} from './lib/browser';
import {indexedPages} from './lib/buildOutput';
import {gateBuildLayout, productBuild} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {Resources} from './lib/processes';
import {Report, type Row} from './lib/report';
import {epochOf, freshPage, msSinceFirstKey, startedBy, typeIntoBox, workerScripts, type LoggedRequest, type Typed} from './lib/searchBox';
import {startGate} from './lib/servers';
import {startStaticServer} from './lib/staticServer';
import {kib, median, percentile, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const FOLDERS = ['Reference', 'Guides'] as const;
/** The box shows eight suggestions; Pagefind's first eight results are compared with them. */
const SHOWN = 8;
/** A quick reader's pace: ten keys a second. Each key is a query of its own for both engines. */
const KEY_DELAY_MS = 100;
/** How long a final list is watched for changes. */
const SETTLE_MS = 250;

/**
 * Pagefind's settings: the doc's `article` as the page (what Docusaurus renders of the Markdown, as our
 * indexer reads it: not the navbar, sidebar, table of contents or footer), without what our indexer
 * leaves out of it: code blocks (`ignoreCssSelectors: ['pre']` in docusaurus.config.ts), the
 * breadcrumbs and the version badge (ours keeps breadcrumbs to show, not to search). English forced,
 * as lunr's English pipeline is ours. Ranking left at Pagefind's defaults.
 */
const PAGEFIND_CONFIG = {
  rootSelector: 'article',
  excludeSelectors: ['pre', '.theme-doc-breadcrumbs', '.theme-doc-version-badge'],
  forceLanguage: 'en',
};

/**
 * The Pagefind side's page: a box with the roles our box has (a combobox that is aria-busy while its
 * query is pending; a listbox of options, the title first; a status line), so one measurement
 * (bench/lib/searchBox.ts) serves both. Like our box it loads what every query needs while the page is
 * idle (pagefind.js, its WASM and metadata: `init()`), searches on every input and shows only the
 * latest query's answer; an answer is the first eight (SHOWN) results' data (one fragment each).
 */
const PAGEFIND_PAGE = 'pagefind-box.html';

/** A page's URL as a route: Pagefind gives `/Reference/Hooks.html` for our `/Reference/Hooks`. */
function asRoute(url: string): string {
  const route = url
    .replace(/#.*$/, '')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/$/, '');
  return route === '' ? '/' : route;
}

/** How one engine's pages are told apart: its index, its own code (our search worker's scripts; pagefind.js and its WASM), what every query needs. */
interface Engine {
  name: string;
  isIndex: (path: string) => boolean;
  isCode: (path: string) => boolean;
  /** Our manifest; Pagefind's metadata, loaded by `init()`. */
  isReady: (path: string) => boolean;
  /** Whether a suggestion is the expected page. */
  matches: (option: Typed['options'][number], expected: string) => boolean;
}

/** One query typed once on `from`'s page (null: Pagefind's page), and what came of it. */
function outcomeOf(engine: Engine, from: string | null, {query, expected}: ReaderQuery, typed: Typed, requests: readonly LoggedRequest[]) {
  const epoch = (time: number) => epochOf(typed, time);
  const index = requests.filter((request) => engine.isIndex(request.path));
  const code = requests.filter((request) => engine.isCode(request.path));
  const shown = typed.options.map((option) => option.url ?? `${option.title} (${option.place})`);
  return {
    engine: engine.name,
    from,
    query,
    expected,
    /** 1-based rank of the expected page among the suggestions; 0 when not among them. */
    rank: typed.options.findIndex((option) => engine.matches(option, expected)) + 1,
    shown,
    /** Two suggestions a reader cannot tell apart (the same title and place; Pagefind: the same URL). */
    duplicates: new Set(shown).size !== shown.length,
    changedAfterShown: typed.changesAfterFinal > 0,
    readyBeforeKey: requests.some((request) => engine.isReady(request.path) && request.finishedAt <= epoch(typed.firstKeydown)),
    firstMs: msSinceFirstKey(typed, typed.firstShown),
    finalMs: msSinceFirstKey(typed, typed.finalShown),
    lastKeyToFinalMs: Number.isNaN(typed.finalShown) ? null : round(typed.finalShown - typed.lastKeydown, 1),
    indexBytesBeforeFirst: startedBy(index, epoch(typed.firstShown)).bytes,
    indexBytesBeforeFinal: startedBy(index, epoch(typed.finalShown)).bytes,
    indexRequestsBeforeFinal: startedBy(index, epoch(typed.finalShown)).files.length,
    codeBytesBeforeFinal: startedBy(code, epoch(typed.finalShown)).bytes,
  };
}
type Outcome = ReturnType<typeof outcomeOf>;

/** Types one query in a fresh browser context on `url`, as soon as the page fired `load`. */
async function typeCold(browser: Browser, state: StorageState | undefined, url: string, query: string, logged: (path: string) => boolean) {
  const {context, page, log} = await freshPage(browser, state, logged);
  try {
    await page.goto(url, {waitUntil: 'load'});
    const typed = await typeIntoBox(page, query, {delayMs: KEY_DELAY_MS, settleMs: SETTLE_MS});
    return {typed, requests: await log.settled(), workers: await workerScripts(page)};
  } finally {
    await context.close();
  }
}

/** The 2.0 pages our box searches, copied (as built) into `dir` for Pagefind: the same pages for both engines. */
function stagePages(site: string, dir: string): number {
  const urls = indexedPages(site, MANIFEST_FILE).flatMap(({url}) => (url ? [url] : []));
  for (const url of urls) {
    const relative = decodeURI(url).replace(/^\//, '');
    const file = [`${relative}.html`, path.posix.join(relative, 'index.html')].find((candidate) => existsSync(path.join(site, candidate)));
    if (!file) throw new Error(`No built page for ${url} in ${site}`);
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    cpSync(path.join(site, file), path.join(dir, file));
  }
  return urls.length;
}

/** Pagefind's bundle for the staged pages, with its Node API; its size on disk. */
async function pagefindBundle(source: string, outputPath: string) {
  const pagefind = await import('pagefind');
  try {
    const created = await pagefind.createIndex(PAGEFIND_CONFIG);
    if (!created.index) throw new Error(`pagefind.createIndex: ${created.errors.join('; ')}`);
    const added = await created.index.addDirectory({path: source});
    if (added.errors.length > 0) throw new Error(`pagefind addDirectory: ${added.errors.join('; ')}`);
    const written = await created.index.writeFiles({outputPath});
    if (written.errors.length > 0) throw new Error(`pagefind writeFiles: ${written.errors.join('; ')}`);
    const files = readdirSync(outputPath, {recursive: true, encoding: 'utf8'}).filter((file) =>
      statSync(path.join(outputPath, file)).isFile(),
    );
    return {
      pages: added.page_count,
      files: files.length,
      bytes: files.reduce((sum, file) => sum + statSync(path.join(outputPath, file)).size, 0),
    };
  } finally {
    await pagefind.close();
  }
}

/** One engine's figures over a set of outcomes: a column of the table. */
function figuresOf(outcomes: readonly Outcome[]) {
  const count = (test: (outcome: Outcome) => boolean) => outcomes.filter(test).length;
  const values = (pick: (outcome: Outcome) => number | null) => outcomes.flatMap((outcome) => pick(outcome) ?? []);
  const at = (pick: (outcome: Outcome) => number | null, p: number) =>
    values(pick).length > 0 ? round(percentile(values(pick), p), 1) : null;
  const kibs = (pick: (outcome: Outcome) => number) => `${kib(median(outcomes.map(pick)))} / ${kib(Math.max(...outcomes.map(pick)))}`;
  return {
    queries: outcomes.length,
    'recall@1': round(count((outcome) => outcome.rank === 1) / outcomes.length, 3),
    [`recall@${SHOWN}`]: round(count((outcome) => outcome.rank > 0) / outcomes.length, 3),
    [`MRR (over the first ${SHOWN})`]: round(
      outcomes.reduce((sum, outcome) => sum + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) / outcomes.length,
      3,
    ),
    'queries with repeated suggestions': count((outcome) => outcome.duplicates),
    'final lists that changed once shown': count((outcome) => outcome.changedAfterShown),
    'queries never answered': count((outcome) => outcome.finalMs === null),
    'index KiB before the first list, median / max': kibs((outcome) => outcome.indexBytesBeforeFirst),
    'index KiB before the final list, median / max': kibs((outcome) => outcome.indexBytesBeforeFinal),
    'index requests before the final list, median': median(outcomes.map((outcome) => outcome.indexRequestsBeforeFinal)),
    'search code KiB before the final list, median': kib(median(outcomes.map((outcome) => outcome.codeBytesBeforeFinal))),
    'index metadata loaded before the first key': `${count((outcome) => outcome.readyBeforeKey)}/${outcomes.length}`,
    'cold: first key → first suggestions ms, median / p95': `${at((outcome) => outcome.firstMs, 50)} / ${at((outcome) => outcome.firstMs, 95)}`,
    'last key → final list ms, median': at((outcome) => outcome.lastKeyToFinalMs, 50),
  };
}

const isPagefind = (file: string) => file.startsWith('/pagefind/');
const isPagefindCode = (file: string) => isPagefind(file) && /\.(js|pagefind)$/.test(file);
const PAGEFIND: Engine = {
  name: 'Pagefind',
  isIndex: (file) => isPagefind(file) && !isPagefindCode(file),
  isCode: isPagefindCode,
  isReady: (file) => file.endsWith('.pf_meta'),
  matches: (option, expected) => asRoute(option.url ?? '') === expected,
};

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('search-quality');
  const queries = readerQueries();
  const siteDir = workspace.newCopy('real-docs');
  addRealDocs(siteDir);
  const buildDir = path.join(siteDir, 'out-product');
  const build = await productBuild(siteDir, buildDir);
  const {site} = gateBuildLayout(buildDir);
  const titles = new Map(queries.map(({expected}) => [expected, builtPageTitle(site, expected)]));
  const staged = path.join(siteDir, 'pagefind-source');
  const stagedPages = stagePages(site, staged);
  // Served beside the site's pages by the static server: its bundle, and its page with the box.
  const bundle = await pagefindBundle(staged, path.join(site, 'pagefind'));
  cpSync(path.join(__dirname, PAGEFIND_PAGE), path.join(site, PAGEFIND_PAGE));
  report.note(`Pagefind: ${bundle.pages} of the ${stagedPages} pages our 2.0 index holds, ${bundle.files} files, ${kib(bundle.bytes)} KiB`);

  const resources = new Resources();
  const outcomes: Outcome[] = [];
  try {
    const gate = resources.add(await startGate(buildDir, PORTS.gate));
    const staticServer = resources.add(await startStaticServer(PORTS.staticServer, site));
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const state = await signedInState(browser, gate.origin);
    for (const from of FOLDERS) {
      for (const query of queries) {
        const logged = (file: string) => isSearchIndex(file) || file.startsWith('/assets/js/');
        const {typed, requests, workers} = await typeCold(browser, state, `${gate.origin}/${from}`, query.query, logged);
        const box: Engine = {
          name: 'our box',
          isIndex: isSearchIndex,
          isCode: (file) => workers.has(file),
          isReady: (file) => file.endsWith(`/${MANIFEST_FILE}`),
          matches: (option, expected) => option.title === titles.get(expected),
        };
        outcomes.push(outcomeOf(box, from, query, typed, requests));
      }
    }
    for (const query of queries) {
      const {typed, requests} = await typeCold(browser, undefined, `${staticServer.origin}/${PAGEFIND_PAGE}`, query.query, isPagefind);
      outcomes.push(outcomeOf(PAGEFIND, null, query, typed, requests));
    }

    const folderOf = (outcome: Outcome) => queries.find((query) => query.query === outcome.query)!.folder;
    const columns = {
      'Our box, from a page in its folder': figuresOf(
        outcomes.filter((outcome) => outcome.from !== null && folderOf(outcome) === outcome.from),
      ),
      'Our box, from a page in the other folder': figuresOf(
        outcomes.filter((outcome) => outcome.from !== null && folderOf(outcome) !== outcome.from),
      ),
      'Pagefind 1.x (any page)': figuresOf(outcomes.filter((outcome) => outcome.from === null)),
    };
    const figures = Object.keys(columns['Pagefind 1.x (any page)']) as (keyof ReturnType<typeof figuresOf>)[];
    report.table(
      `Reader queries on fastify's docs (${queries.length} queries, ${stagedPages} pages in 2.0), typed at ${1000 / KEY_DELAY_MS} keys/s right after load, a fresh browser context each`,
      figures.map((figure): Row => ({
        Figure: figure,
        ...Object.fromEntries(Object.entries(columns).map(([column, values]) => [column, values[figure]!])),
      })),
    );
    report.table(
      'Queries whose expected page was not first',
      outcomes
        .filter((outcome) => outcome.rank !== 1)
        .map(({engine, from, query, expected, rank, shown}) => ({
          Engine: engine,
          From: from ?? 'any',
          Query: query,
          Expected: expected,
          Rank: rank || `not in ${SHOWN}`,
          'First suggestions': shown.slice(0, 3).join('; '),
        })),
    );
    report.note('Our box: the index is the manifest and parts (gate, brotli); its code, the search worker. Pagefind: pagefind-entry.json,');
    report.note('pf_meta, pf_index chunks and one pf_fragment per result shown; its code, pagefind.js and its WASM. Pagefind is measured');
    report.note(`on a page of its own (no Docusaurus app hydrating meanwhile), with ${JSON.stringify(PAGEFIND_CONFIG)}.`);
    const own = columns['Our box, from a page in its folder'];
    report.goal('recall@8 ≥ 0.95 (our box, from its folder)', own[`recall@${SHOWN}`]!, Number(own[`recall@${SHOWN}`]) >= 0.95);
    report.goal(
      'MRR ≥ 0.85 (our box, from its folder)',
      own[`MRR (over the first ${SHOWN})`]!,
      Number(own[`MRR (over the first ${SHOWN})`]) >= 0.85,
    );
    const moved = own['queries with repeated suggestions'] + own['final lists that changed once shown'];
    report.goal('no duplicate, no list that moves (our box)', moved, moved === 0);
    report.write({
      chromium: browser.version(),
      build,
      pagefind: {config: PAGEFIND_CONFIG, bundle},
      keyDelayMs: KEY_DELAY_MS,
      columns,
      outcomes,
    });
  } finally {
    await resources.close();
  }
}
