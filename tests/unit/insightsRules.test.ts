/**
 * The rules of insights (server/rules/insights.ts) and where a report is filed (contracts/insights.ts,
 * placeOf), as tables. What the gate and the database do with them: tests/integration/insights.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {countsAsRead, placeOf, type SitePlaces} from '../../contracts/insights';
import {INSIGHTS_LIMITS} from '../../contracts/insights';
import {
  audiencesKey,
  countedQuery,
  dayOf,
  daysBefore,
  isInsightsReader,
  keptComment,
  periodOf,
  searchesVisibleTo,
  takeDayAllowance,
  titleOfPage,
  topRows,
  trendOf,
} from '../../server/rules/insights';

describe('days', () => {
  it.each([
    [Date.UTC(2026, 10, 29, 0, 0, 0), '2026-11-29'],
    [Date.UTC(2026, 10, 29, 23, 59, 59, 999), '2026-11-29'],
    [Date.UTC(2026, 11, 31, 23, 59), '2026-12-31'],
  ])('dayOf(%i) is %s, in UTC', (ms, day) => {
    expect(dayOf(ms)).toBe(day);
  });

  it('counts days back across months and years, and a period ends today, oldest first', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
    expect(daysBefore('2026-01-01', -1)).toBe('2026-01-02');
    expect(periodOf('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('whose searches an authors reader sees', () => {
  it.each([
    ['', [], true],
    ['', ['staff'], true],
    ['staff', ['staff'], true],
    ['partners+staff', ['staff'], false],
    ['partners+staff', ['partners', 'staff', 'beta'], true],
    ['beta', ['staff'], false],
    ['staff', [], false],
  ])('searches of readers in "%s", seen by a reader in %j: %s', (searchers, reader, seen) => {
    expect(searchesVisibleTo(searchers, new Set(reader))).toBe(seen);
  });

  it.each([
    [[], null, false],
    [['staff'], null, false],
    [['staff'], 'staff', true],
    [['partners'], 'staff', false],
    [['partners', 'staff'], 'staff', true],
  ])('a reader in %j with INSIGHTS_AUDIENCE %j may open /insights: %s', (audiences, setting, may) => {
    expect(isInsightsReader(audiences, setting)).toBe(may);
  });

  it('keeps audiences sorted, once each', () => {
    expect(audiencesKey(['staff', 'partners', 'staff'])).toBe('partners+staff');
    expect(audiencesKey([])).toBe('');
  });
});

describe('what is kept of what a reader sends', () => {
  it.each([
    ['  Create   a PAGE ', 'create a page'],
    ['\tDocs\nversion\u00a0', 'docs version'],
    ['   ', ''],
    ['é'.normalize('NFD'), 'é'],
    ['x'.repeat(INSIGHTS_LIMITS.queryChars + 10), 'x'.repeat(INSIGHTS_LIMITS.queryChars)],
    ['😀'.repeat(INSIGHTS_LIMITS.queryChars + 1), '😀'.repeat(INSIGHTS_LIMITS.queryChars)],
  ])('a search for %j is counted as %j', (query, counted) => {
    expect(countedQuery(query)).toBe(counted);
  });

  it.each([
    [undefined, ''],
    ['  I wanted the <b>CLI</b> flags\n\nthanks  ', 'I wanted the <b>CLI</b> flags\n\nthanks'],
    ['bell\u0007 and nul\u0000 and tab\t', 'bell and nul and tab'],
    ['y'.repeat(INSIGHTS_LIMITS.commentChars + 5), 'y'.repeat(INSIGHTS_LIMITS.commentChars)],
  ])('a comment %j is kept as %j (as text: escaping is where it is shown)', (comment, kept) => {
    expect(keptComment(comment)).toBe(kept);
  });
});

describe("a reader's reports per day", () => {
  const limit = INSIGHTS_LIMITS.eventsPerDay;
  it.each([
    ['a first report', undefined, 1, true, 1],
    ['up to the limit', {day: '2026-11-29', events: limit - 2}, 2, true, limit],
    ['past the limit', {day: '2026-11-29', events: limit - 1}, 2, false, limit - 1],
    ['a new day starts afresh', {day: '2026-11-28', events: limit}, 3, true, 3],
  ])('%s', (_name, count, events, allowed, after) => {
    const decision = takeDayAllowance(count, '2026-11-29', events);
    expect(decision).toEqual({allowed, count: {day: '2026-11-29', events: after}});
  });
});

describe('trends and top lists', () => {
  it('puts each day in its place, summing rows of one day, with 0 for days without any', () => {
    const period = ['2026-11-27', '2026-11-28', '2026-11-29'];
    const rows = [
      {day: '2026-11-29', count: 2},
      {day: '2026-11-27', count: 1},
      {day: '2026-11-29', count: 3},
      {day: '2026-10-01', count: 9},
    ];
    expect(trendOf(rows, period)).toEqual([1, 0, 5]);
  });

  it('lists the highest first, names in order among equals, none with nothing, at most 25', () => {
    const rows = [
      {name: 'b', score: 2},
      {name: 'a', score: 2},
      {name: 'c', score: 5},
      {name: 'z', score: 0},
    ];
    expect(
      topRows(
        rows,
        (row) => row.score,
        (row) => row.name,
      ).map((row) => row.name),
    ).toEqual(['c', 'a', 'b']);
    const many = Array.from({length: 30}, (_, at) => ({name: String(at), score: at + 1}));
    expect(
      topRows(
        many,
        (row) => row.score,
        (row) => row.name,
      ),
    ).toHaveLength(25);
  });
});

describe("a page's title, from its built HTML", () => {
  it.each([
    ['<title data-rh="true">Create a Page | Tutorial Hub</title>', 'Create a Page'],
    ['<title>Q&amp;A &lt;1.0&gt; | Tutorial Hub</title>', 'Q&A <1.0>'],
    ['<title>A | B | Tutorial Hub</title>', 'A | B'],
    ['<title>Tutorial Hub</title>', 'Tutorial Hub'],
    ['<html><head></head></html>', null],
  ])('%s → %j', (html, title) => {
    expect(titleOfPage(html)).toBe(title);
  });
});

describe("countsAsRead: opening a doc is a read, opening one of the site's tools is not", () => {
  it.each([
    ['/', true],
    ['/intro', true],
    ['/1.0/tutorial-basics/create-a-page', true],
    ['/searching-the-docs', true],
    ['/insights-for-authors', true],
    ['/search', false],
    ['/insights', false],
  ])('%s: %s', (page, expected) => {
    expect(countsAsRead(page)).toBe(expected);
  });
});

describe('placeOf: the version and section a report is filed under', () => {
  const places: SitePlaces = {
    versions: [
      {name: 'current', path: '/'},
      {name: '1.0', path: '/1.0'},
      {name: 'next', path: '/docs/next'},
    ],
    sections: [
      {path: 'tutorial-basics', label: 'Tutorial - Basics'},
      {path: 'tutorial-basics/advanced', label: 'Advanced'},
      {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'},
      {path: 'guides', label: 'Guides (next)', pages: ['docs/next/intro', 'docs/next/setup']},
    ],
  };
  it.each([
    ['/', {version: 'current', section: ''}],
    ['/intro', {version: 'current', section: ''}],
    ['/tutorial-basics/create-a-page', {version: 'current', section: 'tutorial-basics'}],
    ['/tutorial-basics/advanced/deploy', {version: 'current', section: 'tutorial-basics/advanced'}],
    ['/1.0', {version: '1.0', section: ''}],
    ['/1.0/tutorial-basics/create-a-page', {version: '1.0', section: '1.0/tutorial-basics'}],
    ['/1.0.1/intro', {version: 'current', section: ''}],
    ['/docs/next/setup', {version: 'next', section: 'guides'}],
    ['/docs/next/other', {version: 'next', section: ''}],
  ])('%s', (pathname, place) => {
    expect(placeOf(pathname, places)).toEqual(place);
  });

  it('files nothing outside every version', () => {
    expect(placeOf('/anything', {versions: [{name: 'current', path: '/docs'}], sections: []})).toBeNull();
  });
});
