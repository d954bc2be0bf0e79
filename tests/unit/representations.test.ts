import {describe, expect, it} from 'vitest';
import {chooseCoding, matchesEntityTag, type ContentCoding} from '../../server/representations';

const ALL = new Set<ContentCoding>(['identity', 'br', 'gzip']);
const GZIP_ONLY = new Set<ContentCoding>(['identity', 'gzip']);
const PLAIN = new Set<ContentCoding>(['identity']);

describe('chooseCoding', () => {
  it.each<[string | undefined, ReadonlySet<ContentCoding>, ContentCoding]>([
    [undefined, ALL, 'identity'],
    ['', ALL, 'identity'],
    ['gzip, deflate, br', ALL, 'br'],
    ['br', ALL, 'br'],
    ['gzip', ALL, 'gzip'],
    ['GZIP', ALL, 'gzip'],
    ['br;q=0.5, gzip;q=1.0', ALL, 'gzip'],
    ['br;q=0, gzip', ALL, 'gzip'],
    ['*', ALL, 'gzip'],
    ['deflate', ALL, 'identity'],
    ['identity', ALL, 'identity'],
    ['zstd, br', GZIP_ONLY, 'identity'],
    ['gzip, br', GZIP_ONLY, 'gzip'],
    ['gzip, br', PLAIN, 'identity'],
  ])('Accept-Encoding %j, stored %j → %s', (header, stored, expected) => {
    expect(chooseCoding(header, stored)).toBe(expected);
  });
});

describe('matchesEntityTag', () => {
  it.each<[string | undefined, string, boolean]>([
    [undefined, '"abc"', false],
    ['', '"abc"', false],
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"xyz", "abc"', '"abc"', true],
    ['"xyz",W/"abc"', '"abc"', true],
    ['*', '"abc"', true],
    ['"abc-br"', '"abc"', false],
    ['"ab"', '"abc"', false],
    ['abc', '"abc"', false],
  ])('If-None-Match %j against %s → %s', (header, etag, expected) => {
    expect(matchesEntityTag(header, etag)).toBe(expected);
  });
});
