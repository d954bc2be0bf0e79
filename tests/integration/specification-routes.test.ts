/**
 * The specification's routes (section 2): paths ending in .html or index.html, with a trailing slash or
 * in another letter case, are the page without it. These name the demo site's own pages: an author who
 * replaced the docs runs the tests with SPECIFICATION_TESTS=off (CONTRIBUTING.md).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {NAVIGATION} from '../../testkit/http';
import {sessionCookieHeader} from '../../contracts/session';

let gate: RunningGate;
let cookie: string;

beforeAll(async () => {
  gate = await startGate();
  cookie = await sessionCookieFor(gate);
});
afterAll(() => gate.close());

describe('spellings of a page', () => {
  // A browser follows two of these to the page: tests/e2e/signed-in/page-spellings.spec.ts.
  it.each([
    ['/chapter-1-introduction.html', '/chapter-1-introduction'],
    ['/Chapter%202_%20Documentation.html', '/Chapter%202_%20Documentation'],
    ['/1.0/index.html', '/1.0'],
    ['/chapter-1-introduction/', '/chapter-1-introduction'],
    // The browser's router ignores letter case: the server must not call the page missing.
    ['/1.0/INTRO', '/1.0/intro'],
    ['/chapter%202_%20documentation?x=1', '/Chapter%202_%20Documentation?x=1'],
    // Served as a page of its own, /index failed to hydrate: the router knows it as /.
    ['/index', '/'],
    ['/1.0/index?x=1', '/1.0?x=1'],
    // One rule for letter case, suffix included.
    ['/1.0/Collapsible.HTML', '/1.0/Collapsible'],
  ])('moves %s permanently to %s', async (url, location) => {
    const response = await gate.request(url, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
    expect({status: response.status, location: response.headers.location}).toEqual({status: 301, location});
  });
});
