/**
 * The insights page's pure parts: what its address chooses (src/insights/reportChoice.ts), its charts and the
 * words that say what they show (charts.ts), and how it writes numbers and days (format.ts). What a reader sees
 * of them is checked in tests/component/insightsPage.test.tsx.
 */
import {describe, expect, it} from 'vitest';
import {INSIGHTS_REPORT} from '../../contracts/insights';
import type {SearchSection} from '../../contracts/searchSections';
import {barsOf, sparklineOf, trendLabel} from '../../src/insights/charts';
import {formatsFor} from '../../src/insights/format';
import {choiceParams, DEFAULT_PERIOD, reportChoice, reportUrl, type ReportChoice} from '../../src/insights/reportChoice';
import type {ScopeVersion} from '../../src/search/searchScope';

const VERSIONS: ScopeVersion[] = [
  {name: 'current', label: '2.0', path: '/', isLast: true},
  {name: '1.0', label: '1.0', path: '/1.0', isLast: false},
];
const SECTIONS: SearchSection[] = [
  {path: 'tutorial-basics', label: 'Tutorial - Basics (2.0)'},
  {path: 'guides', label: 'Guides (2.0)'},
  {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'},
];
const SITE = {baseUrl: '/', versions: VERSIONS, sections: SECTIONS};

describe('reportChoice: what the address asks for, and the sections its version offers', () => {
  it.each<[string, string, ReportChoice]>([
    ['nothing: the current version, all of it, the default period', '', {version: 'current', section: null, days: DEFAULT_PERIOD}],
    [
      'a version, a section of it and a period',
      '?version=1.0&section=1.0%2Ftutorial-basics&days=7',
      {version: '1.0', section: '1.0/tutorial-basics', days: 7},
    ],
    ['the current version by its name', '?version=current&section=guides&days=90', {version: 'current', section: 'guides', days: 90}],
    ['a version the reader does not have: the default', '?version=9.9&days=7', {version: 'current', section: null, days: 7}],
    [
      'a version by its label, which is not its name: the default',
      '?version=2.0',
      {version: 'current', section: null, days: DEFAULT_PERIOD},
    ],
    ["another version's section: the whole version", '?version=1.0&section=guides', {version: '1.0', section: null, days: DEFAULT_PERIOD}],
    ['a section that is none', '?section=nowhere', {version: 'current', section: null, days: DEFAULT_PERIOD}],
    ['a period not offered', '?days=365', {version: 'current', section: null, days: DEFAULT_PERIOD}],
    ['a period that is no number', '?days=week', {version: 'current', section: null, days: DEFAULT_PERIOD}],
  ])('%s', (_name, search, choice) => {
    expect(reportChoice(search, SITE).choice).toEqual(choice);
  });

  it.each([
    ['current', ['tutorial-basics', 'guides']],
    ['1.0', ['1.0/tutorial-basics']],
  ])('offers version %s its own sections only', (version, paths) => {
    expect(reportChoice(`?version=${version}`, SITE).sections.map((section) => section.path)).toEqual(paths);
  });
});

describe('choiceParams and reportUrl: the same parameters for the address and the report', () => {
  it.each<[ReportChoice, string]>([
    [{version: 'current', section: null, days: 30}, 'version=current&days=30'],
    [{version: '1.0', section: '1.0/tutorial-basics', days: 7}, 'version=1.0&section=1.0%2Ftutorial-basics&days=7'],
  ])('%j', (choice, params) => {
    expect(choiceParams(choice)).toBe(params);
    expect(reportUrl(choice)).toBe(`${INSIGHTS_REPORT}?${params}`);
    expect(reportChoice(`?${params}`, SITE).choice).toEqual(choice);
  });
});

const BOX = {width: 100, height: 10};

describe('barsOf: a bar a day, as tall as its count against the highest', () => {
  it('counts against the highest, side by side, standing on the bottom', () => {
    expect(barsOf([5, 10, 0, 2.5], BOX)).toEqual([
      {x: 0, y: 5, width: 25, height: 5},
      {x: 25, y: 0, width: 25, height: 10},
      {x: 50, y: 10, width: 25, height: 0},
      {x: 75, y: 7.5, width: 25, height: 2.5},
    ]);
  });
  it.each<[string, number[], number[]]>([
    ['no day with any: no bar', [0, 0], [0, 0]],
    ['no days: none', [], []],
  ])('%s', (_name, trend, heights) => {
    expect(barsOf(trend, BOX).map((bar) => bar.height)).toEqual(heights);
  });
});

describe('sparklineOf: a line through the days, the highest at the top', () => {
  it.each<[string, number[], string]>([
    ['rising', [0, 5, 10], '0,10 50,5 100,0'],
    ['falling to none', [4, 0], '0,0 100,10'],
    ['none at all: along the bottom', [0, 0, 0], '0,10 50,10 100,10'],
    ['one day: across', [3], '0,0 100,0'],
  ])('%s', (_name, trend, points) => {
    expect(sparklineOf(trend, BOX)).toBe(points);
  });
});

describe('trendLabel: what a chart shows, in words', () => {
  const count = (n: number) => n.toLocaleString('en');
  it.each<[string, number[], string]>([
    ['counts that vary', [3, 12, 5, 7, 4, 6, 8], 'Reads per day, 7 days: from 3 to 12 a day, 45 in all'],
    ['none', [0, 0, 0], 'Reads per day, 3 days: none'],
    ['the same every day', [2, 2], 'Reads per day, 2 days: 2 every day'],
    ['one day', [4], 'Reads per day, 1 day: 4 every day'],
    ['large numbers, as the locale writes them', [0, 1200], 'Reads per day, 2 days: from 0 to 1,200 a day, 1,200 in all'],
  ])('%s', (_name, trend, label) => {
    expect(trendLabel('Reads per day', trend, count)).toBe(label);
  });
});

describe('formatsFor: numbers and days as the locale writes them', () => {
  const en = formatsFor('en');
  it.each<[string, string, string]>([
    ['a count', en.number(12345), '12,345'],
    ['a mean, to one place', en.mean(2.345), '2.3'],
    ['a whole mean', en.mean(2), '2'],
    ['a day of the gate (UTC), whatever the time zone', en.day('2025-03-01'), 'Mar 1, 2025'],
    ['what is no day: as written', en.day('soon'), 'soon'],
    ['another locale', formatsFor('de').number(12345), '12.345'],
  ])('%s', (_name, written, expected) => {
    expect(written).toBe(expected);
  });
});
