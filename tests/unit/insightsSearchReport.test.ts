/**
 * When a search is finished and what the gate is told of it (src/insights/searchReport.ts), for the navbar
 * box and the search page alike: one row per way a search ends, in the state it ends in. The component tests
 * (tests/component/searchReports.test.tsx) check that the box and the page are wired to it.
 */
import {Value} from '@sinclair/typebox/value';
import {describe, expect, it} from 'vitest';
import {SearchReport} from '../../contracts/insightsSchemas';
import {INSIGHTS_LIMITS} from '../../contracts/insights';
import type {SearchAnswer, Suggestion} from '../../src/search/engine/versionIndex';
import {
  finishedSearch,
  rankOf,
  reportedQuery,
  searchKey,
  SETTLED_MS,
  type SearchEnd,
  type SearchOnScreen,
} from '../../src/insights/searchReport';

const TYPED_AT = 10_000;
const search = (over: Partial<SearchOnScreen> = {}): SearchOnScreen => ({
  query: 'deploy',
  page: '/1.0/intro',
  results: 4,
  since: TYPED_AT,
  ...over,
});
const report = (over: Partial<SearchReport> = {}): SearchReport => ({
  query: 'deploy',
  page: '/1.0/intro',
  results: 4,
  opened: null,
  ...over,
});

const opened = (rank: number): SearchEnd => ({how: 'opened', rank});
const submitted: SearchEnd = {how: 'submitted'};
const leftAfter = (ms: number): SearchEnd => ({how: 'left', at: TYPED_AT + ms});

describe('finishedSearch: whether a search is finished, and its report', () => {
  it.each<[string, SearchOnScreen | null, SearchEnd, string | null, SearchReport | null]>([
    // The three ways a search ends.
    ['a result opened: its rank', search(), opened(2), null, report({opened: 2})],
    ['the first result opened', search(), opened(1), null, report({opened: 1})],
    ['the query taken to the search page: nothing opened', search(), submitted, null, report()],
    ['the box left once the query settled: nothing opened', search(), leftAfter(SETTLED_MS), null, report()],
    ['the box left long after', search(), leftAfter(60_000), null, report()],
    // Never per key: a query left before it settled was still being typed.
    ['the box left before the query settled', search(), leftAfter(SETTLED_MS - 1), null, null],
    ['the box left at once', search(), leftAfter(0), null, null],
    // A result opened, or the query submitted, finish it however soon.
    ['a result opened at once', search({since: TYPED_AT}), {how: 'opened', rank: 3}, null, report({opened: 3})],
    ['submitted at once', search(), submitted, null, report()],
    // A search that found nothing is a search: those are what authors most need to see.
    ['no results, the box left', search({results: 0}), leftAfter(5_000), null, report({results: 0})],
    ['no results, submitted', search({results: 0}), submitted, null, report({results: 0})],
    // Nothing to report.
    ['no search on screen', null, submitted, null, null],
    ['an empty box', search({query: ''}), submitted, null, null],
    ['a box of spaces', search({query: '   '}), leftAfter(5_000), null, null],
    ['no answer yet (the search page it goes to reports it)', search({results: null}), submitted, null, null],
    ['no answer yet, the box left', search({results: null}), leftAfter(5_000), null, null],
    ['a page the gate would refuse', search({page: 'intro'}), submitted, null, null],
    ['a page longer than the gate keeps', search({page: `/${'x'.repeat(INSIGHTS_LIMITS.pathChars)}`}), submitted, null, null],
    // Reported once: the same query shown again (on the search page, the box opened again) is the same search.
    ['the search last reported, shown again and left', search(), leftAfter(5_000), 'deploy', null],
    ['the search last reported, a result opened from it again', search(), opened(1), 'deploy', null],
    ['the same words, other spacing and case', search({query: '  Deploy  '}), submitted, 'deploy', null],
    ['another query than the last reported', search({query: 'deploy docs'}), submitted, 'deploy', report({query: 'deploy docs'})],
    // The words as the gate keeps them.
    ['trimmed', search({query: '  deploy  '}), submitted, null, report()],
  ])('%s', (_name, onScreen, end, reported, expected) => {
    const sent = finishedSearch(onScreen, end, reported);
    expect(sent).toEqual(expected);
    if (sent) expect(Value.Check(SearchReport, sent), 'the gate takes it').toBe(true);
  });

  it(`cuts a long query to ${INSIGHTS_LIMITS.queryChars} characters, never inside one`, () => {
    const long = `${'a'.repeat(INSIGHTS_LIMITS.queryChars - 1)}😀😀😀`;
    const sent = finishedSearch(search({query: long}), submitted, null)!;
    expect(Value.Check(SearchReport, sent)).toBe(true);
    expect(Array.from(sent.query)).toHaveLength(INSIGHTS_LIMITS.queryChars);
    expect(sent.query.endsWith('a😀')).toBe(true);
    expect(reportedQuery(long)).toBe(sent.query);
  });
});

describe('searchKey: what makes two queries one search', () => {
  it.each([
    ['Deploy', 'deploy'],
    ['  deploy   docs ', 'deploy docs'],
    ['deploy\tdocs', 'deploy docs'],
  ])('%j is %j', (query, key) => {
    expect(searchKey(query)).toBe(key);
  });
});

const page = (url: string, more: string[] = []): Suggestion => ({
  url,
  title: [{text: url, mark: false}],
  breadcrumbs: [],
  inSection: false,
  more: more.map((section) => ({url: section, heading: [{text: section, mark: false}]})),
});

const ANSWER: SearchAnswer = {
  suggestions: [page('/a'), page('/b', ['/b#one', '/b#two']), page('/c#part')],
  total: 12,
  words: ['deploy'],
};

describe('rankOf: the rank of the result a link opens, among the pages shown', () => {
  it.each<[string, string, number | null]>([
    ['the first page', '/a?_highlight=deploy', 1],
    ['the second page', '/b?_highlight=deploy', 2],
    ["a section under the second page: the page's rank", '/b?_highlight=deploy#two', 2],
    ['a page whose link has an anchor', '/c?_highlight=deploy#part', 3],
    ['a page without the highlight is no link of this answer', '/a', null],
    ['the search page', '/search?q=deploy&version=1.0%2F', null],
  ])('%s', (_name, href, rank) => {
    expect(rankOf(ANSWER, href)).toBe(rank);
  });
});
