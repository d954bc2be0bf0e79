/**
 * The suite measured as a ratio (issue 60; `BENCH_ONLY=suite`, not in the default run: about half an
 * hour): `npm test` of a base commit (BENCH_SUITE_BASE, `609b17c` by default) and of HEAD, each in a
 * fresh clone of this repository with its own `npm ci`, run one after the other on this machine, never
 * at once: wall and CPU time, peak memory, how each ended, and HEAD ÷ base. HEAD is the commit: the work
 * tree's uncommitted changes are not in its clone.
 */
import {execFileSync} from 'node:child_process';
import {REPO, removeTemporaryDir, temporaryDir} from '../testkit/siteCopy';
import {runMeasured, runTimed, type Timed} from './lib/processes';
import type {Result} from './lib/report';
import {round} from './lib/stats';
import {suiteGoals, suiteRows, type SuiteRun} from './lib/suiteRatio';

/** Issue 60's base: the suite its goal is measured against. */
const DEFAULT_BASE = '609b17c';
/** Past this a suite is stuck: it takes 6 to 12 minutes (bench/HISTORY.md). */
const SUITE_TIMEOUT_MS = 60 * 60 * 1000;
/**
 * What `firebase emulators:exec` gives the benchmarks (the bench's own Auth emulator) and a clone's
 * `npm test` must not inherit: its builds would embed the bench's emulator in place of its own.
 */
const WITHOUT_BENCH_EMULATOR = {
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  FIREBASE_EMULATOR_HUB: undefined,
  GCLOUD_PROJECT: undefined,
  FIREBASE_CONFIG: undefined,
};
/** The lines of a red suite's output shown in the notes (the whole tail is in the JSON). */
const RED_LINES = 30;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, encoding: 'utf8'}).trim();

type Clone = {label: 'base' | 'HEAD'; commit: string; dir: string};

/** A fresh clone of this repository at `commit`, its packages installed as CI installs them. */
function freshClone(clone: Clone): Promise<Timed> {
  git(REPO, 'clone', '--quiet', '--no-checkout', REPO, clone.dir);
  git(clone.dir, 'checkout', '--quiet', '--detach', clone.commit);
  console.log(`  npm ci at ${clone.commit} (${clone.label})`);
  return runTimed('npm', ['ci', '--no-audit', '--no-fund'], {cwd: clone.dir, env: WITHOUT_BENCH_EMULATOR});
}

async function npmTest({label, commit, dir}: Clone) {
  console.log(`  npm test at ${commit} (${label})`);
  const finished = await runMeasured('npm', ['test'], {cwd: dir, env: WITHOUT_BENCH_EMULATOR, timeoutMs: SUITE_TIMEOUT_MS});
  const red =
    finished.exitCode === 0
      ? []
      : [`${label} (${commit}) was red; its last lines:`, ...finished.outputTail.trimEnd().split('\n').slice(-RED_LINES)];
  return {run: {...finished, commit} satisfies SuiteRun, red};
}

export async function run(): Promise<Result> {
  const commitOf = (revision: string) => git(REPO, 'rev-parse', '--short', '--verify', `${revision}^{commit}`);
  const clones: Clone[] = [
    {label: 'base', commit: commitOf(process.env.BENCH_SUITE_BASE || DEFAULT_BASE), dir: temporaryDir('suite-base')},
    {label: 'HEAD', commit: commitOf('HEAD'), dir: temporaryDir('suite-head')},
  ];
  try {
    // Both installed before either suite runs, so that the two suites run back to back.
    const installs = [];
    for (const clone of clones) installs.push({clone, timed: await freshClone(clone)});
    const [base, head] = [await npmTest(clones[0]!), await npmTest(clones[1]!)];
    const changed = git(REPO, 'status', '--porcelain', '--untracked-files=no') !== '';
    return {
      tables: [
        {
          title: 'npm test in fresh clones, one after the other (CPU: user+system of every process; peak: summed resident sets)',
          rows: suiteRows(base.run, head.run),
        },
        {
          title: 'npm ci in each clone, before either suite (not in the ratio)',
          rows: installs.map(({clone, timed}) => ({
            Clone: `${clone.label} (${clone.commit})`,
            'Wall s': round(timed.wallMs / 1000, 1),
            'CPU s': round(timed.cpuMs / 1000, 1),
          })),
        },
      ],
      notes: [
        ...(changed ? ["The work tree has uncommitted changes: HEAD's clone has only what is committed."] : []),
        ...base.red,
        ...head.red,
      ],
      goals: suiteGoals(base.run, head.run),
      raw: {base: base.run, head: head.run, installs},
    };
  } finally {
    for (const {dir} of clones) removeTemporaryDir(dir);
  }
}
