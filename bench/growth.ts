/**
 * Growth, not in the default run (`BENCH_ONLY=growth npm run bench`): the corpus at each size of
 * BENCH_GROWTH_DOCS (docs per version; default 10, 1000 and 5000, i.e. 20, 2,000 and 10,000 docs),
 * built cold twice (a plain Faster `docusaurus build`, then `npm run build`), served by the gate and
 * searched from a doc in a section, a doc outside every section and the home page. One table shows
 * how each figure grows with the docs.
 */
import {existsSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {launchBrowser, signedInState} from './lib/browser';
import {loginScriptWeight} from './lib/buildOutput';
import {coldBuild, gateBuildLayout, productBuild} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {memoryOf, Resources, type Timed} from './lib/processes';
import {note, printTable, Report, type Cell} from './lib/report';
import {kib, ratio, round} from './lib/stats';
import {startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';
import {searchOnPage, type PageSearch} from './search';
import {OUTLINE_INDEX, sectionIndex, WHOLE_INDEX} from '../shared/searchIndexFiles';

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

/** Bytes of a build file as the gate sends it: its precompressed brotli copy when there is one. */
function servedBytes(dir: string, file: string): {raw: number; served: number} {
  const raw = statSync(path.join(dir, file)).size;
  const brotli = path.join(dir, `${file}.br`);
  return {raw, served: existsSync(brotli) ? statSync(brotli).size : raw};
}

interface Step {
  docsPerVersion: number;
  docs: number;
  markdownMiB: number;
  plain: Timed;
  product: Timed;
  indexes: Record<'whole' | 'outline' | 'section', {raw: number; served: number}>;
  loginScriptsGzip9Bytes: number;
  gate: {startMs: number; rssMiB: number};
  search: PageSearch[];
}

const seconds = (ms: number) => round(ms / 1000, 1);

async function measure(workspace: Workspace, docsPerVersion: number): Promise<Step> {
  const {siteDir, summary} = await workspace.corpusCopy(docsPerVersion);
  const plainOut = path.join(siteDir, 'out-plain');
  const plain = await coldBuild(siteDir, plainOut, 'faster');
  rmSync(plainOut, {recursive: true, force: true});
  const productOut = path.join(siteDir, 'out-product');
  const product = await productBuild(siteDir, productOut);
  note(`${summary.docs} docs: docusaurus build ${seconds(plain.wallMs)} s, npm run build ${seconds(product.wallMs)} s`);

  const {site} = gateBuildLayout(productOut);
  const [currentInSection] = summary.sampleRoutes;
  const section = currentInSection!.split('/')[1]!;
  const indexes = {
    whole: servedBytes(site, WHOLE_INDEX),
    outline: servedBytes(site, OUTLINE_INDEX),
    section: servedBytes(site, sectionIndex(section)),
  };

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
    return {
      docsPerVersion,
      docs: summary.docs,
      markdownMiB: round(summary.markdownBytes / 2 ** 20, 1),
      plain,
      product,
      indexes,
      loginScriptsGzip9Bytes: loginScriptWeight('corpus', productOut, summary.docs).gzip9Bytes,
      gate: {startMs, rssMiB: memoryOf(gate.pid).rssMiB},
      search,
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
  for (const docsPerVersion of sizes()) steps.push(await measure(workspace, docsPerVersion));

  const row = (figure: string, value: (step: Step) => Cell): Cell[] => [figure, ...steps.map(value)];
  const searchRows = (name: string): Cell[][] => {
    const of = (step: Step) => step.search.find((result) => result.name === name)!;
    return [
      row(`search, ${name}: index KiB transferred before the first suggestions`, (step) => kib(of(step).indexBytesTransferred)),
      row(`search, ${name}: cold keystroke → suggestions, median ms`, (step) => of(step).cold.medianSuggestionsMs),
      row(`search, ${name}: the next key → suggestions, median ms`, (step) => of(step).next.medianSuggestionsMs),
      row(`search, ${name}: per query p95 ms (index loaded)`, (step) => of(step).perQuery.p95Ms),
    ];
  };
  const first = steps[0]!;
  printTable(
    'Growth: each figure at each size of the corpus (docs in both versions together)',
    ['Figure', ...steps.map((step) => `${step.docs} docs`)],
    [
      row('Markdown MiB', (step) => step.markdownMiB),
      row('docusaurus build (Faster), wall s', (step) => seconds(step.plain.wallMs)),
      row('npm run build, wall s', (step) => seconds(step.product.wallMs)),
      row('npm run build ÷ docusaurus build', (step) => ratio(step.product.wallMs, step.plain.wallMs)),
      row('docusaurus build, peak memory MiB', (step) => step.plain.peakRssMiB),
      row('npm run build, peak memory MiB', (step) => step.product.peakRssMiB),
      row("2.0's whole index, raw KiB", (step) => kib(step.indexes.whole.raw)),
      row("2.0's whole index, KiB as sent (brotli)", (step) => kib(step.indexes.whole.served)),
      row("2.0's outline, KiB as sent", (step) => kib(step.indexes.outline.served)),
      row('a section index of 2.0, KiB as sent', (step) => kib(step.indexes.section.served)),
      row('login page scripts, KiB gzip -9', (step) => kib(step.loginScriptsGzip9Bytes)),
      row(`login page scripts ÷ at ${first.docs} docs`, (step) => ratio(step.loginScriptsGzip9Bytes, first.loginScriptsGzip9Bytes)),
      row('gate: start to /healthz ms', (step) => step.gate.startMs),
      row('gate: memory after the searches MiB', (step) => step.gate.rssMiB),
      ...searchRows('doc in a section'),
      ...searchRows('doc outside every section'),
      ...searchRows('home page'),
    ],
  );
  note("Every size is built cold in a copy of its own; the searches are the search benchmark's (bench/search.ts), 3 cold runs a page.");
  report.write({steps});
}
