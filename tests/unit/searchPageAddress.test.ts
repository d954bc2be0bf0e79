import {describe, expect, it} from 'vitest';
import {
  changeSearchPageAddress,
  EMPTY_ADDRESS,
  MAX_MORE,
  parseSearchPageAddress,
  searchPageScope,
  searchPageUrl,
  type AddressChange,
  type SearchPageAddress,
} from '../../src/search/searchPageAddress';
import {versionParamOf} from '../../src/search/searchScope';
import {MAX_QUERY_LENGTH} from '../../src/search/engine/queryTerms';
import {CURRENT, SECTIONS, V1, VERSIONS} from '../support/searchScopeSite';

const address = (parts: Partial<SearchPageAddress>): SearchPageAddress => ({...EMPTY_ADDRESS, ...parts});

describe('parseSearchPageAddress: what the address asks for', () => {
  it.each<[string, Partial<SearchPageAddress>]>([
    ['', {}],
    ['?q=docs', {query: 'docs'}],
    ['?q=a+b&version=1.0%2F&ctx=1.0%2Fguides&more=2', {query: 'a b', version: '1.0/', section: '1.0/guides', more: 2}],
    ['q=no-question-mark', {query: 'no-question-mark'}],
    // Query syntax is the engine's business: the address hands it over as written.
    ['?q=title%3A', {query: 'title:'}],
    ['?q=%2B', {query: '+'}],
    ['?q=foo~x', {query: 'foo~x'}],
    // Not given, or given empty: the page's defaults.
    ['?q=&version=&ctx=&more=', {}],
    ['?version=%20%201.0%20', {version: '1.0'}],
    // A "more" that is no count is no request for more; a huge one is capped.
    ['?more=-1', {}],
    ['?more=1.5', {}],
    ['?more=two', {}],
    [`?more=${MAX_MORE + 1}`, {more: MAX_MORE}],
    ['?more=99999999999', {}],
    // Parameters the page does not know are not its business.
    ['?q=a&page=3&utm_source=x', {query: 'a'}],
  ])('%j', (search, expected) => {
    expect(parseSearchPageAddress(search)).toEqual(address(expected));
  });

  it('cuts the query where the box does', () => {
    const parsed = parseSearchPageAddress(`?q=${'x'.repeat(3000)}`);
    expect(parsed.query).toBe('x'.repeat(MAX_QUERY_LENGTH));
  });
});

describe('searchPageUrl: the links to the search page', () => {
  it.each<[string, Partial<SearchPageAddress>, string]>([
    ['/', {query: 'docs'}, '/search?q=docs'],
    ['/', {}, '/search?q='],
    // The query's characters are escaped; the box's footer and hint links read this way.
    ['/', {query: 'a&b c', version: '1.0/'}, '/search?q=a%26b+c&version=1.0%2F'],
    ['/', {query: 'a', version: null, section: 'guides'}, '/search?q=a&ctx=guides'],
    ['/docs/', {query: 'a', version: '1.0/', section: '1.0/guides', more: 1}, '/docs/search?q=a&ctx=1.0%2Fguides&version=1.0%2F&more=1'],
    // Defaults are not written.
    ['/', {query: 'a', version: null, section: '', more: 0}, '/search?q=a'],
  ])('%s %j → %s', (baseUrl, parts, url) => {
    expect(searchPageUrl(baseUrl, parts)).toBe(url);
  });

  it.each<Partial<SearchPageAddress>>([
    {query: 'a b&c', version: '1.0/', section: '1.0/guides', more: 3},
    {query: 'ä/ß?#', version: null, section: '', more: 0},
    {query: '', version: '2.0', section: 'guides', more: 1},
  ])('reads back what it wrote: %j', (parts) => {
    const url = new URL(searchPageUrl('/', parts), 'http://x');
    expect(parseSearchPageAddress(url.search)).toEqual(address(parts));
  });
});

const ROOT_CHOICE = {param: '2.0'};
const V1_CHOICE = {param: '1.0/'};

describe("changeSearchPageAddress: what the page's controls write", () => {
  const shown = address({query: 'docs', version: '1.0/', section: '1.0/guides', more: 2});
  it.each<[string, SearchPageAddress, AddressChange, Partial<SearchPageAddress>]>([
    ['a new query starts again at the first answers, in the same place', shown, {query: 'sidebar'}, {...shown, query: 'sidebar', more: 0}],
    ['a query is cut where the box cuts it', shown, {query: 'y'.repeat(200)}, {...shown, query: 'y'.repeat(MAX_QUERY_LENGTH), more: 0}],
    // Another version has sections of its own: the whole of it is searched.
    ['another version: the whole of it', shown, {version: V1_CHOICE}, {query: 'docs', version: '1.0/', section: '', more: 0}],
    // The version at the root has no folder: named by its label, it holds whatever version the reader prefers.
    ['the version at the root: by its label', shown, {version: ROOT_CHOICE}, {query: 'docs', version: '2.0', section: '', more: 0}],
    // A section names its version too, so the address never says one and searches another.
    [
      'a section: it, and its version',
      address({query: 'docs', version: '9.9'}),
      {section: '1.0/guides', version: V1_CHOICE},
      {query: 'docs', version: '1.0/', section: '1.0/guides', more: 0},
    ],
    ['the whole version: no section, the version kept', shown, {section: '', version: V1_CHOICE}, {...shown, section: '', more: 0}],
    ['the whole of the version at the root', shown, {section: '', version: ROOT_CHOICE}, {...shown, version: '2.0', section: '', more: 0}],
    ['show more: one page more, the rest kept', shown, {more: 'one more'}, {...shown, more: 3}],
    ['show more, at most so many times', address({more: MAX_MORE}), {more: 'one more'}, {more: MAX_MORE}],
  ])('%s', (_, from, change, expected) => {
    expect(changeSearchPageAddress(from, change)).toEqual(address(expected));
  });
});

