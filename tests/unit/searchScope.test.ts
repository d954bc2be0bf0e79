import {describe, expect, it} from 'vitest';
import {
  navbarIndexUrls,
  searchIndexUrl,
  searchScopeForPage,
  searchScopeForSearchPage,
  versionParamOf,
  type ScopeContext,
  type ScopeVersion,
} from '../../src/search/searchScope';

const CURRENT: ScopeVersion = {name: 'current', label: '2.0', path: '/', isLast: true};
const V1: ScopeVersion = {name: '1.0', label: '1.0', path: '/1.0', isLast: false};
const VERSIONS = [CURRENT, V1];
// Sections of the same name in both versions, one only in 1.0, and one whose name starts like another's.
const CONTEXTS: ScopeContext[] = [
  {path: 'guides', label: 'Guides (2.0)'},
  {path: 'guides-2', label: 'Guides 2 (2.0)'},
  {path: '1.0/guides', label: 'Guides (1.0)'},
  {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'},
];

const page = (pathname: string, onDocPage = true, preferredVersionName: string | null = null) =>
  searchScopeForPage({baseUrl: '/', pathname, versions: VERSIONS, contexts: CONTEXTS, onDocPage, preferredVersionName});

describe('searchScopeForPage: the index the navbar box loads', () => {
  it.each([
    // A doc page: its version, and its section's index when it is in one.
    ['/guides/start', true, null, '/search-index-guides.json'],
    ['/guides', true, null, '/search-index-guides.json'],
    ['/guides-2/deep/page', true, null, '/search-index-guides-2.json'],
    ['/chapter-1-introduction', true, null, '/search-index.json'],
    ['/1.0/guides/start', true, null, '/1.0/search-index-1.0-guides.json'],
    ['/1.0/tutorial-basics/create-a-page', true, null, '/1.0/search-index-1.0-tutorial-basics.json'],
    ['/1.0/tutorial-basics', true, null, '/1.0/search-index-1.0-tutorial-basics.json'],
    ['/1.0/intro', true, null, '/1.0/search-index.json'],
    ['/1.0', true, null, '/1.0/search-index.json'],
    // A 2.0 folder named like a 1.0 section is not that section, and the reverse.
    ['/tutorial-basics/x', true, null, '/search-index.json'],
    ['/1.0/guides-2/x', true, null, '/1.0/search-index.json'],
    // A doc's own version wins over the reader's preference.
    ['/guides/start', true, '1.0', '/search-index-guides.json'],
    ['/1.0/intro', true, 'current', '/1.0/search-index.json'],
    // Off the docs: the whole of the preferred version, else the latest.
    ['/', false, null, '/search-index.json'],
    ['/', false, '1.0', '/1.0/search-index.json'],
    ['/search', false, '1.0', '/1.0/search-index.json'],
    ['/search', false, 'current', '/search-index.json'],
    ['/search', false, 'gone', '/search-index.json'],
  ])('%s (doc page: %s, preferred: %s) loads %s', (pathname, onDocPage, preferred, index) => {
    expect(searchIndexUrl(page(pathname, onDocPage, preferred))).toBe(index);
  });

  it.each([
    ['/guides/start', ['/search-index-guides.json']],
    ['/1.0/tutorial-basics', ['/1.0/search-index-1.0-tutorial-basics.json']],
    ['/chapter-1-introduction', ['/search-index.outline.json', '/search-index.json']],
    ['/1.0/intro', ['/1.0/search-index.outline.json', '/1.0/search-index.json']],
  ])('%s: the box loads %j, in that order', (pathname, indexes) => {
    expect(navbarIndexUrls(page(pathname))).toEqual(indexes);
  });

  it('works below a base URL', () => {
    const versions = [
      {...CURRENT, path: '/docs/'},
      {...V1, path: '/docs/1.0'},
    ];
    const contexts = [{path: '1.0/guides', label: 'Guides (1.0)'}];
    const scope = searchScopeForPage({baseUrl: '/docs/', pathname: '/docs/1.0/guides/a', versions, contexts, onDocPage: true});
    expect(searchIndexUrl(scope)).toBe('/docs/1.0/search-index-1.0-guides.json');
  });
});

const searchPage = (search: string, preferredVersionName: string | null = null) =>
  searchScopeForSearchPage({baseUrl: '/', search, versions: VERSIONS, contexts: CONTEXTS, preferredVersionName});

describe('searchScopeForSearchPage: the index the search page loads, what it offers, what it says', () => {
  it.each([
    ['?q=a', null, '/search-index.json', ['guides', 'guides-2'], null],
    ['?q=a', '1.0', '/1.0/search-index.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=1.0%2F', null, '/1.0/search-index.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=1.0', null, '/1.0/search-index.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=%2F1.0%2F', null, '/1.0/search-index.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=guides', null, '/search-index-guides.json', ['guides', 'guides-2'], null],
    // The section decides the version, with or without (or against) `version`.
    ['?q=a&ctx=1.0%2Ftutorial-basics', null, '/1.0/search-index-1.0-tutorial-basics.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=1.0%2Fguides&version=1.0%2F', null, '/1.0/search-index-1.0-guides.json', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=guides&version=1.0%2F', null, '/search-index-guides.json', ['guides', 'guides-2'], null],
    // What names nothing is said, and the rest still searched.
    [
      '?q=a&version=9.9%2F',
      null,
      '/search-index.json',
      ['guides', 'guides-2'],
      'There is no version “9.9” of these docs. Showing results from all of version 2.0.',
    ],
    [
      '?q=a&version=9.9%2F',
      '1.0',
      '/1.0/search-index.json',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no version “9.9” of these docs. Showing results from all of version 1.0.',
    ],
    [
      '?q=a&ctx=nowhere&version=1.0%2F',
      null,
      '/1.0/search-index.json',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no section “nowhere” of these docs. Showing results from all of version 1.0.',
    ],
    [
      '?q=a&ctx=1.0%2Fguides&version=9.9',
      null,
      '/1.0/search-index-1.0-guides.json',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no version “9.9” of these docs. Showing results from Guides (1.0).',
    ],
  ])('%s (preferred: %s) loads %s, offers %j, says %j', (search, preferred, index, offered, notice) => {
    const scope = searchPage(search, preferred);
    expect(searchIndexUrl(scope)).toBe(index);
    expect(scope.contexts.map((context) => context.path)).toEqual(offered);
    expect(scope.notice).toBe(notice);
  });

  it.each([
    ['?ctx=1.0%2Fguides', '1.0/'],
    ['?ctx=guides', null],
    ['?version=1.0', '1.0/'],
  ])('%s is written back with version=%j', (search, param) => {
    expect(versionParamOf('/', searchPage(search))).toBe(param);
  });
});
