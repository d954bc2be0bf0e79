/**
 * Growth, not in the default run (`BENCH_ONLY=growth npm run bench`): the corpus at each size of
 * BENCH_GROWTH_DOCS (docs per version; default 10, 1000 and 5000, i.e. 20, 2,000 and 10,000 docs),
 * built cold twice (a plain `docusaurus build`, then `npm run build`; `BENCH_GROWTH_PLAIN=0` skips the
 * plain build), served by the gate and searched as the search benchmark does from a doc in a section,
 * a doc outside every section and the home page. One table shows how each figure grows with the docs.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {launchBrowser, signedInState} from './lib/browser';
import {loginScriptWeight, searchIndexStats} from './lib/buildOutput';
import {coldBuild, gateBuildLayout, productBuild} from './lib/docusaurus';
import {PORTS} from './lib/environment';
import {memoryOf, Resources, type Timed} from './lib/processes';
import {Report, type Cell} from './lib/report';
import {kib, ratio, round} from './lib/stats';
import {startGate} from './lib/servers';
import type {Workspace} from './lib/workspace';
import {searchOnPage, type PageSearch} from './search';

const KEYSTROKE_RUNS = 3;
const PAGES = ['doc in a section', 'doc outside every section', 'home page'];

function sizes(): number[] {
  const raw = process.env.BENCH_GROWTH_DOCS || '10,1000,5000';
  const parsed = raw.split(',').map((value) => Number(value.trim()));
  if (parsed.some((value) => !Number.isInteger(value) || value < 1))
    throw new Error(`BENCH_GROWTH_DOCS must list positive integers (docs per version); got "${raw}"`);
  return parsed;
}

const seconds = (ms: number) => round(ms / 1000, 1);

async function measure(workspace: Workspace, docsPerVersion: number, withPlain: boolean) {
  const {siteDir, summary} = await workspace.corpusCopy(docsPerVersion);
  let plain: Timed | null = null;
  if (withPlain) {
    const plainOut = path.join(siteDir, 'out-plain');
    plain = await coldBuild(siteDir, plainOut);
    rmSync(plainOut, {recursive: true, force: true});
  }
  const productOut = path.join(siteDir, 'out-product');
  const product = await productBuild(siteDir, productOut);
  const index = searchIndexStats(gateBuildLayout(productOut).site).find((stats) => stats.version === '')!;
  const resources = new Resources();
  try {
    const started = Date.now();
    const gate = resources.add(await startGate(productOut, PORTS.gate));
    const startMs = Date.now() - started;
    const browser = await launchBrowser();
    resources.onClose(() => browser.close());
    const state = await signedInState(browser, gate.origin);
    const routes = [summary.sampleRoutes[0]!, '/chapter-1-introduction', '/'];
    const search: PageSearch[] = [];
    for (const [i, name] of PAGES.entries()) search.push(await searchOnPage(browser, state, gate.origin, name, routes[i]!, KEYSTROKE_RUNS));
    const loginScripts = loginScriptWeight('corpus', productOut, summary.docs).gzip9Bytes;
    return {
      docs: summary.docs,
      markdownMiB: round(summary.markdownBytes / 2 ** 20, 1),
      plain,
      product,
      index,
      loginScripts,
      startMs,
      rssMiB: memoryOf(gate.pid)['RSS MiB'],
      search,
    };
  } finally {
    await resources.close();
    // The next size's builds need the disk more than this one's files.
    rmSync(productOut, {recursive: true, force: true});
  }
}
type Step = Awaited<ReturnType<typeof measure>>;

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('growth');
  const withPlain = process.env.BENCH_GROWTH_PLAIN !== '0';
  const steps: Step[] = [];
  for (const docsPerVersion of sizes()) {
    steps.push(await measure(workspace, docsPerVersion, withPlain));
    report.note(`${steps.at(-1)!.docs} docs measured`);
  }
  const row = (figure: string, value: (step: Step) => Cell) =>
    Object.fromEntries([['Figure', figure], ...steps.map((step) => [`${step.docs} docs`, value(step)])]);
  const searchRows = (name: string, i: number) => {
    const of = (step: Step) => step.search[i]!;
    return [
      row(
        `search, ${name}: manifest loaded before the cold key`,
        (step) => `${of(step).cold.manifestLoadedBeforeKey}/${of(step).cold.runs}`,
      ),
      row(
        `search, ${name}: index KiB before the first / final list`,
        (step) => `${kib(of(step).cold.maxBytesBeforeFirst)} / ${kib(of(step).cold.maxBytesBeforeFinal)}`,
      ),
      row(`search, ${name}: cold / warm key → suggestions, median ms`, (step) =>
        [of(step).cold, of(step).warm].map((s) => s.medianFinalMs).join(' / '),
      ),
      row(
        `search, ${name}: per query p95 ms, as they come / parts loaded`,
        (step) => `${of(step).perQuery['as they come']['p95 ms']} / ${of(step).perQuery['parts loaded']['p95 ms']}`,
      ),
    ];
  };
  report.table('Growth: each figure at each size of the corpus (docs in both versions together)', [
    row('Markdown MiB', (step) => step.markdownMiB),
    row('docusaurus build: wall s / CPU s / peak MiB', (step) =>
      step.plain ? `${seconds(step.plain.wallMs)} / ${seconds(step.plain.cpuMs)} / ${step.plain.peakRssMiB}` : 'skipped',
    ),
    row(
      'npm run build: wall s / CPU s / peak MiB',
      (step) => `${seconds(step.product.wallMs)} / ${seconds(step.product.cpuMs)} / ${step.product.peakRssMiB}`,
    ),
    row('npm run build ÷ docusaurus build', (step) => (step.plain ? ratio(step.product.wallMs, step.plain.wallMs) : null)),
    row("2.0's index: pages / terms", (step) => `${step.index.pages} / ${step.index.terms}`),
    row("2.0's manifest, raw KiB / as sent", (step) => `${kib(step.index.manifest.raw)} / ${kib(step.index.manifest.served)}`),
    row(
      "2.0's term parts: count / raw KiB / gzip -9 KiB",
      (step) => `${step.index.termParts.count} / ${kib(step.index.termParts.raw)} / ${kib(step.index.termParts.gzip9)}`,
    ),
    row(
      "2.0's doc parts: count / raw KiB / gzip -9 KiB",
      (step) => `${step.index.docParts.count} / ${kib(step.index.docParts.raw)} / ${kib(step.index.docParts.gzip9)}`,
    ),
    row("2.0's largest part, raw KiB", (step) => kib(Math.max(step.index.termParts.largestRaw, step.index.docParts.largestRaw))),
    row("2.0's pages indexed with an empty title", (step) => step.index.emptyPages),
    row('login page scripts, KiB gzip -9', (step) => kib(step.loginScripts)),
    row('gate: start to /healthz ms / memory after the searches MiB', (step) => `${step.startMs} / ${step.rssMiB}`),
    ...PAGES.flatMap(searchRows),
  ]);
  report.write({steps});
}
