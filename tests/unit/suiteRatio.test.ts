import {describe, expect, it} from 'vitest';
import {suiteGoals, suiteRows, type SuiteRun} from '../../bench/lib/suiteRatio';

/** A suite's run as the benchmark measures it: wall seconds and how it ended. */
const suite = (wallS: number, exitCode: number | null = 0): SuiteRun => ({
  commit: 'abc1234',
  wallMs: wallS * 1000,
  cpuMs: wallS * 2000,
  peakRssMiB: 4000,
  exitCode,
});

describe("suiteGoals: the suite benchmark's goals, HEAD's npm test against the base's", () => {
  it.each([
    {why: 'two green suites, HEAD quicker than the goal', base: suite(500), head: suite(300), ratio: [0.6, true], green: ['exit 0', true]},
    {why: 'HEAD at the goal exactly', base: suite(500), head: suite(335), ratio: [0.67, true], green: ['exit 0', true]},
    {why: 'HEAD green but slower than the goal', base: suite(500), head: suite(400), ratio: [0.8, false], green: ['exit 0', true]},
    {
      why: 'a red HEAD: its time is not a whole suite',
      base: suite(500),
      head: suite(200, 1),
      ratio: ['0.4, not comparable: HEAD exit 1', false],
      green: ['exit 1', false],
    },
    {
      why: 'a red base (it failed on 2 of 3 fresh clones): HEAD is green, the ratio not comparable',
      base: suite(500, 1),
      head: suite(300),
      ratio: ['0.6, not comparable: base exit 1', false],
      green: ['exit 0', true],
    },
    {
      why: 'a HEAD killed past its time',
      base: suite(500),
      head: suite(3600, null),
      ratio: ['7.2, not comparable: HEAD killed', false],
      green: ['killed', false],
    },
  ])('$why', ({base, head, ratio, green}) => {
    expect(suiteGoals(base, head).map(({measured, met}) => [measured, met])).toEqual([ratio, green]);
  });

  it('names the goal of issue 60', () => {
    expect(suiteGoals(suite(500), suite(300)).map(({goal}) => goal)).toEqual([
      "npm test of HEAD ≤ 0.67× the base's (wall, both green)",
      'npm test of HEAD green',
    ]);
  });
});

describe("suiteRows: the suite benchmark's table", () => {
  it('shows each run and HEAD ÷ base in wall time, CPU time and peak memory', () => {
    expect(suiteRows(suite(500), {...suite(250, 1), commit: 'def5678', peakRssMiB: 5000})).toEqual([
      {Suite: 'base', Commit: 'abc1234', Ended: 'exit 0', 'Wall s': 500, 'CPU s': 1000, 'Peak MiB': 4000},
      {Suite: 'HEAD', Commit: 'def5678', Ended: 'exit 1', 'Wall s': 250, 'CPU s': 500, 'Peak MiB': 5000},
      {Suite: 'HEAD ÷ base', 'Wall s': 0.5, 'CPU s': 0.5, 'Peak MiB': 1.25},
    ]);
  });
});
