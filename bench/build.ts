/**
 * Benchmark 1: cold production builds, webpack against Docusaurus Faster (Rspack + SWC), on our
 * site and on the generated corpus, with a check that both bundlers produce the same site.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {writeCorpus} from './corpus';
import {listBuildFiles} from '../shared/buildLayout';
import {compareBuilds, fileBytes, searchIndexFiles, searchIndexStats, totalBytes, type Equivalence} from './lib/buildOutput';
import {coldBuild, gateBuildLayout, productBuild, type Bundler} from './lib/docusaurus';
import type {Timed} from './lib/processes';
import {goalCell, note, printTable, Report, type Cell} from './lib/report';
import {kib, median, ratio, round} from './lib/stats';
import {positiveInteger, type Workspace} from './lib/workspace';
import {INDEX_HEADER, indexRows} from './search';

const SITE_RUNS = 3;
/** `npm run build` (site, login build, precompression, server) ÷ a plain `docusaurus build` of the same docs. */
const PRODUCT_GOAL_RATIO = 1.25;
const MAX_CORPUS_RUNS = 3;
const GOAL_RATIO = 3;
/**
 * webpack needs minutes per thousand docs on this machine: the webpack-vs-Faster corpus comparison
 * uses this many docs per version (BENCH_CORPUS_COMPARE_DOCS), the full corpus is built with Faster.
 */
const DEFAULT_COMPARE_DOCS = 50;
/** The search option whose effect on index size the optional extra build shows. */
const IGNORE_CODE = "ignoreCssSelectors: ['pre'],";

const BUNDLERS: readonly Bundler[] = ['faster', 'webpack'];

interface Series {
  label: string;
  docsPerVersion: number | null;
  runs: Record<Bundler, Timed[]>;
}

const seconds = (ms: number) => round(ms / 1000, 1);

/**
 * Cold builds with each bundler, interleaved so that load from elsewhere on the machine falls on
 * both alike; `minRuns` always, more while the time budget allows.
 */
async function timeBuilds(
  workspace: Workspace,
  series: Series,
  siteDir: string,
  bundlers: readonly Bundler[],
  minRuns: number,
  maxRuns: number,
): Promise<Record<Bundler, string>> {
  const outDirs = {faster: path.join(siteDir, 'out-faster'), webpack: path.join(siteDir, 'out-webpack')};
  for (let run = 1; run <= maxRuns; run++) {
    const expected = bundlers.reduce((sum, bundler) => sum + (series.runs[bundler].at(-1)?.wallMs ?? 0), 0);
    if (run > minRuns && workspace.spareMs() < expected) break;
    for (const bundler of bundlers) {
      const timed = await coldBuild(siteDir, outDirs[bundler], bundler);
      series.runs[bundler].push(timed);
      note(`${series.label}, ${bundler}, run ${run}: ${seconds(timed.wallMs)} s (CPU ${seconds(timed.cpuMs)} s)`);
    }
  }
  return outDirs;
}

function newSeries(label: string, docsPerVersion: number | null): Series {
  return {label, docsPerVersion, runs: {faster: [], webpack: []}};
}

function summary(series: Series) {
  const of = (bundler: Bundler) => {
    const runs = series.runs[bundler];
    if (runs.length === 0) return null;
    return {
      runs: runs.length,
      medianWallSeconds: seconds(median(runs.map((run) => run.wallMs))),
      medianCpuSeconds: seconds(median(runs.map((run) => run.cpuMs))),
      wallSeconds: runs.map((run) => seconds(run.wallMs)),
    };
  };
  const faster = of('faster');
  const webpack = of('webpack');
  return {
    label: series.label,
    docsPerVersion: series.docsPerVersion,
    faster,
    webpack,
    webpackOverFaster:
      faster && webpack
        ? {wall: ratio(webpack.medianWallSeconds, faster.medianWallSeconds), cpu: ratio(webpack.medianCpuSeconds, faster.medianCpuSeconds)}
        : null,
  };
}

/** Raw and gzip bytes of all of a build's search index files (every version's manifest and parts). */
function indexBytes(buildDir: string): {bytes: number; gzipBytes: number} {
  const total = totalBytes(searchIndexFiles(listBuildFiles(buildDir)).map((file) => fileBytes(buildDir, file)));
  return {bytes: total.raw, gzipBytes: total.gzip9};
}

/**
 * One more build of the comparison corpus with code blocks indexed (the option removed from a
 * copy's config), against the webpack build already made of the same corpus.
 */
