import {describe, expect, it} from 'vitest';
import {buildFileFor, caseVariantLocation, resolveRequestPath} from '../../server/rules/requestPath';

describe('resolveRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/chapter-1-introduction', '/chapter-1-introduction'],
    ['/Chapter%202_%20Documentation', '/Chapter 2_ Documentation'],
    ['/assets/js/main.abc123.js', '/assets/js/main.abc123.js'],
    ['/1.0/search-index.manifest.json?_=abc', '/1.0/search-index.manifest.json'],
  ])('reads %j as the path %j', (url, path) => {
    expect(resolveRequestPath(url)).toEqual({kind: 'path', path});
  });

  it.each([
    ['/chapter-1-introduction/', '/chapter-1-introduction'],
    ['/chapter-1-introduction.html', '/chapter-1-introduction'],
    ['/1.0/intro.html?x=1', '/1.0/intro?x=1'],
    ['/1.0/index.html', '/1.0'],
    ['/index.html', '/'],
    ['/1.0/', '/1.0'],
    ['//evil.com/', '/evil.com'],
    ['//evil.com', '/evil.com'],
    ['/a//b', '/a/b'],
  ])('redirects %j to %j', (url, location) => {
    expect(resolveRequestPath(url)).toEqual({kind: 'redirect', location});
  });

  it.each([
    ['parent segment', '/../package.json'],
    ['nested parent segment', '/assets/../../server/main.ts'],
    ['encoded dots', '/%2e%2e/package.json'],
    ['mixed-case encoded dots', '/%2E%2e/package.json'],
    ['half-encoded dots', '/.%2e/package.json'],
    ['encoded slash', '/assets%2f..%2f..%2fpackage.json'],
    ['encoded slash, upper case', '/..%2F..%2Fetc%2Fpasswd'],
    ['backslash', '/..\\..\\package.json'],
    ['encoded backslash', '/..%5c..%5cpackage.json'],
    ['NUL byte', '/index.html%00.js'],
    ['raw control character', '/a%0d%0aSet-Cookie:%20x=1'],
    ['current-directory segment', '/./login'],
    ['broken percent-encoding', '/%E0%A4%A'],
    ['lone percent', '/100%'],
    ['not a path', 'http://evil.com/'],
    ['double-encoded dots decode to literal text, but a dot segment in one pass is refused', '/%2e/login'],
  ])('refuses %s with 400', (_name, url) => {
    expect(resolveRequestPath(url)).toEqual({kind: 'reject', status: 400});
  });

  it('refuses overlong paths with 414', () => {
    expect(resolveRequestPath(`/${'a'.repeat(2000)}`)).toEqual({kind: 'reject', status: 414});
  });
});

describe('buildFileFor', () => {
  const files = new Set([
    'index.html',
    '404.html',
    'login.html',
    '1.0.html',
    '1.0/intro.html',
    'Chapter 2_ Documentation.html',
    'assets/js/main.js',
    'search-index.manifest.json',
  ]);

  it.each([
    ['/', 'index.html'],
    ['/login', 'login.html'],
    ['/1.0', '1.0.html'],
    ['/1.0/intro', '1.0/intro.html'],
    ['/Chapter 2_ Documentation', 'Chapter 2_ Documentation.html'],
    ['/assets/js/main.js', 'assets/js/main.js'],
    ['/search-index.manifest.json', 'search-index.manifest.json'],
    ['/nope', null],
    // The not-found page is no page of its own: signed out, /404 leads to the login page like any private path.
    ['/404', null],
    ['/login.html', null],
    ['/assets/js', null],
  ])('%j is answered by %j', (path, file) => {
    expect(buildFileFor(path, files)).toBe(file);
  });
});

describe('caseVariantLocation', () => {
  const files = new Set([
    'index.html',
    '404.html',
    '1.0.html',
    '1.0/intro.html',
    'Chapter 2_ Documentation.html',
    'guide/index.html',
    'Setup.html',
    'setup.html',
    'search-index.manifest.json',
  ]);

  it.each([
    ['/1.0/INTRO', '/1.0/INTRO', '/1.0/intro'],
    ['/1.0/Intro', '/1.0/Intro?_highlight=x', '/1.0/intro?_highlight=x'],
    ['/chapter 2_ documentation', '/chapter%202_%20documentation', '/Chapter%202_%20Documentation'],
    ['/GUIDE', '/GUIDE', '/guide'],
  ])('moves %j (requested as %j) to %j', (path, rawUrl, location) => {
    expect(caseVariantLocation(path, rawUrl, files)).toBe(location);
  });

  it.each([
    ['a path no page has in any case', '/1.0/outro'],
    ['a path two pages share but for case', '/SETUP'],
    ['the not-found page', '/404'],
    ['a file that is not a page', '/SEARCH-INDEX.JSON'],
    ['the page itself', '/1.0/intro'],
  ])('leaves %s not found', (_name, path) => {
    expect(caseVariantLocation(path, path, files)).toBeNull();
  });
});
