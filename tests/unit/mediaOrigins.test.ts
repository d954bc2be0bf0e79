import {describe, expect, it} from 'vitest';
import {isAllowedMediaUrl, mediaOriginOf, parseMediaOrigins} from '../../contracts/mediaOrigins';

describe('parseMediaOrigins', () => {
  it.each([
    {value: undefined, expected: []},
    {value: '  ', expected: []},
    {value: 'https://img.shields.io', expected: ['https://img.shields.io']},
    {
      value: 'https://img.shields.io, https://www.youtube-nocookie.com/',
      expected: ['https://img.shields.io', 'https://www.youtube-nocookie.com'],
    },
    {value: 'https://a.example https://a.example', expected: ['https://a.example']},
    {value: 'https://IMG.example:8443 https://img.example:443', expected: ['https://img.example:8443', 'https://img.example']},
  ])('$value', ({value, expected}) => {
    expect(parseMediaOrigins(value)).toEqual(expected);
  });

  it.each([
    {value: 'http://img.shields.io', bad: 'http://img.shields.io'},
    {value: 'https://img.shields.io/badge', bad: 'https://img.shields.io/badge'},
    {value: 'img.shields.io', bad: 'img.shields.io'},
    {value: "https://ok.example 'self'", bad: "'self'"},
    // The URL parser takes these for origins; a Content-Security-Policy would read more into them.
    {value: 'https://img.example;script-src', bad: 'https://img.example;script-src'},
    {value: 'https://*.example', bad: 'https://*.example'},
    {value: "https://img.example'", bad: "https://img.example'"},
    {value: 'https://user@img.example', bad: 'https://user@img.example'},
    {value: 'https://img.example:99999', bad: 'https://img.example:99999'},
  ])('refuses $value, naming "$bad"', ({value, bad}) => {
    expect(() => parseMediaOrigins(value)).toThrow(`MEDIA_ORIGINS lists "${bad}"`);
  });
});

describe('isAllowedMediaUrl', () => {
  const origins = ['https://img.shields.io'];
  it.each([
    {url: '/img/logo.svg', expected: true},
    {url: '../resources/figure.svg', expected: true},
    {url: 'data:image/png;base64,AAAA', expected: true},
    {url: 'https://img.shields.io/badge/x-y-green', expected: true},
    {url: 'https://gitpod.io/button/open-in-gitpod.svg', expected: false},
    {url: '//gitpod.io/button.svg', expected: false},
    {url: 'http://img.shields.io/badge', expected: false},
  ])('$url: $expected', ({url, expected}) => {
    expect(isAllowedMediaUrl(url, origins)).toBe(expected);
  });
});

describe('mediaOriginOf', () => {
  it.each([
    {url: 'https://gitpod.io/button/open-in-gitpod.svg', expected: 'https://gitpod.io'},
    {url: '//cdn.example/x.png', expected: 'https://cdn.example'},
    {url: 'ftp://files.example/x.png', expected: null},
  ])('$url → $expected', ({url, expected}) => {
    expect(mediaOriginOf(url)).toBe(expected);
  });
});