async function codeBlocksInIndex(workspace: Workspace, docsPerVersion: number, withoutCode: string) {
  const siteDir = workspace.newCopy('corpus-code-indexed');
  await writeCorpus(siteDir, docsPerVersion);
  const configFile = path.join(siteDir, 'docusaurus.config.ts');
  const config = readFileSync(configFile, 'utf8');
  if (!config.includes(IGNORE_CODE)) return null;
  writeFileSync(configFile, config.replace(IGNORE_CODE, ''));
  const outDir = path.join(siteDir, 'out-webpack');
  const timed = await coldBuild(siteDir, outDir, 'webpack');
  note(`corpus with code blocks indexed, webpack: ${seconds(timed.wallMs)} s`);
  const [ignored, indexed] = [indexBytes(withoutCode), indexBytes(outDir)];
  return {
    docsPerVersion,
    ignoringPre: ignored,
    indexingPre: indexed,
    growth: {raw: ratio(indexed.bytes, ignored.bytes), gzip: ratio(indexed.gzipBytes, ignored.gzipBytes)},
  };
}

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('build');
  const n = workspace.corpusDocs;
  const compareDocs = Math.min(n, positiveInteger('BENCH_CORPUS_COMPARE_DOCS', DEFAULT_COMPARE_DOCS));

  const site = newSeries('our site', null);
  const siteOut = await timeBuilds(workspace, site, workspace.siteCopy(), BUNDLERS, SITE_RUNS, SITE_RUNS);
  const siteEquivalence = compareBuilds(siteOut.faster, siteOut.webpack);
  workspace.adopt('site-server', siteOut.faster);

  // The full corpus first: its one Faster build is needed (the search benchmark uses it); the
  // comparison's repeats come last, so that only they give way when time runs short.
  const full = await workspace.corpusCopy(n);
  let corpusFull: Series | null = null;
  if (compareDocs < n) {
    corpusFull = newSeries('corpus', n);
    await timeBuilds(workspace, corpusFull, full.siteDir, ['faster'], 1, 1);
  }
  // `npm run build` of the full corpus, against a plain build of the same docs (above, or the
  // comparison's below): what the product adds to Docusaurus's own build. Its output is the corpus
  // build the later benchmarks serve.
  const productOut = path.join(full.siteDir, 'out-product');
  const product = await productBuild(full.siteDir, productOut);
  note(`corpus, npm run build: ${seconds(product.wallMs)} s (CPU ${seconds(product.cpuMs)} s, peak ${product.peakRssMiB} MiB)`);
  const productIndexes = searchIndexStats(gateBuildLayout(productOut).site);
  workspace.adopt('corpus-server', productOut);
  const comparison = await workspace.corpusCopy(compareDocs);
  const corpusCompare = newSeries('corpus', compareDocs);
  const compareOut = await timeBuilds(workspace, corpusCompare, comparison.siteDir, BUNDLERS, 1, MAX_CORPUS_RUNS);
  const corpusEquivalence = compareBuilds(compareOut.faster, compareOut.webpack);
  const corpusSummary = (await workspace.corpusCopy(n)).summary;
  // Optional: only when a webpack corpus build still fits the budget, or BENCH_PRE_COMPARISON=1.
  const lastWebpack = corpusCompare.runs.webpack.at(-1)!.wallMs;
  const codeWanted = process.env.BENCH_PRE_COMPARISON === '1' || workspace.spareMs() > lastWebpack;
  const code = codeWanted ? await codeBlocksInIndex(workspace, compareDocs, compareOut.webpack) : null;

  const all = [site, corpusCompare, ...(corpusFull ? [corpusFull] : [])].map(summary);
  printTable(
    'Cold build: what `docusaurus clear` removes removed, then `docusaurus build` (wall-clock seconds; CPU = user+system of all processes and threads)',
    ['Site', 'Docs/version', 'Bundler', 'Runs', 'Median wall s', 'Median CPU s', 'Each run, wall s'],
    all.flatMap((entry) =>
      BUNDLERS.flatMap((bundler): Cell[][] => {
        const result = entry[bundler];
        if (!result) return [];
        const docs = entry.docsPerVersion === null ? 'site as is' : entry.docsPerVersion;
        return [
          [entry.label, docs, bundler, result.runs, result.medianWallSeconds, result.medianCpuSeconds, result.wallSeconds.join(', ')],
        ];
      }),
    ),
  );

  const equivalenceRow = (entry: ReturnType<typeof summary>, equivalence: Equivalence): Cell[] => [
    entry.label,
    entry.docsPerVersion ?? 'site as is',
    entry.webpackOverFaster!.wall,
    entry.webpackOverFaster!.cpu,
    goalCell(entry.webpackOverFaster!.wall >= GOAL_RATIO),
    `${equivalence.sameHtmlRoutes ? 'same' : 'DIFFERENT'} (${equivalence.htmlRoutes})`,
    `${equivalence.sameSearchIndexFiles ? 'same' : 'DIFFERENT'} (${equivalence.searchIndexFiles.length})`,
    equivalence.identicalSearchIndexes ? 'yes' : 'no',
    `${equivalence.emptyIndexedPages.faster} / ${equivalence.emptyIndexedPages.webpack}`,
  ];
  printTable(
    `webpack ÷ Faster (medians; goal: Faster ≥ ${GOAL_RATIO}× quicker) and are the outputs equivalent?`,
    [
      'Site',
      'Docs/version',
      'Wall ratio',
      'CPU ratio',
      'Goal',
      'HTML routes',
      'Search index files (manifests + parts)',
      'Indexes byte-identical',
      'Pages indexed with an empty title F / W',
    ],
    [equivalenceRow(all[0]!, siteEquivalence), equivalenceRow(all[1]!, corpusEquivalence)],
  );
  note(
    `Corpus: ${corpusSummary.docs} docs in ${corpusSummary.categories} categories, ${round(corpusSummary.markdownBytes / 2 ** 20, 1)} MiB of Markdown, ` +
      `${Math.round(corpusSummary.words / corpusSummary.docs)} words per doc.`,
  );
  if (compareDocs < n) {
    note(
      `webpack on the ${n}-docs-per-version corpus does not fit the 15-minute budget, so the webpack-vs-Faster corpus ` +
        `comparison uses ${compareDocs} docs per version (BENCH_CORPUS_COMPARE_DOCS); the full corpus is built with Faster only.`,
    );
  }
  if (code) {
    printTable(
      `Search indexes with code blocks left out (${IGNORE_CODE}) and indexed, corpus of ${compareDocs} docs per version, webpack builds`,
      ['Code blocks', 'Raw KiB', 'gzip -9 KiB'],
      [
        ['left out (the product)', kib(code.ignoringPre.bytes), kib(code.ignoringPre.gzipBytes)],
        ['indexed', kib(code.indexingPre.bytes), kib(code.indexingPre.gzipBytes)],
        ['indexed ÷ left out', code.growth.raw, code.growth.gzip],
      ],
    );
  } else if (codeWanted) {
    note(`Index size with code blocks indexed: skipped, docusaurus.config.ts no longer has ${IGNORE_CODE}`);
  } else {
    note('Index size with code blocks indexed: skipped (no time left in the budget; BENCH_PRE_COMPARISON=1 forces it).');
  }
  const plain = (corpusFull ?? corpusCompare).runs.faster.at(-1)!;
  const productRatio = {wall: ratio(product.wallMs, plain.wallMs), cpu: ratio(product.cpuMs, plain.cpuMs)};
  printTable(
    `npm run build ÷ a plain docusaurus build of the same ${n} docs per version (goal ≤ ${PRODUCT_GOAL_RATIO}×, wall-clock)`,
    ['Build', 'Wall s', 'CPU s', 'Peak memory MiB (all processes)'],
    [
      ['docusaurus build (Faster)', seconds(plain.wallMs), seconds(plain.cpuMs), plain.peakRssMiB],
      ['npm run build', seconds(product.wallMs), seconds(product.cpuMs), product.peakRssMiB],
      [
        `ratio (${goalCell(productRatio.wall <= PRODUCT_GOAL_RATIO)})`,
        productRatio.wall,
        productRatio.cpu,
        ratio(product.peakRssMiB, plain.peakRssMiB),
      ],
    ],
  );

  printTable(`Search index of the corpus as npm run build leaves it (${n} docs per version)`, INDEX_HEADER, indexRows(productIndexes));

  const empty = siteEquivalence.emptyIndexedPages.faster + corpusEquivalence.emptyIndexedPages.faster;
  if (empty > 0)
    note(`WARNING: ${empty} pages were indexed with an empty title in the Faster builds (see BENCHMARKS.md, "Problems found").`);

  report.write({
    goal: `webpack ÷ Faster wall-clock ≥ ${GOAL_RATIO}`,
    site: {...all[0], equivalence: siteEquivalence},
    corpusComparison: {...all[1], equivalence: corpusEquivalence},
    corpusFull: all[2] ?? null,
    productBuild: {
      goal: `npm run build ÷ docusaurus build ≤ ${PRODUCT_GOAL_RATIO}`,
      docsPerVersion: n,
      plain: {wallSeconds: seconds(plain.wallMs), cpuSeconds: seconds(plain.cpuMs), peakRssMiB: plain.peakRssMiB},
      product: {wallSeconds: seconds(product.wallMs), cpuSeconds: seconds(product.cpuMs), peakRssMiB: product.peakRssMiB},
      ratio: productRatio,
    },
    corpus: corpusSummary,
    corpusSearchIndexes: productIndexes,
    codeBlocksInSearchIndex: code,
  });
}
