import {describe, expect, it} from 'vitest';
import {footerLinks, isPlainClick, pageOf, type FooterInput} from '../../src/search/searchLinks';

const BASICS = {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'};

describe('footerLinks: the links under the suggestions', () => {
  it.each<[string, FooterInput, [string, string][]]>([
    ['off every section', {query: 'deploy', version: null}, [['See all results', '/search?q=deploy']]],
    [
      'in a section, answers in it',
      {query: 'deploy', version: '1.0/', readerSection: BASICS, answered: {shown: 8, inSection: 3}},
      [
        ['See all results', '/search?q=deploy&version=1.0%2F'],
        ['See all results within "Tutorial - Basics (1.0)"', '/search?q=deploy&ctx=1.0%2Ftutorial-basics&version=1.0%2F'],
      ],
    ],
    [
      'in a section, before the answer',
      {query: 'dep', version: '1.0/', readerSection: BASICS},
      [
        ['See all results', '/search?q=dep&version=1.0%2F'],
        ['See all results within "Tutorial - Basics (1.0)"', '/search?q=dep&ctx=1.0%2Ftutorial-basics&version=1.0%2F'],
      ],
    ],
    [
      'nothing found: none, the status offers the way on',
      {query: 'zqxj', version: '1.0/', readerSection: BASICS, answered: {shown: 0, inSection: 0}},
      [],
    ],
    [
      'in a section, every answer elsewhere',
      {query: 'translate', version: '1.0/', readerSection: BASICS, answered: {shown: 2, inSection: 0}},
      [['See all results outside "Tutorial - Basics (1.0)"', '/search?q=translate&version=1.0%2F']],
    ],
  ])('%s', (_case, input, links) => {
    expect(footerLinks('/', input).map(({label, href}) => [label, href])).toEqual(links);
  });
});

describe('pageOf: the page a search link prefetches', () => {
  it.each([
    ['/Reference/Server?_highlight=body&_highlight=limit#bodylimit', '/Reference/Server'],
    ['/1.0/tutorial-basics/create-a-page#create-your-first-react-page', '/1.0/tutorial-basics/create-a-page'],
    ['/search?q=deploy&version=1.0%2F', '/search'],
    ['/Guides/Getting-Started', '/Guides/Getting-Started'],
    ['/', '/'],
  ])('%s → %s', (href, page) => {
    expect(pageOf(href)).toBe(page);
  });
});

describe('isPlainClick: the clicks the app opens itself', () => {
  const plain = {button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false};
  it.each<[string, Partial<typeof plain>, boolean]>([
    ['a primary click', {}, true],
    ['a middle click (a new tab)', {button: 1}, false],
    ['Ctrl+click', {ctrlKey: true}, false],
    ['⌘+click', {metaKey: true}, false],
    ['Shift+click (a new window)', {shiftKey: true}, false],
    ['Alt+click (a download)', {altKey: true}, false],
  ])('%s', (_case, event, taken) => {
    expect(isPlainClick({...plain, ...event})).toBe(taken);
  });
});
