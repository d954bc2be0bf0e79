/** What the suite benchmark (bench/suite.ts) reads from two `npm test` runs: its table and its goals. */
import type {Finished} from './processes';
import {goal, type Row} from './report';
import {ratio, round} from './stats';

/** Issue 60: HEAD's `npm test` at most this many times the base's, in wall time, both run on one machine in one run. */
export const SUITE_GOAL_RATIO = 0.67;

/** One `npm test` in a fresh clone: which commit, and how it ended. */
export type SuiteRun = Pick<Finished, 'wallMs' | 'cpuMs' | 'peakRssMiB' | 'exitCode'> & {commit: string};

const ended = (run: SuiteRun) => (run.exitCode === null ? 'killed' : `exit ${run.exitCode}`);

export function suiteRows(base: SuiteRun, head: SuiteRun): Row[] {
  const row = (suite: string, run: SuiteRun) => ({
    Suite: suite,
    Commit: run.commit,
    Ended: ended(run),
    'Wall s': round(run.wallMs / 1000, 1),
    'CPU s': round(run.cpuMs / 1000, 1),
    'Peak MiB': run.peakRssMiB,
  });
  return [
    row('base', base),
    row('HEAD', head),
    {
      Suite: 'HEAD ÷ base',
      'Wall s': ratio(head.wallMs, base.wallMs),
      'CPU s': ratio(head.cpuMs, base.cpuMs),
      'Peak MiB': ratio(head.peakRssMiB, base.peakRssMiB),
    },
  ];
}

/**
 * The ratio is the goal's only when both suites ran to a green end: a red one may have stopped at its
 * first failing phase, so its time is not the whole suite's.
 */
export function suiteGoals(base: SuiteRun, head: SuiteRun) {
  const wall = ratio(head.wallMs, base.wallMs);
  const red = [['base', base] as const, ['HEAD', head] as const].filter(([, run]) => run.exitCode !== 0);
  const measured = red.length === 0 ? wall : `${wall}, not comparable: ${red.map(([suite, run]) => `${suite} ${ended(run)}`).join(', ')}`;
  return [
    goal(`npm test of HEAD ≤ ${SUITE_GOAL_RATIO}× the base's (wall, both green)`, measured, red.length === 0 && wall <= SUITE_GOAL_RATIO),
    goal('npm test of HEAD green', ended(head), head.exitCode === 0),
  ];
}
