import {describe, expect, it} from 'vitest';
import {isAllowedOrigin, siteOrigins} from '../../server/rules/origin';

const own = 'https://docs.acme.com';

describe('isAllowedOrigin', () => {
  it.each([
    ['same-origin fetch', {origin: own, 'sec-fetch-site': 'same-origin'}, [], true],
    ['same origin without fetch metadata', {origin: own}, [], true],
    ['fetch metadata only', {'sec-fetch-site': 'same-origin'}, [], true],
    ['cross-site page', {origin: 'https://evil.com', 'sec-fetch-site': 'cross-site'}, [], false],
    ['same-site sibling', {origin: 'https://other.acme.com', 'sec-fetch-site': 'same-site'}, [], false],
    ['foreign origin without metadata', {origin: 'https://evil.com'}, [], false],
    // DNS rebinding: the attacker's name resolves to the gate, so the browser calls it same-origin.
    ['a rebound host name claiming same-origin', {origin: 'http://rebind.evil.com:3000', 'sec-fetch-site': 'same-origin'}, [], false],
    ['the site over plain http', {origin: 'http://docs.acme.com', 'sec-fetch-site': 'cross-site'}, [], false],
    ['no proof at all', {}, [], false],
    ['opaque origin', {origin: 'null', 'sec-fetch-site': 'cross-site'}, [], false],
    ['explicitly allowed origin', {origin: 'https://admin.acme.com', 'sec-fetch-site': 'cross-site'}, ['https://admin.acme.com'], true],
    ['user typed navigation', {'sec-fetch-site': 'none'}, [], false],
  ])('%s → %s', (_name, headers, allowed, expected) => {
    expect(isAllowedOrigin(headers, [own, ...allowed])).toBe(expected);
  });
});

describe('siteOrigins', () => {
  it('is the public origin and the allowed ones when PUBLIC_ORIGIN is set', () => {
    expect(siteOrigins({publicOrigin: own, allowedOrigins: ['https://admin.acme.com']}, 8080)).toEqual([own, 'https://admin.acme.com']);
  });

  it('is the loopback origins of the listening port otherwise', () => {
    expect(siteOrigins({publicOrigin: null, allowedOrigins: []}, 3000)).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
    ]);
  });
});
