import {describe, expect, it} from 'vitest';
import {notFoundHelp, wordsOfAddress} from '../../src/notFound/notFoundHelp';

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
