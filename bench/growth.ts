/**
 * Growth, not in the default run (`BENCH_ONLY=growth npm run bench`): the corpus at each size of
 * BENCH_GROWTH_DOCS (docs per version; default 10, 1000 and 5000, i.e. 20, 2,000 and 10,000 docs),
 * built cold as the build benchmark builds it (`BENCH_GROWTH_PLAIN=0` skips the plain build), served
 * by the gate and searched as the search benchmark does from a doc in a section, a doc outside every
 * section and the home page. One table shows how each figure grows with the docs.
 */
import {rmSync} from 'node:fs';
import {buildCorpus, seconds} from './build';
import {loginScriptWeight} from './lib/buildOutput';
import type {Timed} from './lib/processes';
import {figureRows, type Cell, type Result} from './lib/report';
import {kib, ratio, round} from './lib/stats';
import type {Workspace} from './lib/workspace';
import {searchPages} from './search';

const timed = (build: Timed | null) => (build ? `${seconds(build.wallMs)} / ${seconds(build.cpuMs)} / ${build.peakRssMiB}` : 'skipped');
const parts = (bytes: {count: number; raw: number; gzip9: number}) => `${bytes.count} / ${kib(bytes.raw)} / ${kib(bytes.gzip9)}`;

/** Every figure of one size of the corpus. */
async function measure(workspace: Workspace, docsPerVersion: number, withPlain: boolean): Promise<Record<string, Cell>> {
  const {summary, plain, product, buildDir, indexes} = await buildCorpus(workspace, docsPerVersion, withPlain);
  try {
    const pages = ['doc in a section', 'doc outside every section', 'home page'];
    const routes = [summary.sampleRoutes[0]!, '/chapter-1-introduction', '/'];
    const {results, gateStartMs, gateRssMiB} = await searchPages(
      buildDir,
      pages.map((name, i) => ({name, route: routes[i]!})),
    );
    const index = indexes.find((stats) => stats.version === '')!;
    return {
      'Markdown MiB': round(summary.markdownBytes / 2 ** 20, 1),
      'docusaurus build: wall s / CPU s / peak MiB': timed(plain),
      'npm run build: wall s / CPU s / peak MiB': timed(product),
      'npm run build ÷ docusaurus build': plain ? ratio(product.wallMs, plain.wallMs) : null,
      "2.0's index: pages / terms": `${index.pages} / ${index.terms}`,
      "2.0's manifest, raw KiB / as sent": `${kib(index.manifest.raw)} / ${kib(index.manifest.served)}`,
      "2.0's term parts: count / raw KiB / gzip -9 KiB": parts(index.termParts),
      "2.0's doc parts: count / raw KiB / gzip -9 KiB": parts(index.docParts),
      "2.0's largest part, raw KiB": kib(Math.max(index.termParts.largestRaw, index.docParts.largestRaw)),
      "2.0's pages indexed with an empty title": index.emptyPages,
      'login page scripts, KiB gzip -9': kib(loginScriptWeight('corpus', buildDir, summary.docs).gzip9Bytes),
      'gate: start to listening ms / memory after the searches MiB': `${gateStartMs} / ${gateRssMiB}`,
      ...Object.fromEntries(
        results.flatMap(({name, cold, warm, perQuery}) => [
          [`search, ${name}: manifest loaded before the cold key`, cold.row['Manifest loaded before the key']],
          [`search, ${name}: index KiB before the first / final list`, cold.row['KiB before first / final list (max)']],
          [
            `search, ${name}: cold / warm key → suggestions, median ms`,
            `${cold.row['Median ms: own suggestions']} / ${warm.row['Median ms: own suggestions']}`,
          ],
          [
            `search, ${name}: per query p95 ms, as they come / parts loaded`,
            `${perQuery['as they come']['p95 ms']} / ${perQuery['parts loaded']['p95 ms']}`,
          ],
        ]),
      ),
    };
  } finally {
    // The next size's builds need the disk more than this one's files.
    rmSync(buildDir, {recursive: true, force: true});
  }
}

export async function run(workspace: Workspace): Promise<Result> {
  const raw = process.env.BENCH_GROWTH_DOCS || '10,1000,5000';
  const sizes = raw.split(',').map((value) => Number(value.trim()));
  if (sizes.some((value) => !Number.isInteger(value) || value < 1))
    throw new Error(`BENCH_GROWTH_DOCS must list positive integers (docs per version); got "${raw}"`);
  const steps: Record<string, Record<string, Cell>> = {};
  for (const docsPerVersion of sizes)
    steps[`${docsPerVersion} docs per version`] = await measure(workspace, docsPerVersion, process.env.BENCH_GROWTH_PLAIN !== '0');
  return {tables: [{title: 'Growth: each figure at each size of the corpus', rows: figureRows(steps)}], raw: {steps}};
}
