/**
 * `npm run bench`: the benchmarks in order, sharing their builds, inside the bench's own Auth
 * emulator (package.json starts it with bench/firebase.json). `BENCH_ONLY=search,server` runs
 * some of them; `BENCH_ONLY=growth` and `BENCH_ONLY=search-quality` the ones left out of the default run.
 */
import {run as build} from './build';
import {run as growth} from './growth';
import {run as lighthouse} from './lighthouse';
import {run as pageLoad} from './page-load';
import {run as search} from './search';
import {run as searchQuality} from './searchQuality';
import {run as server} from './server';
import {describeMachine, report, type Result} from './lib/report';
import {assertEmulatorRunning} from './lib/servers';
import {Workspace} from './lib/workspace';

/** `optional`: only when BENCH_ONLY names it (it does not fit the default run's 15 minutes). */
const BENCHMARKS: readonly {name: string; run: (workspace: Workspace) => Promise<Result>; optional?: boolean}[] = [
  {name: 'build', run: build},
  {name: 'page-load', run: pageLoad},
  {name: 'search', run: search},
  {name: 'server', run: server},
  {name: 'lighthouse', run: lighthouse},
  {name: 'growth', run: growth, optional: true},
  {name: 'search-quality', run: searchQuality, optional: true},
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

  const workspace = new Workspace();
  const failed: string[] = [];
  try {
    for (const {name, run} of selected) {
      console.log(`\n=== ${name}`);
      const [machine, startedAt] = [describeMachine(), new Date()];
      try {
        report(name, await run(workspace), machine, startedAt);
      } catch (error) {
        // The other benchmarks still run: one failure should not hide the other numbers.
        failed.push(name);
        console.error(`\n${name} failed:`, error);
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
