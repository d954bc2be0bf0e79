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
import type {Browser, Page} from '@playwright/test';
import {isSearchIndex, MANIFEST_FILE} from '../shared/searchIndexFiles';
import {addRealDocs, builtPageTitle, readerQueries, type ReaderQuery} from '../testkit/realDocs';
import {launchBrowser, signedInState, type StorageState} from './lib/browser';
import {indexedPages} from './lib/buildOutput';
import {gateBuildLayout, productBuild} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {Resources} from './lib/processes';
import {note, printTable, Report, type Cell} from './lib/report';
import {
  allowNamedFunctions,
  epochOf,
  msSinceFirstKey,
  RequestLog,
  startedBy,
  typeIntoBox,
  workerScripts,
  type LoggedRequest,
  type Typed,
} from './lib/searchBox';
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
 * latest query's answer; an answer is the first eight results' data (one fragment each).
 */
const PAGEFIND_PAGE = '/pagefind-box';
const PAGEFIND_PAGE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pagefind</title></head>
<body>
<nav class="navbar" aria-label="Main"><div class="navbar__search">
<input class="navbar__search-input" type="text" role="combobox" aria-label="Search" aria-busy="false" autocomplete="off">
<div class="popup"></div>
</div></nav>
<main><h1>Pagefind over the same pages</h1></main>
<script type="module">
const input = document.querySelector('input');
const popup = document.querySelector('.popup');
let loading;
const load = () => (loading ??= import('/pagefind/pagefind.js').then(async (pagefind) => { await pagefind.init(); return pagefind; }));
addEventListener('load', () => requestIdleCallback(() => load(), {timeout: 3000}));
let latest = 0;
input.addEventListener('input', async () => {
  const id = ++latest;
  const query = input.value;
  if (query.trim() === '') { popup.replaceChildren(); input.setAttribute('aria-busy', 'false'); return; }
  input.setAttribute('aria-busy', 'true');
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  const shown = [];
  try {
    const pagefind = await load();
    const search = await pagefind.search(query);
    const results = await Promise.all(search.results.slice(0, ${SHOWN}).map((result) => result.data()));
    if (id !== latest) return;
    if (results.length > 0) {
      const list = document.createElement('ul');
      list.setAttribute('role', 'listbox');
      for (const data of results) {
        const option = document.createElement('li');
        option.setAttribute('role', 'option');
        option.dataset.url = data.url;
        const title = document.createElement('span');
        title.textContent = data.meta.title ?? '';
        const place = document.createElement('span');
        place.textContent = data.url;
        option.append(title, place);
        list.append(option);
      }
      shown.push(list);
    }
    status.textContent = results.length > 0 ? results.length + ' of ' + search.results.length + ' results.' : 'No results in Pagefind.';
  } catch (error) {
    if (id !== latest) return;
    status.textContent = 'Search is unavailable: ' + error;
  }
  popup.replaceChildren(...shown, status);
  input.setAttribute('aria-busy', 'false');
});
</script>
</body>
</html>
`;

type Engine = 'box' | 'pagefind';

/** One query typed once, and what came of it. */
interface Outcome {
  engine: Engine;
  /** The folder of the page it was typed on; null for Pagefind (its page is the same for every query). */
  from: string | null;
  query: string;
  expected: string;
  /** 1-based rank of the expected page among the suggestions; 0 when not among them. */
  rank: number;
  shown: string[];
  /** Two suggestions a reader cannot tell apart (the same title and place; Pagefind: the same URL). */
  duplicates: boolean;
  changedAfterShown: boolean;
  /** What every query needs (our manifest; Pagefind's metadata, loaded by `init()`) had loaded when the first key went down. */
  readyBeforeKey: boolean;
  /** From the first keydown. */
  firstMs: number | null;
  finalMs: number | null;
  /** From the last keydown to the final list. */
  lastKeyToFinalMs: number | null;
  /** Index bytes (and the engine's own code: our search worker's script; pagefind.js and its WASM) as transferred. */
  indexBytesBeforeFirst: number;
  indexBytesBeforeFinal: number;
  indexRequestsBeforeFinal: number;
  codeBytesBeforeFinal: number;
}

/** A page's URL as a route: Pagefind gives `/Reference/Hooks.html` for our `/Reference/Hooks`. */
export function asRoute(url: string): string {
  const route = url
    .replace(/#.*$/, '')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/$/, '');
  return route === '' ? '/' : route;
}

function outcomeOf(
  engine: Engine,
  from: string | null,
  {query, expected}: ReaderQuery,
  typed: Typed,
  requests: readonly LoggedRequest[],
  isIndex: (path: string) => boolean,
  isCode: (path: string) => boolean,
  isReady: (path: string) => boolean,
  matches: (option: Typed['options'][number]) => boolean,
): Outcome {
  const ms = (time: number) => {
    const since = msSinceFirstKey(typed, time);
    return since === null ? null : round(since, 1);
  };
  const index = requests.filter((request) => isIndex(request.path));
  const beforeFinal = startedBy(index, epochOf(typed, typed.finalShown));
  const shown = typed.options.map((option) => (engine === 'box' ? `${option.title} (${option.place})` : (option.url ?? option.title)));
  return {
    engine,
    from,
    query,
    expected,
    rank: typed.options.findIndex(matches) + 1,
    shown,
    duplicates: new Set(shown).size !== shown.length,
    changedAfterShown: typed.changesAfterFinal > 0,
    readyBeforeKey: requests.some((request) => isReady(request.path) && request.finishedAt <= epochOf(typed, typed.firstKeydown)),
    firstMs: ms(typed.firstShown),
    finalMs: ms(typed.finalShown),
    lastKeyToFinalMs: Number.isNaN(typed.finalShown) ? null : round(typed.finalShown - typed.lastKeydown, 1),
    indexBytesBeforeFirst: startedBy(index, epochOf(typed, typed.firstShown)).bytes,
    indexBytesBeforeFinal: beforeFinal.bytes,
    indexRequestsBeforeFinal: beforeFinal.files.length,
    codeBytesBeforeFinal: startedBy(
      requests.filter((request) => isCode(request.path)),
      epochOf(typed, typed.finalShown),
    ).bytes,
  };
}

/** Types one query in a fresh browser context on `url`, as soon as the page fired `load`. */
async function typeCold(
  browser: Browser,
  state: StorageState | undefined,
  url: string,
  query: string,
  logged: (path: string) => boolean,
): Promise<{typed: Typed; requests: LoggedRequest[]; workers: Set<string>}> {
  const context = await browser.newContext(state ? {storageState: state} : {});
  try {
    await allowNamedFunctions(context);
    const log = new RequestLog(context, logged);
    const page: Page = await context.newPage();
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
    const bytesOf = (test: (file: string) => boolean) =>
      files.filter(test).reduce((sum, file) => sum + statSync(path.join(outputPath, file)).size, 0);
    return {
      pages: added.page_count,
      files: files.length,
      indexFiles: files.filter((file) => file.endsWith('.pf_index')).length,
      fragmentFiles: files.filter((file) => file.endsWith('.pf_fragment')).length,
      bytes: bytesOf(() => true),
      indexBytes: bytesOf((file) => /\.pf_(index|meta|fragment)$/.test(file)),
    };
  } finally {
    await pagefind.close();
  }
}

/** Pagefind's files: its index (entry, metadata, index chunks, fragments) apart from its code (scripts, WASM). */
const isPagefind = (file: string) => file.startsWith('/pagefind/');
const isPagefindCode = (file: string) => isPagefind(file) && /\.(js|pagefind)$/.test(file);
const isPagefindIndex = (file: string) => isPagefind(file) && !isPagefindCode(file);

interface Figures {
  queries: number;
  recallAt1: number;
  recallAt8: number;
  mrr: number;
  withDuplicates: number;
  changedAfterShown: number;
  unanswered: number;
  readyBeforeKey: number;
  medianFirstMs: number | null;
  p95FirstMs: number | null;
  medianLastKeyToFinalMs: number | null;
  medianIndexKiBBeforeFirst: number;
  maxIndexKiBBeforeFirst: number;
  medianIndexKiBBeforeFinal: number;
  maxIndexKiBBeforeFinal: number;
  medianIndexRequestsBeforeFinal: number;
  medianCodeKiBBeforeFinal: number;
}

function figuresOf(outcomes: readonly Outcome[]): Figures {
  const share = (count: number) => round(count / outcomes.length, 3);
  const values = (pick: (outcome: Outcome) => number | null) => outcomes.flatMap((outcome) => pick(outcome) ?? []);
  const med = (pick: (outcome: Outcome) => number | null) => {
    const found = values(pick);
    return found.length > 0 ? round(median(found), 1) : null;
  };
  const kibMedian = (pick: (outcome: Outcome) => number) => kib(median(outcomes.map(pick)));
  const kibMax = (pick: (outcome: Outcome) => number) => kib(Math.max(...outcomes.map(pick)));
  const first = values((outcome) => outcome.firstMs);
  return {
    queries: outcomes.length,
    recallAt1: share(outcomes.filter((outcome) => outcome.rank === 1).length),
    recallAt8: share(outcomes.filter((outcome) => outcome.rank > 0).length),
    mrr: round(outcomes.reduce((sum, outcome) => sum + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) / outcomes.length, 3),
    withDuplicates: outcomes.filter((outcome) => outcome.duplicates).length,
    changedAfterShown: outcomes.filter((outcome) => outcome.changedAfterShown).length,
    unanswered: outcomes.filter((outcome) => outcome.finalMs === null).length,
    readyBeforeKey: outcomes.filter((outcome) => outcome.readyBeforeKey).length,
    medianFirstMs: med((outcome) => outcome.firstMs),
    p95FirstMs: first.length > 0 ? round(percentile(first, 95), 1) : null,
    medianLastKeyToFinalMs: med((outcome) => outcome.lastKeyToFinalMs),
    medianIndexKiBBeforeFirst: kibMedian((outcome) => outcome.indexBytesBeforeFirst),
    maxIndexKiBBeforeFirst: kibMax((outcome) => outcome.indexBytesBeforeFirst),
    medianIndexKiBBeforeFinal: kibMedian((outcome) => outcome.indexBytesBeforeFinal),
    maxIndexKiBBeforeFinal: kibMax((outcome) => outcome.indexBytesBeforeFinal),
    medianIndexRequestsBeforeFinal: median(outcomes.map((outcome) => outcome.indexRequestsBeforeFinal)),
    medianCodeKiBBeforeFinal: kibMedian((outcome) => outcome.codeBytesBeforeFinal),
  };
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('search-quality');
  const queries = readerQueries();
  const siteDir = workspace.newCopy('real-docs');
  addRealDocs(siteDir);
  const buildDir = path.join(siteDir, 'out-product');
  const build = await productBuild(siteDir, buildDir);
  note(`real docs, npm run build: ${round(build.wallMs / 1000, 1)} s`);
  const {site} = gateBuildLayout(buildDir);
  const titles = new Map(queries.map(({expected}) => [expected, builtPageTitle(site, expected)]));

  const staged = path.join(siteDir, 'pagefind-source');
  const stagedPages = stagePages(site, staged);
  const bundleDir = path.join(siteDir, 'pagefind');
  const bundle = await pagefindBundle(staged, bundleDir);
  note(`Pagefind: ${bundle.pages} of the ${stagedPages} pages our 2.0 index holds, ${bundle.files} files, ${kib(bundle.bytes)} KiB`);

  const resources = new Resources();
  const outcomes: Outcome[] = [];
  try {
    const gate = resources.add(await startGate(buildDir, PORTS.gate));
    const staticServer = resources.add(
      await startStaticServer(
        PORTS.staticServer,
        [
          {prefix: '/pagefind/', dir: bundleDir},
          {prefix: '/', dir: site},
        ],
        {[PAGEFIND_PAGE]: PAGEFIND_PAGE_HTML},
      ),
    );
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const state = await signedInState(browser, gate.origin);

    for (const from of FOLDERS) {
      for (const query of queries) {
        const {typed, requests, workers} = await typeCold(
          browser,
          state,
          `${gate.origin}/${from}`,
          query.query,
          (file) => isSearchIndex(file) || file.startsWith('/assets/js/'),
        );
        outcomes.push(
          outcomeOf(
            'box',
            from,
            query,
            typed,
            requests,
            isSearchIndex,
            (file) => workers.has(file),
            (file) => file.endsWith(`/${MANIFEST_FILE}`),
            (option) => option.title === titles.get(query.expected),
          ),
        );
      }
      note(`our box, from /${from}: ${queries.length} queries typed`);
    }
    for (const query of queries) {
      const {typed, requests} = await typeCold(browser, undefined, `${staticServer.origin}${PAGEFIND_PAGE}`, query.query, isPagefind);
      outcomes.push(
        outcomeOf(
          'pagefind',
          null,
          query,
          typed,
          requests,
          isPagefindIndex,
          isPagefindCode,
          (file) => file.endsWith('.pf_meta'),
          (option) => asRoute(option.url ?? '') === query.expected,
        ),
      );
    }
    note(`Pagefind: ${queries.length} queries typed`);

    const own = outcomes.filter(
      (outcome) => outcome.engine === 'box' && queries.find((query) => query.query === outcome.query)!.folder === outcome.from,
    );
    const other = outcomes.filter((outcome) => outcome.engine === 'box' && !own.includes(outcome));
    const pagefind = outcomes.filter((outcome) => outcome.engine === 'pagefind');
    const columns = [figuresOf(own), figuresOf(other), figuresOf(pagefind)];
    const row = (label: string, pick: (figures: Figures) => Cell): Cell[] => [label, ...columns.map(pick)];
    printTable(
      `Reader queries on fastify's docs (${queries.length} queries, ${stagedPages} pages in 2.0), typed at ${1000 / KEY_DELAY_MS} keys/s right after load, a fresh browser context each`,
      ['Figure', 'Our box, from a page in its folder', 'Our box, from a page in the other folder', 'Pagefind 1.x (any page)'],
      [
        row('queries', (figures) => figures.queries),
        row('recall@1', (figures) => figures.recallAt1),
        row(`recall@${SHOWN}`, (figures) => figures.recallAt8),
        row(`MRR (over the first ${SHOWN})`, (figures) => figures.mrr),
        row('queries with repeated suggestions', (figures) => figures.withDuplicates),
        row('final lists that changed once shown', (figures) => figures.changedAfterShown),
        row('queries never answered', (figures) => figures.unanswered),
        row(
          'index KiB before the first list, median / max',
          (figures) => `${figures.medianIndexKiBBeforeFirst} / ${figures.maxIndexKiBBeforeFirst}`,
        ),
        row(
          'index KiB before the final list, median / max',
          (figures) => `${figures.medianIndexKiBBeforeFinal} / ${figures.maxIndexKiBBeforeFinal}`,
        ),
        row('index requests before the final list, median', (figures) => figures.medianIndexRequestsBeforeFinal),
        row('search code KiB before the final list, median', (figures) => figures.medianCodeKiBBeforeFinal),
        row(
          'index metadata loaded before the first key (manifest; Pagefind: init())',
          (figures) => `${figures.readyBeforeKey}/${figures.queries}`,
        ),
        row('cold: first key → first suggestions ms, median / p95', (figures) => `${figures.medianFirstMs} / ${figures.p95FirstMs}`),
        row('last key → final list ms, median', (figures) => figures.medianLastKeyToFinalMs),
      ],
    );
    const missed = outcomes.filter((outcome) => outcome.rank !== 1);
    printTable(
      'Queries whose expected page was not first',
      ['Engine', 'From', 'Query', 'Expected', 'Rank', 'First suggestions'],
      missed.map((outcome) => [
        outcome.engine === 'box' ? 'our box' : 'Pagefind',
        outcome.from ?? 'any',
        outcome.query,
        outcome.expected,
        outcome.rank || `not in ${SHOWN}`,
        outcome.shown.slice(0, 3).join('; '),
      ]),
    );
    note('Our box: the index is the manifest and parts (gate, precompressed brotli); its code, the search worker script. Pagefind:');
    note('the index is pagefind-entry.json, pf_meta, pf_index chunks and one pf_fragment per result shown; its code,');
    note('pagefind.js and its WASM (brotli for text, the rest as written). Pagefind is measured on a page of its own');
    note('(no Docusaurus app hydrating meanwhile); our box on the real doc page behind the gate.');
    note(`Pagefind settings: ${JSON.stringify(PAGEFIND_CONFIG)}, over the ${stagedPages} pages of our 2.0 index (addDirectory).`);

    report.write({
      chromium: browser.version(),
      build: {wallSeconds: round(build.wallMs / 1000, 1), peakRssMiB: build.peakRssMiB},
      pagefind: {config: PAGEFIND_CONFIG, bundle},
      keyDelayMs: KEY_DELAY_MS,
      figures: {ownFolder: columns[0], otherFolder: columns[1], pagefind: columns[2]},
      outcomes,
    });
  } finally {
    await resources.close();
  }
}
