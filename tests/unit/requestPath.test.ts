import {describe, expect, it} from 'vitest';
import {buildFileFor, resolveRequestPath} from '../../server/requestPath';

describe('resolveRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/chapter-1-introduction', '/chapter-1-introduction'],
    ['/Chapter%202_%20Documentation', '/Chapter 2_ Documentation'],
    ['/assets/js/main.abc123.js', '/assets/js/main.abc123.js'],
    ['/1.0/search-index.json?_=abc', '/1.0/search-index.json'],
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
  const files = new Set(['index.html', 'login.html', '1.0.html', '1.0/intro.html', 'Chapter 2_ Documentation.html', 'assets/js/main.js', 'search-index.json']);

  it.each([
    ['/', 'index.html'],
    ['/login', 'login.html'],
    ['/1.0', '1.0.html'],
    ['/1.0/intro', '1.0/intro.html'],
    ['/Chapter 2_ Documentation', 'Chapter 2_ Documentation.html'],
    ['/assets/js/main.js', 'assets/js/main.js'],
    ['/search-index.json', 'search-index.json'],
    ['/nope', null],
    ['/login.html', null],
    ['/assets/js', null],
  ])('%j is answered by %j', (path, file) => {
    expect(buildFileFor(path, files)).toBe(file);
  });
});
