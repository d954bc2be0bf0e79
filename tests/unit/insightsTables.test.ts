/** What `npm run insights` prints and exports (scripts/insights/tables.ts): the report's lists as text and as CSV. */
import {describe, expect, it} from 'vitest';
import {parse} from 'csv-parse/sync';
import type {InsightsReport} from '../../contracts/insights';
import {csvOf, inertCell, tablesOf, textOf} from '../../scripts/insights/tables';

const report: InsightsReport = {
  version: 'current',
  section: null,
  days: 7,
  from: '2026-11-23',
  to: '2026-11-29',
  totals: {reads: [0, 0, 0, 0, 0, 1, 2], searches: [0, 0, 0, 0, 0, 0, 3], helpful: 1, unhelpful: 1},
  topPages: [{path: '/intro', title: 'Intro, "the" start', reads: 3, readsTrend: [0, 0, 0, 0, 0, 1, 2], helpful: 1, unhelpful: 1}],
  unhelpfulPages: [],
  comments: [
    {path: '/intro', title: 'Intro', helpful: false, text: '=HYPERLINK("http://evil.test")\nsecond line', contact: null, day: '2026-11-29'},
  ],
  topSearches: [{query: '-install', searches: 3, trend: [0, 0, 0, 0, 0, 0, 3], noResults: 0, nothingOpened: 1, meanRankOpened: 1.5}],
  noResultSearches: [],
  nothingOpenedSearches: [],
  dropped: 0,
};

describe('npm run insights', () => {
  const tables = tablesOf(report);

  it('exports each list as a CSV file a spreadsheet reads back as written, formulas made inert', () => {
    expect(tables.map((table) => table.name)).toEqual([
      'top-pages',
      'unhelpful-pages',
      'comments',
      'top-searches',
      'no-results',
      'nothing-opened',
    ]);
    const pages = parse(csvOf(tables[0]!)) as string[][];
    expect(pages).toEqual([
      ['page', 'title', 'reads', 'helpful', 'not helpful', 'reads per day'],
      ['/intro', 'Intro, "the" start', '3', '1', '1', '0 0 0 0 0 1 2'],
    ]);
    const comments = parse(csvOf(tables[2]!)) as string[][];
    expect(comments[1]).toEqual(['2026-11-29', '/intro', 'no', `'=HYPERLINK("http://evil.test")\nsecond line`, '']);
    expect((parse(csvOf(tables[3]!)) as string[][])[1]![0]).toBe("'-install");
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+x', "'+x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['plain words', 'plain words'],
    [42, 42],
  ])('%j is written %j', (cell, written) => {
    expect(inertCell(cell)).toBe(written);
  });

  it('prints each list aligned, a long cell cut, one line a row, and an empty list in words', () => {
    expect(textOf(tables[3]!)).toBe(
      [
        'Top searches',
        'query     searches  no results  nothing opened  mean rank opened  searches per day',
        '-install  3         0           1               1.5               0 0 0 0 0 0 3',
        '',
      ].join('\n'),
    );
    expect(textOf(tables[2]!, 12).split('\n')[2]).toBe('2026-11-29  /intro  no       =HYPERLINK(…');
    expect(textOf(tables[1]!)).toBe('Pages with the most "no": none in this period\n');
  });
});
