/**
 * `npm run bench`: the benchmarks in order, sharing their builds, inside the bench's own Auth
 * emulator (package.json starts it with bench/firebase.json). `BENCH_ONLY=search,server` runs
 * some of them; `BENCH_ONLY=growth` and `BENCH_ONLY=search-quality` the ones left out of the default
 * run. `BENCH_BUDGET_MINUTES` (default 14, the emulator's start and stop take the rest of 15) bounds
 * the optional repeat builds.
 */
import {run as build} from './build';
import {run as growth} from './growth';
import {run as lighthouse} from './lighthouse';
import {run as pageLoad} from './page-load';
import {run as search} from './search';
import {run as searchQuality} from './searchQuality';
import {run as server} from './server';
import {assertEmulatorRunning} from './lib/environment';
import {Workspace} from './lib/workspace';

interface Benchmark {
  name: string;
  run: (workspace: Workspace) => Promise<void>;
  /** Time it needs on the reference machine (see BENCHMARKS.md), reserved while the builds repeat. */
  expectedMs: number;
  /** Only run when BENCH_ONLY names it (it does not fit the default run's 15 minutes). */
  optional?: boolean;
}

const BENCHMARKS: readonly Benchmark[] = [
  {name: 'build', run: build, expectedMs: 0},
  {name: 'page-load', run: pageLoad, expectedMs: 120_000},
  {name: 'search', run: search, expectedMs: 150_000},
  {name: 'server', run: server, expectedMs: 110_000},
  {name: 'lighthouse', run: lighthouse, expectedMs: 120_000},
  {name: 'growth', run: growth, expectedMs: 0, optional: true},
  {name: 'search-quality', run: searchQuality, expectedMs: 0, optional: true},
];

async function main(): Promise<void> {
  const started = Date.now();
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  const selected = BENCHMARKS.filter((benchmark) => (only ? only.includes(benchmark.name) : !benchmark.optional));
  if (selected.some((benchmark) => benchmark.name !== 'build')) await assertEmulatorRunning();

  const workspace = new Workspace(started + Number(process.env.BENCH_BUDGET_MINUTES || 14) * 60_000);
  const failed: string[] = [];
  try {
    for (const [index, benchmark] of selected.entries()) {
      workspace.reservedMs = selected.slice(index + 1).reduce((sum, later) => sum + later.expectedMs, 0);
      try {
        await benchmark.run(workspace);
      } catch (error) {
        // The other benchmarks still run: one failure should not hide the other numbers.
        failed.push(benchmark.name);
        console.error(`\n${benchmark.name} failed:`, error);
      }
    }
  } finally {
    workspace.dispose();
  }
  console.log(
    `\nBenchmarks done in ${Math.round((Date.now() - started) / 1000)} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}.`,
  );
  if (failed.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
