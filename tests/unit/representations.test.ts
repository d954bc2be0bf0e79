import {describe, expect, it} from 'vitest';
import {chooseCoding, entityTag, type ContentCoding} from '../../server/rules/representations';

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

describe('entityTag', () => {
  it.each<[ContentCoding, string]>([
    ['identity', '"abc"'],
    ['br', '"abc-br"'],
    ['gzip', '"abc-gzip"'],
  ])('names the %s representation %s', (coding, expected) => {
    expect(entityTag('abc', coding)).toBe(expected);
  });

  it('is weak for bytes made on the fly', () => {
    expect(entityTag('abc', 'br', true)).toBe('W/"abc-br"');
  });
});
