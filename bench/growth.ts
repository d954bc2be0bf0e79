/**
 * Growth, not in the default run (`BENCH_ONLY=growth npm run bench`): the corpus at each size of
 * BENCH_GROWTH_DOCS (docs per version; default 10, 1000 and 5000, i.e. 20, 2,000 and 10,000 docs),
 * built cold twice (a plain Faster `docusaurus build`, then `npm run build`; `BENCH_GROWTH_PLAIN=0`
 * skips the plain build), served by the gate and searched from a doc in a section, a doc outside
 * every section and the home page. One table shows how each figure grows with the docs.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {launchBrowser, signedInState} from './lib/browser';
import {loginScriptWeight, searchIndexStats, type VersionIndexStats} from './lib/buildOutput';
import {coldBuild, gateBuildLayout, productBuild} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {memoryOf, Resources, type Timed} from './lib/processes';
import {note, printTable, Report, type Cell} from './lib/report';
import {kib, ratio, round} from './lib/stats';
import {startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';
import {coldQuery, searchOnPage, twoWordQuery, type ColdQuery, type PageSearch} from './search';

const DEFAULT_SIZES = [10, 1000, 5000];
const KEYSTROKE_RUNS = 3;

function sizes(): number[] {
  const raw = process.env.BENCH_GROWTH_DOCS;
  if (!raw) return DEFAULT_SIZES;
  const parsed = raw.split(',').map((value) => Number(value.trim()));
  if (parsed.some((value) => !Number.isInteger(value) || value < 1))
    throw new Error(`BENCH_GROWTH_DOCS must list positive integers (docs per version); got "${raw}"`);
  return parsed;
}

/** Whether to time a plain `docusaurus build` beside `npm run build` (BENCH_GROWTH_PLAIN=0: not, e.g. at 10,000 docs per version). */
function plainBuildWanted(): boolean {
  const raw = process.env.BENCH_GROWTH_PLAIN;
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`BENCH_GROWTH_PLAIN must be 0 or 1; got "${raw}"`);
}

interface Step {
  docsPerVersion: number;
  docs: number;
  markdownMiB: number;
  /** null when skipped (BENCH_GROWTH_PLAIN=0). */
  plain: Timed | null;
  product: Timed;
  /** 2.0's index (the current version). */
  index: VersionIndexStats;
  loginScriptsGzip9Bytes: number;
  gate: {startMs: number; rssMiB: number};
  search: PageSearch[];
  twoWords: ColdQuery;
}

const seconds = (ms: number) => round(ms / 1000, 1);

