import {describe, expect, it} from 'vitest';
import {boxStatus, pageStatus, type StatusInput} from '../../src/search/boxStatus';

describe('boxStatus: what the search box says besides its list', () => {
  it.each<[string, StatusInput, string, string]>([
    [
      'the index failed',
      {kind: 'failed'},
      'hooks',
      'Search is unavailable right now: the index could not be loaded. Try again in a moment.',
    ],
    ['the first answer is on its way', {kind: 'searching', showing: 0}, 'hooks', 'Searching…'],
    ['a new answer is on its way, the last list still shown', {kind: 'searching', showing: 5}, 'hooks', ''],
    ['nothing found', {kind: 'answered', shown: 0, total: 0}, 'zebra', 'No results in 2.0.'],
    [
      'nothing found, with another engine’s syntax',
      {kind: 'answered', shown: 0, total: 0},
      'title:zebra',
      'No results in 2.0. Search takes plain words: symbols such as : ~ ^ * + have no special meaning here.',
    ],
    ['one found', {kind: 'answered', shown: 1, total: 1}, 'hooks', '1 of 1 result.'],
    ['eight shown of more', {kind: 'answered', shown: 8, total: 23}, 'page', '8 of 23 results.'],
  ])('%s', (_case, state, query, said) => {
    expect(boxStatus(state, query, '2.0')).toBe(said);
  });
});

describe('pageStatus: the search page says the same, for every result it lists', () => {
  it.each<[string, number, string, string]>([
    ['nothing found', 0, 'zebra', 'No results in 1.0.'],
    [
      'nothing found, with another engine’s syntax',
      0,
      'title:zebra',
      'No results in 1.0. Search takes plain words: symbols such as : ~ ^ * + have no special meaning here.',
    ],
    ['one found', 1, 'hooks', '1 result in 1.0.'],
    ['many found', 23, 'page', '23 results in 1.0.'],
  ])('%s', (_case, total, query, said) => {
    expect(pageStatus(total, query, '1.0')).toBe(said);
  });
});
