import {describe, expect, it} from 'vitest';
import {isAllowedOrigin} from '../../server/origin';

const own = 'http://127.0.0.1:3000';

describe('isAllowedOrigin', () => {
  it.each([
    ['same-origin fetch', {origin: own, 'sec-fetch-site': 'same-origin'}, [], true],
    ['same origin without fetch metadata', {origin: own}, [], true],
    ['fetch metadata only', {'sec-fetch-site': 'same-origin'}, [], true],
    ['cross-site page', {origin: 'https://evil.com', 'sec-fetch-site': 'cross-site'}, [], false],
    ['same-site sibling', {origin: 'http://other.127.0.0.1:3000', 'sec-fetch-site': 'same-site'}, [], false],
    ['foreign origin without metadata', {origin: 'https://evil.com'}, [], false],
    ['no proof at all', {}, [], false],
    ['opaque origin', {origin: 'null', 'sec-fetch-site': 'cross-site'}, [], false],
    ['explicitly allowed origin', {origin: 'https://docs.acme.com', 'sec-fetch-site': 'cross-site'}, ['https://docs.acme.com'], true],
    ['user typed navigation', {'sec-fetch-site': 'none'}, [], false],
  ])('%s → %s', (_name, headers, allowed, expected) => {
    expect(isAllowedOrigin(headers, own, allowed)).toBe(expected);
  });
});
