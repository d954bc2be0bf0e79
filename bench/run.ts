/**
 * `npm run bench`: the benchmarks in order, sharing their builds, inside the bench's own Auth
 * emulator (package.json starts it with bench/firebase.json). `BENCH_ONLY=search,server` runs
 * some of them, `BENCH_ONLY=search-quality` or `BENCH_ONLY=suite` one left out of the default run.
 */
import {run as build} from './build';
import {run as insights} from './insights';
import {run as lighthouse} from './lighthouse';
import {run as pageLoad} from './page-load';
import {run as search} from './search';
import {run as searchQuality} from './searchQuality';
import {run as searchRanking} from './searchRanking';
import {run as server} from './server';
import {run as suite} from './suite';
import {describeMachine, report, type Result} from './lib/report';
import {assertEmulatorRunning} from './lib/servers';
import {Workspace} from './lib/workspace';

const BENCHMARKS: Record<string, (workspace: Workspace) => Promise<Result>> = {
  build,
  'page-load': pageLoad,
  search,
  server,
  lighthouse,
  insights,
  'search-quality': searchQuality,
  'search-ranking': searchRanking,
  suite,
};
/** Those that start no gate of the bench's: they need no Auth emulator (a clone's `npm test` starts its own). */
const WITHOUT_GATE = ['build', 'search-ranking', 'suite'];
/** Only when BENCH_ONLY names them: they do not fit the default run's 15 minutes. */
const ON_DEMAND = ['search-quality', 'suite'];

async function main(): Promise<void> {
  const started = Date.now();
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !(name in BENCHMARKS)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  const selected = Object.keys(BENCHMARKS).filter((name) => (only ? only.includes(name) : !ON_DEMAND.includes(name)));
  if (selected.some((name) => !WITHOUT_GATE.includes(name))) await assertEmulatorRunning();

  const workspace = new Workspace();
  const failed: string[] = [];
  try {
    for (const name of selected) {
      console.log(`\n=== ${name}`);
      const [machine, startedAt] = [describeMachine(), new Date()];
      // The other benchmarks still run: one failure should not hide the other numbers.
      await BENCHMARKS[name]!(workspace)
        .then((result) => report(name, result, machine, startedAt))
        .catch((error: unknown) => (failed.push(name), console.error(`\n${name} failed:`, error)));
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
