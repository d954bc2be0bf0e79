import {describe, expect, it} from 'vitest';
import {canonicalSearchVersion, searchUrlWithCanonicalVersion} from '../../src/search/searchVersion';

describe('canonicalSearchVersion', () => {
  it.each([
    ['1.0/', '1.0/'],
    ['1.0', '1.0/'],
    ['/1.0', '1.0/'],
    ['/1.0//', '1.0/'],
    [' 2.0 ', '2.0/'],
    ['', null],
    ['/', null],
    ['../secret', null],
    ['1.0/../..', null],
    ['//evil.com', 'evil.com/'],
    ['https://evil.com', null],
    ['1.0?x=1', null],
  ])('%j → %j', (raw, expected) => {
    expect(canonicalSearchVersion(raw)).toBe(expected);
  });
});

describe('searchUrlWithCanonicalVersion', () => {
  it.each([
    ['?q=deploy&version=1.0%2F', null],
    ['?q=deploy', null],
    ['', null],
    ['?q=deploy&version=1.0', '?q=deploy&version=1.0%2F'],
    ['?q=deploy&version=..%2Fx', '?q=deploy'],
    ['?version=', ''],
  ])('%j → %j', (search, expected) => {
    expect(searchUrlWithCanonicalVersion(search)).toBe(expected);
  });
});
