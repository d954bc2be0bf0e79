/**
 * Benchmark 1: `npm run build` of the generated corpus, cold, against a plain `docusaurus build` of the
 * same docs: what the product adds to Docusaurus's own build, in time and peak memory. Its output is
 * the corpus build the later benchmarks serve.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {searchIndexStats} from './lib/buildOutput';
import type {Timed} from './lib/processes';
import {goal, type Result} from './lib/report';
import {ratio, round} from './lib/stats';
import {coldBuild, productBuild, type Workspace} from './lib/workspace';
import {indexRows} from './search';

/** `npm run build` (site, login build, precompression, server) ÷ a plain `docusaurus build` of the same docs. */
const GOAL_RATIO = 1.25;

export const seconds = (ms: number) => round(ms / 1000, 1);

/** The corpus with `docsPerVersion` docs, built cold by `docusaurus build` (unless `withPlain` is false) and by `npm run build`. */
export async function buildCorpus(workspace: Workspace, docsPerVersion: number, withPlain = true) {
  const {siteDir, summary} = await workspace.corpusCopy(docsPerVersion);
  const plainOut = path.join(siteDir, 'out-plain');
  const plain = withPlain ? await coldBuild(siteDir, plainOut) : null;
  // The product build needs the disk more than the plain build's files.
  rmSync(plainOut, {recursive: true, force: true});
  const buildDir = path.join(siteDir, 'out-product');
  const product = await productBuild(siteDir, buildDir);
  return {summary, plain, product, buildDir, indexes: searchIndexStats(buildDir)};
}

export async function run(workspace: Workspace): Promise<Result> {
  const {summary, plain, product, buildDir, indexes} = await buildCorpus(workspace, workspace.corpusDocs);
  workspace.adopt(buildDir);
  const row = (build: string, timed: Timed) => ({
    Build: build,
    'Wall s': seconds(timed.wallMs),
    'CPU s': seconds(timed.cpuMs),
    'Peak MiB': timed.peakRssMiB,
  });
  const ratios = {'Wall s': ratio(product.wallMs, plain!.wallMs), 'CPU s': ratio(product.cpuMs, plain!.cpuMs)};
  const empty = indexes.reduce((sum, index) => sum + index.emptyPages, 0);
  return {
    tables: [
      {
        title: `Cold builds of the corpus (${summary.docs} docs, ${round(summary.markdownBytes / 2 ** 20, 1)} MiB of Markdown; CPU: user+system of every process; peak: summed resident sets)`,
        rows: [
          row('docusaurus build', plain!),
          row('npm run build', product),
          {Build: 'ratio', ...ratios, 'Peak MiB': ratio(product.peakRssMiB, plain!.peakRssMiB)},
        ],
      },
      {
        title: `Search index of the corpus as npm run build leaves it (${summary.docsPerVersion} docs per version)`,
        rows: indexRows(indexes),
      },
    ],
    goals: [
      goal(`npm run build ÷ docusaurus build ≤ ${GOAL_RATIO}× (wall)`, ratios['Wall s'], ratios['Wall s'] <= GOAL_RATIO),
      goal('pages indexed with an empty title = 0', empty, empty === 0),
    ],
    raw: {plain, product, corpus: summary, indexes},
  };
}
