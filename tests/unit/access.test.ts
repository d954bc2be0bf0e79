import {describe, expect, it} from 'vitest';
import {decideAccess, isNavigationRequest} from '../../server/access';

const publicPaths = new Set(['/login', '/assets/js/main.js']);

describe('decideAccess', () => {
  it.each([
    ['a signed-in reader, any path', {path: '/1.0/intro', rawUrl: '/1.0/intro', signedIn: true, isNavigation: true}, {kind: 'serve'}],
    ['a signed-in reader, an asset', {path: '/assets/js/doc.js', rawUrl: '/assets/js/doc.js', signedIn: true, isNavigation: false}, {kind: 'serve'}],
    ['a visitor, the login page', {path: '/login', rawUrl: '/login?redirect=%2F', signedIn: false, isNavigation: true}, {kind: 'serve'}],
    ['a visitor, a login asset', {path: '/assets/js/main.js', rawUrl: '/assets/js/main.js', signedIn: false, isNavigation: false}, {kind: 'serve'}],
    [
      'a visitor opening a doc',
      {path: '/1.0/intro', rawUrl: '/1.0/intro?x=1', signedIn: false, isNavigation: true},
      {kind: 'login-redirect', location: '/login?redirect=%2F1.0%2Fintro%3Fx%3D1'},
    ],
    ['a visitor opening the home page', {path: '/', rawUrl: '/', signedIn: false, isNavigation: true}, {kind: 'login-redirect', location: '/login'}],
    ['a visitor fetching a doc chunk', {path: '/assets/js/doc.js', rawUrl: '/assets/js/doc.js', signedIn: false, isNavigation: false}, {kind: 'unauthorized'}],
    ['a visitor fetching a search index', {path: '/search-index.json', rawUrl: '/search-index.json', signedIn: false, isNavigation: false}, {kind: 'unauthorized'}],
    ['a visitor opening an unknown page', {path: '/nope', rawUrl: '/nope', signedIn: false, isNavigation: true}, {kind: 'login-redirect', location: '/login?redirect=%2Fnope'}],
  ])('%s', (_name, request, expected) => {
    expect(decideAccess(request, (path) => publicPaths.has(path))).toEqual(expected);
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
