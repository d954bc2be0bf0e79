import {describe, expect, it} from 'vitest';
import {footerLinks, type FooterInput} from '../../src/search/searchLinks';

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
      'in a section, every answer elsewhere',
      {query: 'translate', version: '1.0/', readerSection: BASICS, answered: {shown: 2, inSection: 0}},
      [['See all results outside "Tutorial - Basics (1.0)"', '/search?q=translate&version=1.0%2F']],
    ],
  ])('%s', (_case, input, links) => {
    expect(footerLinks('/', input).map(({label, href}) => [label, href])).toEqual(links);
  });
});
