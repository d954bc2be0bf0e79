import {describe, expect, it} from 'vitest';
import {canonicalPath, isLoginPath, loginUrlFor, postLoginTarget, safeRedirectTarget} from '../../contracts/paths';

describe('safeRedirectTarget', () => {
  it.each([
    ['/', '/'],
    ['/chapter-1-introduction', '/chapter-1-introduction'],
    ['/1.0/intro?tab=npm#install', '/1.0/intro?tab=npm#install'],
    ['/Chapter%202_%20Documentation', '/Chapter%202_%20Documentation'],
    ['/Chapter 2_ Documentation', '/Chapter%202_%20Documentation'],
    ['/search?q=deploy&version=1.0', '/search?q=deploy&version=1.0'],
    ['/1.0/category/tutorial---basics', '/1.0/category/tutorial---basics'],
    ['/a/../b', '/b'],
    ['/apis-overview', '/apis-overview'],
    ['/guides/api/session', '/guides/api/session'],
    // A docs page where the gate's endpoints begin (Jest's API reference): no endpoint is there.
    ['/api', '/api'],
    ['/api?from=search', '/api?from=search'],
  ])('keeps the same-site path %j', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/login'],
    ['backslash host', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['mixed slashes', '/\\/evil.com'],
    ['absolute https', 'https://evil.com'],
    ['absolute http', 'http://evil.com/path'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['mixed-case javascript', 'JaVaScRiPt:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['encoded slashes (decoded once already)', '%2F%2Fevil.com'],
    ['tab between slashes', '/\t/evil.com'],
    ['newline between slashes', '/\n/evil.com'],
    ['carriage return', '/\r/evil.com'],
    ['NUL byte', '/\u0000/evil.com'],
    ['leading space', ' /chapter-1-introduction'],
    ['relative path', 'chapter-1-introduction'],
    ['empty', ''],
    ['the login page itself', '/login?redirect=/x'],
    ['the login page as .html', '/login.html'],
    ['line separator', '/\u2028/evil.com'],
    ['overlong', `/${'a'.repeat(3000)}`],
    ['dot segment before a double slash', '/.//evil.example'],
    ['parent segment collapsing to a double slash', '/x/..//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['encoded upper-case dot segment', '/%2E//evil.example'],
    ['encoded parent segment', '/%2e%2e//evil.example'],
    ['half-encoded parent segment', '/.%2e//evil.example'],
    ['nested parents', '/a/b/../..//evil.example/x'],
    ['dot segments only', '/././/evil.example'],
    // The gate's endpoints answer data: a reader sent there after signing in would be left on "Signing in…".
    ['the session endpoint', '/api/session'],
    ['an endpoint spelt in capitals', '/API/sign-in-options'],
    ['the liveness probe', '/healthz'],
    ['the readiness probe, with a trailing slash', '/readyz/'],
  ])('refuses %s', (_name, input) => {
    expect(safeRedirectTarget(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget(undefined)).toBeNull();
  });
});

describe('postLoginTarget', () => {
  it.each([
    ['', '/'],
    ['?redirect=%2F1.0%2Fintro%3Fx%3D1%23part', '/1.0/intro?x=1#part'],
    ['?redirect=%2F%2Fevil.com', '/'],
    ['?redirect=%2F.%2F%2Fevil.example', '/'],
    ['?redirect=%2F%252e%252e%2F%2Fevil.example', '/'],
    ['?redirect=%2Fx%2F..%2F%2Fevil.example', '/'],
    ['?redirect=%252F%252Fevil.com', '/'],
    ['?redirect=https%3A%2F%2Fevil.com', '/'],
    ['?redirect=%2F%5Cevil.com', '/'],
    ['?other=1', '/'],
  ])('reads %j as %j', (search, expected) => {
    expect(postLoginTarget(search)).toBe(expected);
  });

  it.each([
    ['?redirect=%2F1.0%2Fintro', '#install', '/1.0/intro#install'],
    ['?redirect=%2F1.0%2Fintro%23steps', '#install', '/1.0/intro#steps'],
    ['', '#install', '/#install'],
    ['?redirect=%2F1.0%2Fintro', '#', '/1.0/intro'],
    ['?redirect=%2F%2Fevil.com', '#x', '/#x'],
  ])('puts the fragment the browser kept back: %j %j → %j', (search, hash, expected) => {
    expect(postLoginTarget(search, hash)).toBe(expected);
  });
});

describe('loginUrlFor', () => {
  it.each([
    // The spec: the redirect parameter holds the current path, the home page's too.
    ['/', '/login?redirect=%2F'],
    ['/1.0/intro', '/login?redirect=%2F1.0%2Fintro'],
    ['/1.0/intro?x=1#h', '/login?redirect=%2F1.0%2Fintro%3Fx%3D1%23h'],
    ['//evil.com', '/login'],
  ])('sends a reader of %j to %j', (target, expected) => {
    expect(loginUrlFor(target)).toBe(expected);
  });
});

describe('canonicalPath and isLoginPath', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/login', '/login'],
    ['/login/', '/login'],
    ['/login.html', '/login'],
    ['/login/index.html', '/login'],
    ['/1.0/', '/1.0'],
    // Docusaurus's router serves /x/index as /x; served as a page of its own it failed to hydrate.
    ['/index', '/'],
    ['/1.0/index', '/1.0'],
    ['/1.0/index/', '/1.0'],
    // One rule for letter case: the suffixes in any case, as the browser's router reads them.
    ['/INDEX.HTML', '/'],
    ['/1.0/Collapsible.HTML', '/1.0/Collapsible'],
    ['/1.0/intro.Html', '/1.0/intro'],
    ['/1.0/indexes', '/1.0/indexes'],
    ['/1.0/my-index', '/1.0/my-index'],
  ])('%j is %j', (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it('knows the login page under every spelling, and nothing else', () => {
    expect(['/login', '/login/', '/login.html'].filter((path) => !isLoginPath(path))).toEqual([]);
    expect(['/', '/loginx', '/1.0/login', '/log'].filter(isLoginPath)).toEqual([]);
  });
});
