import {describe, expect, it} from 'vitest';
import {NO_RESULTS_TIP, noResultsWayOn, type NoResultsInput, type WayOn} from '../../src/search/noResults';

const V1 = {version: {name: '1.0', label: '1.0', versionUrl: '/1.0/', param: '1.0/'}, total: 3};
const V2 = {version: {name: 'current', label: '2.0', versionUrl: '/', param: '2.0'}, total: 1};

describe('noResultsWayOn: a search that found nothing offers a way on, never a link to the same nothing', () => {
  it.each<[string, NoResultsInput, WayOn]>([
    // The box searches the reader's whole version: limited when they have others.
    [
      'the box, the only version: the tip and the search page',
      {inSection: false, versions: 1, wider: null, place: 'box'},
      {kind: 'tip', tip: NO_RESULTS_TIP, searchPage: true},
    ],
    [
      'the box, other versions not searched yet: nothing yet',
      {inSection: false, versions: 2, wider: undefined, place: 'box'},
      {kind: 'waiting'},
    ],
    [
      'the box, another version has answers: all versions',
      {inSection: false, versions: 3, wider: V1, place: 'box'},
      {kind: 'wider', label: 'Search all versions', elsewhere: V1},
    ],
    [
      'the box, no version has answers: the tip and the search page',
      {inSection: false, versions: 3, wider: null, place: 'box'},
      {kind: 'tip', tip: NO_RESULTS_TIP, searchPage: true},
    ],
    // The search page: its section, its version, or everything.
    [
      'a section, the rest not searched yet: nothing yet',
      {inSection: true, versions: 1, wider: undefined, place: 'page'},
      {kind: 'waiting'},
    ],
    [
      'a section, its version has answers: everywhere',
      {inSection: true, versions: 1, wider: V2, place: 'page'},
      {kind: 'wider', label: 'Search everywhere', elsewhere: V2},
    ],
    [
      'a section, only another version has answers: everywhere',
      {inSection: true, versions: 2, wider: V1, place: 'page'},
      {kind: 'wider', label: 'Search everywhere', elsewhere: V1},
    ],
    [
      'a section, nothing anywhere: the tip, on the page already',
      {inSection: true, versions: 2, wider: null, place: 'page'},
      {kind: 'tip', tip: NO_RESULTS_TIP, searchPage: false},
    ],
    [
      'a version of several, another has answers: all versions',
      {inSection: false, versions: 2, wider: V2, place: 'page'},
      {kind: 'wider', label: 'Search all versions', elsewhere: V2},
    ],
    [
      'the only version, whole: the tip',
      {inSection: false, versions: 1, wider: null, place: 'page'},
      {kind: 'tip', tip: NO_RESULTS_TIP, searchPage: false},
    ],
  ])('%s', (_case, input, wayOn) => {
    expect(noResultsWayOn(input)).toEqual(wayOn);
  });
});