async function measure(workspace: Workspace, docsPerVersion: number, withPlain: boolean): Promise<Step> {
  const {siteDir, summary} = await workspace.corpusCopy(docsPerVersion);
  let plain: Timed | null = null;
  if (withPlain) {
    const plainOut = path.join(siteDir, 'out-plain');
    plain = await coldBuild(siteDir, plainOut, 'faster');
    rmSync(plainOut, {recursive: true, force: true});
  }
  const productOut = path.join(siteDir, 'out-product');
  const product = await productBuild(siteDir, productOut);
  note(
    `${summary.docs} docs: docusaurus build ${plain ? `${seconds(plain.wallMs)} s` : 'skipped'}, npm run build ${seconds(product.wallMs)} s`,
  );

  const {site} = gateBuildLayout(productOut);
  const [currentInSection] = summary.sampleRoutes;
  const index = searchIndexStats(site).find((stats) => stats.version === '')!;

  const resources = new Resources();
  try {
    const started = Date.now();
    const gate = resources.add(await startGate(productOut, PORTS.gate));
    const startMs = Date.now() - started;
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const state = await signedInState(browser, gate.origin);
    const pages = [
      {name: 'doc in a section', route: currentInSection!},
      {name: 'doc outside every section', route: '/chapter-1-introduction'},
      {name: 'home page', route: '/'},
    ];
    const search: PageSearch[] = [];
    for (const page of pages) search.push(await searchOnPage(browser, state, gate.origin, page.name, page.route, KEYSTROKE_RUNS));
    const twoWords = await coldQuery(browser, state, gate.origin, pages[0]!.name, pages[0]!.route, twoWordQuery(), KEYSTROKE_RUNS);
    return {
      docsPerVersion,
      docs: summary.docs,
      markdownMiB: round(summary.markdownBytes / 2 ** 20, 1),
      plain,
      product,
      index,
      loginScriptsGzip9Bytes: loginScriptWeight('corpus', productOut, summary.docs).gzip9Bytes,
      gate: {startMs, rssMiB: memoryOf(gate.pid).rssMiB},
      search,
      twoWords,
    };
  } finally {
    await resources.close();
    // The next size's builds need the disk more than this one's files.
    rmSync(productOut, {recursive: true, force: true});
  }
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('growth');
  const steps: Step[] = [];
  const withPlain = plainBuildWanted();
  for (const docsPerVersion of sizes()) steps.push(await measure(workspace, docsPerVersion, withPlain));

  const row = (figure: string, value: (step: Step) => Cell): Cell[] => [figure, ...steps.map(value)];
  const searchRows = (name: string): Cell[][] => {
    const of = (step: Step) => step.search.find((result) => result.name === name)!;
    return [
      row(
        `search, ${name}: manifest loaded before the cold key (runs)`,
        (step) => `${of(step).cold.manifestLoadedBeforeKey}/${of(step).cold.runs}`,
      ),
      row(`search, ${name}: index KiB transferred before the first suggestions`, (step) => kib(of(step).cold.maxBytesBeforeFirst)),
      row(`search, ${name}: index KiB transferred before the final list`, (step) => kib(of(step).cold.maxBytesBeforeFinal)),
      row(`search, ${name}: cold keystroke → suggestions, median ms`, (step) => of(step).cold.medianFinalMs),
      row(`search, ${name}: the next key → suggestions, median ms`, (step) => of(step).next.medianFinalMs),
      row(`search, ${name}: warm key → suggestions, median ms`, (step) => of(step).warm.medianFinalMs),
      row(`search, ${name}: per query p95 ms, as they come`, (step) => of(step).perQuery.firstPass.p95Ms),
      row(`search, ${name}: per query p95 ms, parts loaded`, (step) => of(step).perQuery.loaded.p95Ms),
    ];
  };
  const first = steps[0]!;
  printTable(
    'Growth: each figure at each size of the corpus (docs in both versions together)',
    ['Figure', ...steps.map((step) => `${step.docs} docs`)],
    [
      row('Markdown MiB', (step) => step.markdownMiB),
      row('docusaurus build (Faster), wall s', (step) => (step.plain ? seconds(step.plain.wallMs) : 'skipped')),
      row('npm run build, wall s', (step) => seconds(step.product.wallMs)),
      row('npm run build ÷ docusaurus build', (step) => (step.plain ? ratio(step.product.wallMs, step.plain.wallMs) : null)),
      row('docusaurus build, CPU s', (step) => (step.plain ? seconds(step.plain.cpuMs) : null)),
      row('npm run build, CPU s', (step) => seconds(step.product.cpuMs)),
      row('docusaurus build, peak memory MiB', (step) => step.plain?.peakRssMiB ?? null),
      row('npm run build, peak memory MiB', (step) => step.product.peakRssMiB),
      row("2.0's index: pages / terms", (step) => `${step.index.pages} / ${step.index.terms}`),
      row("2.0's manifest, raw KiB / as sent", (step) => `${kib(step.index.manifest.raw)} / ${kib(step.index.manifest.served)}`),
      row("2.0's term parts: count / raw KiB / gzip -9 KiB", (step) =>
        [step.index.termParts.count, kib(step.index.termParts.raw), kib(step.index.termParts.gzip9)].join(' / '),
      ),
      row("2.0's doc parts: count / raw KiB / gzip -9 KiB", (step) =>
        [step.index.docParts.count, kib(step.index.docParts.raw), kib(step.index.docParts.gzip9)].join(' / '),
      ),
      row("2.0's largest part, raw KiB", (step) => kib(Math.max(step.index.termParts.largestRaw, step.index.docParts.largestRaw))),
      row("2.0's pages indexed with an empty title", (step) => step.index.emptyPages),
      row('login page scripts, KiB gzip -9', (step) => kib(step.loginScriptsGzip9Bytes)),
      row(`login page scripts ÷ at ${first.docs} docs`, (step) => ratio(step.loginScriptsGzip9Bytes, first.loginScriptsGzip9Bytes)),
      row('gate: start to /healthz ms', (step) => step.gate.startMs),
      row('gate: memory after the searches MiB', (step) => step.gate.rssMiB),
      ...searchRows('doc in a section'),
      ...searchRows('doc outside every section'),
      ...searchRows('home page'),
      row('search, a two-word query pasted cold in a doc: median ms to the list', (step) => step.twoWords.summary.medianFinalMs),
      row(
        'search, that query: index KiB transferred / parts fetched (max)',
        (step) => `${kib(step.twoWords.summary.maxBytesBeforeFinal)} / ${step.twoWords.summary.maxPartsBeforeFinal}`,
      ),
    ],
  );
  note("Every size is built cold in a copy of its own; the searches are the search benchmark's (bench/search.ts), 3 cold runs a page.");
  if (!withPlain) note('BENCH_GROWTH_PLAIN=0: no plain docusaurus build was timed.');
  report.write({steps});
}
