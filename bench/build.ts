/**
 * Benchmark 1: `npm run build` of the generated corpus, cold, against a plain `docusaurus build` of the
 * same docs: what the product adds to Docusaurus's own build, in time and peak memory. Its output is
 * the corpus build the later benchmarks serve.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {searchIndexRows} from './lib/buildOutput';
import type {Timed} from './lib/processes';
import {goal, type Result} from './lib/report';
import {ratio, round, sum} from './lib/stats';
import {coldBuild, type Workspace} from './lib/workspace';

/** `npm run build` (site, login build, precompression, server) ÷ a plain `docusaurus build` of the same docs. */
const GOAL_RATIO = 1.25;

const row = (build: string, {wallMs, cpuMs, peakRssMiB}: Timed) => ({
  Build: build,
  'Wall s': round(wallMs / 1000, 1),
  'CPU s': round(cpuMs / 1000, 1),
  'Peak MiB': peakRssMiB,
});

export async function run(workspace: Workspace): Promise<Result> {
  const {siteDir, summary} = await workspace.corpusCopy();
  const plainOut = path.join(siteDir, 'out-plain');
  const plain = await coldBuild('plain', siteDir, plainOut);
  // The product build needs the disk more than the plain build's files.
  rmSync(plainOut, {recursive: true, force: true});
  const {buildDir, timed: product} = await workspace.corpusBuild();
  const wallRatio = ratio(product.wallMs, plain.wallMs);
  const indexes = searchIndexRows(buildDir);
  const empty = sum(indexes.map((index) => index['Pages indexed with an empty title']));
  return {
    tables: [
      {
        title: `Cold builds of the corpus (${summary.docs} docs, ${round(summary.markdownBytes / 2 ** 20, 1)} MiB of Markdown; CPU: user+system of every process; peak: summed resident sets)`,
        rows: [
          row('docusaurus build', plain),
          row('npm run build', product),
          {
            Build: 'ratio',
            'Wall s': wallRatio,
            'CPU s': ratio(product.cpuMs, plain.cpuMs),
            'Peak MiB': ratio(product.peakRssMiB, plain.peakRssMiB),
          },
        ],
      },
      {title: `Search index of the corpus as npm run build leaves it (${summary.docsPerVersion} docs per version)`, rows: indexes},
    ],
    goals: [
      goal(`npm run build ÷ docusaurus build ≤ ${GOAL_RATIO}× (wall)`, wallRatio, wallRatio <= GOAL_RATIO),
      goal('pages indexed with an empty title = 0', empty, empty === 0),
    ],
    raw: {plain, product, corpus: summary, indexes},
  };
}