const scopeOf = (search: string, preferredVersionName: string | null = null) =>
  searchPageScope(parseSearchPageAddress(search), {baseUrl: '/', versions: VERSIONS, sections: SECTIONS, preferredVersionName});

describe('searchPageScope: the version the search page searches, the section it keeps to, what it offers and says', () => {
  it.each([
    ['?q=a', null, '/', '', ['guides', 'guides-2'], null],
    ['?q=a', '1.0', '/1.0/', '', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=1.0%2F', null, '/1.0/', '', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=1.0', null, '/1.0/', '', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&version=%2F1.0%2F', null, '/1.0/', '', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=guides', null, '/', 'guides', ['guides', 'guides-2'], null],
    // The section decides the version, with or without `version`; against it, the page says so.
    ['?q=a&ctx=1.0%2Ftutorial-basics', null, '/1.0/', '1.0/tutorial-basics', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=1.0%2Ftutorial-basics', 'current', '/1.0/', '1.0/tutorial-basics', ['1.0/guides', '1.0/tutorial-basics'], null],
    ['?q=a&ctx=1.0%2Fguides&version=1.0%2F', null, '/1.0/', '1.0/guides', ['1.0/guides', '1.0/tutorial-basics'], null],
    [
      '?q=a&ctx=guides&version=1.0%2F',
      null,
      '/',
      'guides',
      ['guides', 'guides-2'],
      'The section “Guides (2.0)” is in version 2.0, not 1.0. Showing results from Guides (2.0).',
    ],
    [
      '?q=a&ctx=1.0%2Fguides&version=2.0',
      null,
      '/1.0/',
      '1.0/guides',
      ['1.0/guides', '1.0/tutorial-basics'],
      'The section “Guides (1.0)” is in version 1.0, not 2.0. Showing results from Guides (1.0).',
    ],
    // What names nothing is said, and the rest still searched.
    [
      '?q=a&version=9.9%2F',
      null,
      '/',
      '',
      ['guides', 'guides-2'],
      'There is no version “9.9” of these docs. Showing results from all of version 2.0.',
    ],
    [
      '?q=a&version=9.9%2F',
      '1.0',
      '/1.0/',
      '',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no version “9.9” of these docs. Showing results from all of version 1.0.',
    ],
    [
      '?q=a&ctx=nowhere&version=1.0%2F',
      null,
      '/1.0/',
      '',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no section “nowhere” of these docs. Showing results from all of version 1.0.',
    ],
    [
      '?q=a&ctx=1.0%2Fguides&version=9.9',
      null,
      '/1.0/',
      '1.0/guides',
      ['1.0/guides', '1.0/tutorial-basics'],
      'There is no version “9.9” of these docs. Showing results from Guides (1.0).',
    ],
  ])('%s (chosen: %s) searches %s within %j, offers %j, says %j', (search, preferred, versionUrl, section, offered, notice) => {
    const scope = scopeOf(search, preferred);
    expect({versionUrl: scope.versionUrl, section: scope.section}).toEqual({versionUrl, section});
    expect(scope.sections.map((offer) => offer.path)).toEqual(offered);
    expect(scope.notice).toBe(notice);
  });

  // The version at the root is named by its label (its folder is the root): every spelling means it, whatever was chosen.
  it.each([
    ['?q=a&version=2.0', null],
    ['?q=a&version=2.0%2F', null],
    ['?q=a&version=2.0', '1.0'],
    ['?q=a&version=2.0%2F', '1.0'],
    ['?q=a&version=%2F2.0%2F', '1.0'],
    ['?q=a&version=current', '1.0'],
    ['?q=a&version=%2F', '1.0'],
  ])('%s (chosen: %s) searches the version at the root, and says nothing', (search, preferred) => {
    const scope = scopeOf(search, preferred);
    expect(scope.version).toBe(CURRENT);
    expect({versionUrl: scope.versionUrl, section: scope.section, notice: scope.notice}).toEqual({
      versionUrl: '/',
      section: '',
      notice: null,
    });
    expect(scope.sections.map((offer) => offer.path)).toEqual(['guides', 'guides-2']);
  });

  it('version=2.0 and version=2.0/ give the same scope', () => {
    expect(scopeOf('?q=a&version=2.0%2F', '1.0')).toEqual(scopeOf('?q=a&version=2.0', '1.0'));
    expect(scopeOf('?q=a&version=1.0%2F')).toEqual(scopeOf('?q=a&version=1.0'));
  });

  it.each([
    ['?ctx=1.0%2Fguides', '1.0/'],
    ['?ctx=guides', '2.0'],
    ['?version=1.0', '1.0/'],
    ['?version=2.0', '2.0'],
    ['?version=2.0%2F', '2.0'],
    // No version: the one searched is named, so that the link means the same to a reader who chose another.
    ['?q=a', '2.0'],
  ])('%s is written back with version=%j', (search, param) => {
    expect(versionParamOf('/', scopeOf(search))).toBe(param);
  });

  it('works below a base URL', () => {
    const versions = [
      {...CURRENT, path: '/docs/'},
      {...V1, path: '/docs/1.0'},
    ];
    const scope = searchPageScope(parseSearchPageAddress('?q=a&ctx=1.0%2Fguides'), {baseUrl: '/docs/', versions, sections: SECTIONS});
    expect({versionUrl: scope.versionUrl, section: scope.section, notice: scope.notice}).toEqual({
      versionUrl: '/docs/1.0/',
      section: '1.0/guides',
      notice: null,
    });
  });
});
