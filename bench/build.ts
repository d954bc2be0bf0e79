/**
 * Benchmark 1: `npm run build` of the generated corpus, cold, against a plain `docusaurus build` of the
 * same docs: what the product adds to Docusaurus's own build, in time and peak memory. Its output is
 * the corpus build the later benchmarks serve.
 */
import path from 'node:path';
import {searchIndexStats} from './lib/buildOutput';
import {coldBuild, gateBuildLayout, productBuild} from './lib/docusaurus';
import type {Timed} from './lib/processes';
import {Report} from './lib/report';
import {ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';
import {indexRows} from './search';

/** `npm run build` (site, login build, precompression, server) ÷ a plain `docusaurus build` of the same docs. */
const GOAL_RATIO = 1.25;

const seconds = (ms: number) => round(ms / 1000, 1);
const row = (build: string, timed: Timed) => ({
  Build: build,
  'Wall s': seconds(timed.wallMs),
  'CPU s': seconds(timed.cpuMs),
  'Peak MiB': timed.peakRssMiB,
});

export async function run(workspace: Workspace): Promise<void> {
  const report = new Report('build');
  const n = workspace.corpusDocs;
  const {siteDir, summary} = await workspace.corpusCopy(n);
  const plainOut = path.join(siteDir, 'out-plain');
  const plain = await coldBuild(siteDir, plainOut);
  report.note(`corpus, docusaurus build: ${seconds(plain.wallMs)} s`);
  const productOut = path.join(siteDir, 'out-product');
  const product = await productBuild(siteDir, productOut);
  report.note(`corpus, npm run build: ${seconds(product.wallMs)} s`);
  workspace.adopt(productOut);
  const indexes = searchIndexStats(gateBuildLayout(productOut).site);
  const wallRatio = ratio(product.wallMs, plain.wallMs);

  report.table(
    `Cold builds of the corpus (${summary.docs} docs, ${round(summary.markdownBytes / 2 ** 20, 1)} MiB of Markdown; CPU: user+system of every process; peak: summed resident sets)`,
    [
      row('docusaurus build', plain),
      row('npm run build', product),
      {
        Build: 'ratio',
        'Wall s': wallRatio,
        'CPU s': ratio(product.cpuMs, plain.cpuMs),
        'Peak MiB': ratio(product.peakRssMiB, plain.peakRssMiB),
      },
    ],
  );
  report.table(`Search index of the corpus as npm run build leaves it (${n} docs per version)`, indexRows(indexes));
  report.goal(`npm run build ÷ docusaurus build ≤ ${GOAL_RATIO}× (wall)`, wallRatio, wallRatio <= GOAL_RATIO);
  const empty = indexes.reduce((sum, index) => sum + index.emptyPages, 0);
  report.goal('pages indexed with an empty title = 0', empty, empty === 0);
  report.write({plain, product, corpus: summary, indexes});
}
