import {describe, expect, it} from 'vitest';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';

const loginHtml = [
  '<!doctype html><html><link data-rh=true rel=icon href=/img/favicon.svg>',
  '<link rel=stylesheet href=/assets/css/styles.1.css>',
  '<script src=/assets/js/runtime~main.2.js defer></script><script src="/assets/js/main.3.js" defer></script>',
  "<link rel=preload as=script href='/assets/js/login.4.js'>",
  '<link rel=canonical href=https://tutorial-hub.example.com/login>',
  '<link rel=preload as=image href=/img/logo.svg><body>',
  '<a href=/1.0/intro>Docs</a><img src="//cdn.example.com/x.png"><img src="/img/a%20b.png?v=1">',
].join('');

describe('assetsReferencedBy', () => {
  it('lists the local scripts, styles, preloads and images, quoted or not', () => {
    expect(assetsReferencedBy(loginHtml).sort()).toEqual(
      [
        '/assets/css/styles.1.css',
        '/assets/js/login.4.js',
        '/assets/js/main.3.js',
        '/assets/js/runtime~main.2.js',
        '/img/a b.png',
        '/img/favicon.svg',
        '/img/logo.svg',
      ].sort(),
    );
  });

  it('ignores links to pages, other origins and protocol-relative URLs', () => {
    const assets = assetsReferencedBy(loginHtml);
    expect(assets).not.toContain('/1.0/intro');
    expect(assets.filter((asset) => asset.includes('example.com'))).toEqual([]);
  });
});
