/**
 * Benchmark 1: `npm run build` of the generated corpus, cold, against a plain `docusaurus build` of the
 * same docs: what the product adds to Docusaurus's own build, in time and peak memory. Then the same
 * docs given audiences (issue 34), built right after the corpus without: what who-reads-what adds. Its
 * outputs are the corpus builds the later benchmarks serve.
 */
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {AUDIENCE_MAP, SITE_DIR, type AudienceMap} from '../contracts/buildLayout';
import type {CorpusSummary} from './corpus';
import {searchIndexRows} from './lib/buildOutput';
import type {Timed} from './lib/processes';
import {goal, type Result} from './lib/report';
import {ratio, round, sum} from './lib/stats';
import {coldBuild, type Workspace} from './lib/workspace';

/**
 * `npm run build` (site, login build, precompression, server) ÷ a plain `docusaurus build` of the same docs
 * in wall time; its peak memory no higher than plain's (issue 38).
 */
const GOAL_RATIO = 1.1;
/** The corpus with audiences (the leak proof included) ÷ without, in wall time and in peak memory (issue 57; 1.5 in issue 34). */
const AUDIENCES_GOAL_RATIO = 1.15;

const row = (build: string, {wallMs, cpuMs, peakRssMiB}: Timed) => ({
  Build: build,
  'Wall s': round(wallMs / 1000, 1),
  'CPU s': round(cpuMs / 1000, 1),
  'Peak MiB': peakRssMiB,
});

const ratioRow = (build: string, a: Timed, b: Timed) => ({
  Build: build,
  'Wall s': ratio(a.wallMs, b.wallMs),
  'CPU s': ratio(a.cpuMs, b.cpuMs),
  'Peak MiB': ratio(a.peakRssMiB, b.peakRssMiB),
});

/** What the gate learns from an audience build: the files only some readers may fetch, by who may. */
function audienceMapRows(buildDir: string, summary: CorpusSummary) {
  const map = JSON.parse(readFileSync(path.join(buildDir, SITE_DIR, AUDIENCE_MAP), 'utf8')) as AudienceMap;
  const byCondition = new Map<string, number>();
  for (const condition of Object.values(map.files)) byCondition.set(condition, (byCondition.get(condition) ?? 0) + 1);
  return [...byCondition]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([condition, files]) => ({
      Readers: condition,
      'Generated docs': summary.readers[condition] ?? 0,
      'Files in audiences.json': files,
    }));
}

/** The corpus with audiences, built cold right after the one without (the pair the goal compares). */
async function audienceBuild(workspace: Workspace, product: Timed) {
  const {buildDir, summary, timed} = await workspace.corpusBuild({audiences: true});
  const [wall, peak] = [ratio(timed.wallMs, product.wallMs), ratio(timed.peakRssMiB, product.peakRssMiB)];
  const readers = Object.entries(summary.readers).map(([condition, docs]) => `${condition} ${docs}`);
  const indexes = searchIndexRows(buildDir);
  return {
    indexes,
    rows: [row(`npm run build, ${summary.audiences.length} audiences`, timed), ratioRow('with audiences ÷ without', timed, product)],
    tables: [
      {
        title: `Who may fetch what in the build with audiences (site/${AUDIENCE_MAP}: every file, by who may)`,
        rows: audienceMapRows(buildDir, summary),
      },
      {title: 'Search index of the corpus with audiences (every partition of each version together)', rows: indexes},
    ],
    notes: [`Generated docs by readers, with audiences: ${readers.join(', ')}.`],
    goals: [
      goal(`npm run build with audiences ÷ without ≤ ${AUDIENCES_GOAL_RATIO}× (wall)`, wall, wall <= AUDIENCES_GOAL_RATIO),
      goal(`npm run build with audiences ÷ without ≤ ${AUDIENCES_GOAL_RATIO}× (peak memory)`, peak, peak <= AUDIENCES_GOAL_RATIO),
    ],
    raw: {timed, corpus: summary},
  };
}

export async function run(workspace: Workspace): Promise<Result> {
  const {siteDir, summary} = await workspace.corpusCopy();
  const plainOut = path.join(siteDir, 'out-plain');
  const plain = await coldBuild('plain', siteDir, plainOut);
  // The product build needs the disk more than the plain build's files.
  rmSync(plainOut, {recursive: true, force: true});
  const {buildDir, timed: product} = await workspace.corpusBuild();
  const audiences = workspace.corpusAudiences > 0 ? await audienceBuild(workspace, product) : undefined;
  const wallRatio = ratio(product.wallMs, plain.wallMs);
  const peakRatio = ratio(product.peakRssMiB, plain.peakRssMiB);
  const indexes = searchIndexRows(buildDir);
  const empty = sum([...indexes, ...(audiences?.indexes ?? [])].map((index) => index['Pages indexed with an empty title']));
  return {
    tables: [
      {
        title: `Cold builds of the corpus (${summary.docs} docs, ${round(summary.markdownBytes / 2 ** 20, 1)} MiB of Markdown; CPU: user+system of every process; peak: summed resident sets)`,
        rows: [
          row('docusaurus build', plain),
          row('npm run build', product),
          ratioRow('npm run build ÷ docusaurus build', product, plain),
          ...(audiences?.rows ?? []),
        ],
      },
      {title: `Search index of the corpus as npm run build leaves it (${summary.docsPerVersion} docs per version)`, rows: indexes},
      ...(audiences?.tables ?? []),
    ],
    notes: audiences?.notes ?? [],
    goals: [
      goal(`npm run build ÷ docusaurus build ≤ ${GOAL_RATIO}× (wall)`, wallRatio, wallRatio <= GOAL_RATIO),
      goal('npm run build ÷ docusaurus build ≤ 1× (peak memory)', peakRatio, peakRatio <= 1),
      goal(`pages indexed with an empty title = 0${audiences ? ', both corpora' : ''}`, empty, empty === 0),
      ...(audiences?.goals ?? []),
    ],
    raw: {plain, product, corpus: summary, indexes, audiences: audiences?.raw},
  };
}
