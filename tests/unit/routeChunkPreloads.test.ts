import {describe, expect, it} from 'vitest';
import {chunkGroupsByPath, filesOfGroups, htmlFileFor, withPreloads} from '../../plugins/routeChunkPreloads';

describe('chunkGroupsByPath', () => {
  it('gathers the chunk names of every route of a path, nested ones included', () => {
    const groups = chunkGroupsByPath({
      '/1.0/intro-1a2': {component: 'c1', content: 'd1'},
      '/1.0/intro-3b4': {__props: {nested: 'p1'}},
      '/-5c6': 'home',
    });
    expect(groups).toEqual(
      new Map([
        ['/1.0/intro', new Set(['c1', 'd1', 'p1'])],
        ['/', new Set(['home'])],
      ]),
    );
  });
});

describe('filesOfGroups', () => {
  const manifest = {
    origins: {c1: ['10', '11'], d1: ['11'], lonely: ['99']},
    assets: {'10': {js: [{file: 'assets/js/a.js'}]}, '11': {js: [{file: 'assets/js/b.js'}], css: [{file: 'assets/css/b.css'}]}},
  };

  it('names each file of the groups once, with a leading slash', () => {
    expect(filesOfGroups(['c1', 'd1'], manifest)).toEqual({js: ['/assets/js/a.js', '/assets/js/b.js'], css: ['/assets/css/b.css']});
  });

  it('ignores groups and chunks the manifest does not know', () => {
    expect(filesOfGroups(['missing', 'lonely'], manifest)).toEqual({js: [], css: []});
  });
});

describe('htmlFileFor', () => {
  it.each([
    ['/', 'index.html'],
    ['/1.0/intro', '1.0/intro.html'],
    ['/Chapter%202_%20Documentation', 'Chapter 2_ Documentation.html'],
  ])('%s is written to %s', (routePath, file) => {
    expect(htmlFileFor(routePath)).toBe(file);
  });
});

describe('withPreloads', () => {
  const html = '<html><head><script src="/assets/js/main.js"></script></head><body><main></main></body></html>';

  it('adds a preload before <body> for each file the page does not name yet, styles first', () => {
    const out = withPreloads(html, {js: ['/assets/js/main.js', '/assets/js/page one.js'], css: ['/assets/css/page.css']});
    expect(out).toBe(
      '<html><head><script src="/assets/js/main.js"></script></head>' +
        '<link rel=preload as=style href="/assets/css/page.css"><link rel=preload as=script href="/assets/js/page%20one.js">' +
        '<body><main></main></body></html>',
    );
  });

  it('leaves a page alone when it has nothing to add or no body', () => {
    expect(withPreloads(html, {js: ['/assets/js/main.js'], css: []})).toBe(html);
    expect(withPreloads('<p>fragment</p>', {js: ['/assets/js/x.js'], css: []})).toBe('<p>fragment</p>');
  });
});
