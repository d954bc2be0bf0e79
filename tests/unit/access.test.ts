import {describe, expect, it} from 'vitest';
import {decideAccess, isNavigationRequest} from '../../server/rules/access';

describe('decideAccess', () => {
  it.each([
    ['a signed-in reader, any page', {rawUrl: '/1.0/intro', signedIn: true, isNavigation: true}, {kind: 'serve'}],
    ['a signed-in reader, an asset', {rawUrl: '/assets/js/doc.js', signedIn: true, isNavigation: false}, {kind: 'serve'}],
    [
      'a visitor opening a doc',
      {rawUrl: '/1.0/intro?x=1', signedIn: false, isNavigation: true},
      {kind: 'login-redirect', location: '/login?redirect=%2F1.0%2Fintro%3Fx%3D1'},
    ],
    [
      'a visitor opening the home page',
      {rawUrl: '/', signedIn: false, isNavigation: true},
      {kind: 'login-redirect', location: '/login?redirect=%2F'},
    ],
    ['a visitor fetching a doc chunk', {rawUrl: '/assets/js/doc.js', signedIn: false, isNavigation: false}, {kind: 'unauthorized'}],
    [
      'a visitor fetching a search index',
      {rawUrl: '/search-index.manifest.json', signedIn: false, isNavigation: false},
      {kind: 'unauthorized'},
    ],
    [
      'a visitor opening an unknown page',
      {rawUrl: '/nope', signedIn: false, isNavigation: true},
      {kind: 'login-redirect', location: '/login?redirect=%2Fnope'},
    ],
    [
      'a visitor sent by a hostile link',
      {rawUrl: '/.//evil.example', signedIn: false, isNavigation: true},
      {kind: 'login-redirect', location: '/login'},
    ],
  ])('%s', (_name, request, expected) => {
    expect(decideAccess(request)).toEqual(expected);
  });
});

describe('isNavigationRequest', () => {
  it.each([
    [{'sec-fetch-mode': 'navigate'}, true],
    [{'sec-fetch-mode': 'no-cors', accept: 'text/html'}, false],
    [{'sec-fetch-mode': 'cors'}, false],
    [{accept: 'text/html,application/xhtml+xml'}, true],
    [{accept: '*/*'}, false],
    [{}, false],
  ])('%j → %s', (headers, expected) => {
    expect(isNavigationRequest(headers)).toBe(expected);
  });
});
