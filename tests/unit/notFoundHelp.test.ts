import {describe, expect, it} from 'vitest';
import {notFoundHelp, samePageElsewhere, wordsOfAddress} from '../../src/notFound/notFoundHelp';

const VERSIONS = [
  {name: 'current', label: '2.0', path: '/', isLast: true},
  {name: '1.0', label: '1.0', path: '/1.0', isLast: false},
];

describe('wordsOfAddress: the words a broken address gives the search', () => {
  it.each([
    ['tutorial-basics/create-a-page', 'tutorial basics create a page'],
    ['tutorial_extras/manageDocsVersions.html', 'tutorial extras manage docs versions'],
    ['category/tutorial---basics', 'tutorial basics'],
    ['Chapter%202_%20Documentation', 'chapter documentation'],
    ['deploy/deploy/deploy', 'deploy'],
    ['a/b/c/d/e/f/g/h', 'a b c d e f'],
    ['%E0%A4%A', 'e0 a4 a'],
    ['', ''],
  ])('%j → %j', (relative, words) => {
    expect(wordsOfAddress(relative)).toBe(words);
  });
});

describe('notFoundHelp: the version of a broken address, and its words', () => {
  it.each([
    ['/1.0/nope', '1.0', 'nope'],
    ['/1.0', '1.0', ''],
    ['/1.0/tutorial-extras/editor-handbook', '1.0', 'editor handbook'],
    ['/1.0/tutorial-extras/category', '1.0', 'tutorial extras'],
    ['/deploy-your-site', '2.0', 'deploy your site'],
    // "1.0x" is not inside the 1.0 route.
    ['/1.0x/intro', '2.0', 'intro'],
  ])('%s: in %s, searching %j', (pathname, label, query) => {
    const help = notFoundHelp('/', pathname, VERSIONS);
    expect({label: help.version.label, query: help.query}).toEqual({label, query});
  });

  // The current docs kept at /docs (version-settings.json), 2.0 frozen below them.
  it.each([
    ['/docs/nope', '3.0', 'nope'],
    ['/docs/2.0/deploy-your-site', '2.0', 'deploy your site'],
    ['/docs/2.0', '2.0', ''],
    ['/docsy/intro', '3.0', 'intro'],
    ['/1.0/nope', '1.0', 'nope'],
  ])('with the newest docs at /docs, %s: in %s, searching %j', (pathname, label, query) => {
    const versions = [
      {name: 'current', label: '3.0', path: '/docs', isLast: true},
      {name: '2.0', label: '2.0', path: '/docs/2.0', isLast: false},
      {name: '1.0', label: '1.0', path: '/1.0', isLast: false},
    ];
    const help = notFoundHelp('/', pathname, versions);
    expect({label: help.version.label, query: help.query}).toEqual({label, query});
  });
});

describe('samePageElsewhere: the page of a broken address in the reader’s other versions', () => {
  // As the reader's copy of the docs' global data lists them: the gate has left out what they may not read.
  const docs = (...paths: string[]) => paths.map((path) => ({path}));
  const READERS_VERSIONS = [
    {
      ...VERSIONS[0]!,
      docs: [...docs('/chapter-1-introduction', '/markers-as-text', '/Chapter 2_ Documentation'), {path: '/draft-notes', unlisted: true}],
    },
    {...VERSIONS[1]!, docs: docs('/1.0/intro', '/1.0/chapter-1-introduction', '/1.0/tutorial-basics/create-a-page', '/1.0/draft-notes')},
  ];
  it.each<[string, string, {label: string; path: string}[]]>([
    // Gone from 1.0, in 2.0 at the root; and the reverse.
    ['/1.0/markers-as-text', '2.0', [{label: '2.0', path: '/markers-as-text'}]],
    ['/intro', '1.0', [{label: '1.0', path: '/1.0/intro'}]],
    ['/tutorial-basics/create-a-page/', '1.0', [{label: '1.0', path: '/1.0/tutorial-basics/create-a-page'}]],
    ['/1.0/Chapter%202_%20Documentation', '2.0', [{label: '2.0', path: '/Chapter 2_ Documentation'}]],
    // An unlisted page is found by its own address only.
    ['/1.0/draft-notes.html', 'none', []],
    // Nothing of the same name elsewhere, a version's own root, another letter case.
    ['/1.0/nope', 'none', []],
    ['/1.0', 'none', []],
    ['/Intro', 'none', []],
    ['/%E0%A4%A', 'none', []],
  ])('%s: in %s', (pathname, _where, found) => {
    expect(samePageElsewhere('/', pathname, READERS_VERSIONS)).toEqual(found);
  });

  it('names only what the reader’s data lists: a version or a page left out for them is not there to name', () => {
    const legacy = {name: '0.9', label: '0.9 LTS', path: '/legacy', isLast: false, docs: docs('/legacy/intro')};
    expect(samePageElsewhere('/', '/intro', [...READERS_VERSIONS, legacy]).map(({label}) => label)).toEqual(['1.0', '0.9 LTS']);
    expect(samePageElsewhere('/', '/intro', READERS_VERSIONS).map(({label}) => label)).toEqual(['1.0']);
  });

  it('with the newest docs at /docs: an address outside every version finds the page under each', () => {
    const versions = [
      {name: 'current', label: '3.0', path: '/docs', isLast: true, docs: docs('/docs/intro')},
      {name: '2.0', label: '2.0', path: '/docs/2.0', isLast: false, docs: docs('/docs/2.0/intro', '/docs/2.0/setup')},
    ];
    expect(samePageElsewhere('/', '/intro', versions)).toEqual([
      {label: '3.0', path: '/docs/intro'},
      {label: '2.0', path: '/docs/2.0/intro'},
    ]);
    expect(samePageElsewhere('/', '/docs/setup', versions)).toEqual([{label: '2.0', path: '/docs/2.0/setup'}]);
    expect(samePageElsewhere('/', '/docs/2.0/nope', versions)).toEqual([]);
  });
});
