import {describe, expect, it} from 'vitest';
import {
  addRecent,
  forgetRecentSearches,
  parseRecent,
  RECENT_KEPT,
  RECENT_PER_VERSION,
  recentIn,
  recentSearchesKey,
  removeRecent,
  type RecentSearch,
} from '../../src/search/recentSearches';

/** `queries` of one version, newest first. */
const of = (version: string, ...queries: string[]): RecentSearch[] => queries.map((query) => ({query, version}));
const queriesOf = (list: readonly RecentSearch[]) => list.map(({version, query}) => `${version} ${query}`);

describe('addRecent: the newest search first, the same search once, a few per version', () => {
  it.each<[string, RecentSearch[], RecentSearch, RecentSearch[]]>([
    ['the first search', [], {query: 'markdown', version: '/'}, of('/', 'markdown')],
    ['a new search goes first', of('/', 'hooks', 'sidebar'), {query: 'markdown', version: '/'}, of('/', 'markdown', 'hooks', 'sidebar')],
    [
      'a search made again moves first, kept once',
      of('/', 'hooks', 'markdown', 'sidebar'),
      {query: 'markdown', version: '/'},
      of('/', 'markdown', 'hooks', 'sidebar'),
    ],
    [
      'the same search in other letters or spaces is the same, kept as last typed',
      of('/', 'hooks', 'Markdown  Tables'),
      {query: '  markdown tables ', version: '/'},
      of('/', 'markdown tables', 'hooks'),
    ],
    [
      'the same words in another version are another search',
      of('/1.0/', 'markdown'),
      {query: 'markdown', version: '/'},
      [...of('/', 'markdown'), ...of('/1.0/', 'markdown')],
    ],
    ['an empty query is no search', of('/', 'hooks'), {query: '   ', version: '/'}, of('/', 'hooks')],
    [
      `past ${RECENT_PER_VERSION} in a version, its oldest goes; the other version's stay`,
      [...of('/', 'a', 'b', 'c', 'd', 'e'), ...of('/1.0/', 'x')],
      {query: 'f', version: '/'},
      [...of('/', 'f', 'a', 'b', 'c', 'd'), ...of('/1.0/', 'x')],
    ],
  ])('%s', (_case, list, search, expected) => {
    expect(addRecent(list, search)).toEqual(expected);
  });

  it(`keeps ${RECENT_KEPT} across versions, the oldest dropped`, () => {
    const versions = Array.from({length: RECENT_KEPT / RECENT_PER_VERSION + 1}, (_, index) => `/${index}.0/`);
    const list = versions
      .flatMap((version) => Array.from({length: RECENT_PER_VERSION}, (_, index) => ({query: `q${index}`, version})))
      .reduce<RecentSearch[]>((kept, search) => addRecent(kept, search), []);
    expect(list).toHaveLength(RECENT_KEPT);
    expect(list[0]).toEqual({query: `q${RECENT_PER_VERSION - 1}`, version: versions.at(-1)});
    expect(recentIn(list, versions[0]!)).toEqual([]);
  });

  it('keeps a query no longer than the box takes', () => {
    expect(addRecent([], {query: 'a'.repeat(300), version: '/'})[0]!.query).toHaveLength(100);
  });
});

describe('removeRecent and recentIn', () => {
  const list = [...of('/', 'markdown', 'hooks'), ...of('/1.0/', 'markdown')];
  it.each<[string, RecentSearch, RecentSearch[]]>([
    ['removes the one search, in its version only', {query: 'markdown', version: '/'}, [...of('/', 'hooks'), ...of('/1.0/', 'markdown')]],
    ['in any letters', {query: 'HOOKS', version: '/'}, [...of('/', 'markdown'), ...of('/1.0/', 'markdown')]],
    ['a search not kept changes nothing', {query: 'zebra', version: '/'}, list],
  ])('%s', (_case, search, expected) => {
    expect(removeRecent(list, search)).toEqual(expected);
  });

  it("shows a version's own, newest first", () => {
    expect(queriesOf(recentIn(list, '/'))).toEqual(['/ markdown', '/ hooks']);
    expect(queriesOf(recentIn(list, '/2.0/'))).toEqual([]);
  });
});

describe('parseRecent: what the browser kept, held to the same rules', () => {
  it.each<[string, string | null, RecentSearch[]]>([
    ['nothing kept', null, []],
    ['not JSON', '{oops', []],
    ['not a list', '{"query": "x", "version": "/"}', []],
    ['a list as written', JSON.stringify(of('/', 'markdown', 'hooks')), of('/', 'markdown', 'hooks')],
    [
      'entries of another shape dropped',
      JSON.stringify([{query: 'markdown', version: '/'}, {query: 3, version: '/'}, 'hooks', null, {query: 'x'}]),
      of('/', 'markdown'),
    ],
    ['the same search twice: the newer kept', JSON.stringify(of('/', 'Markdown', 'hooks', 'markdown')), of('/', 'Markdown', 'hooks')],
    [
      'too many for a version: the newest kept',
      JSON.stringify(of('/', 'a', 'b', 'c', 'd', 'e', 'f', 'g')),
      of('/', 'a', 'b', 'c', 'd', 'e'),
    ],
  ])('%s', (_case, raw, expected) => {
    expect(parseRecent(raw)).toEqual(expected);
  });
});

describe('forgetRecentSearches: a sign-out forgets every site’s, and nothing else', () => {
  it('removes the recent searches of every base URL, keeps the other keys', () => {
    const items = new Map<string, string>([
      [recentSearchesKey('/'), '[]'],
      [recentSearchesKey('/docs/'), '[]'],
      ['tutorial-hub:had-session', '1'],
      ['theme', 'dark'],
    ]);
    const storage = {
      get length() {
        return items.size;
      },
      key: (index: number) => [...items.keys()][index] ?? null,
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
    forgetRecentSearches(storage);
    expect([...items.keys()]).toEqual(['tutorial-hub:had-session', 'theme']);
  });
});
