import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {cacheControlFor, contentSecurityPolicy, inlineScriptHashes, pageKindOf} from '../../server/rules/headers';
import {loadConfig} from '../../server/config';

describe('cacheControlFor', () => {
  it.each([
    ['assets/js/main.abc.js', 'private, max-age=31536000, immutable'],
    ['assets/css/styles.abc.css', 'private, max-age=31536000, immutable'],
    ['index.html', 'private, no-cache'],
    ['1.0/intro.html', 'private, no-cache'],
    // A version's search manifest keeps its address from build to build; its parts are named by their content.
    ['search-index.manifest.json', 'private, no-cache'],
    ['1.0/search-index.manifest.json', 'private, no-cache'],
    ['assets/search-index/0123456789abcdef.json', 'private, max-age=31536000, immutable'],
    ['img/logo.svg', 'private, no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
    expect(expected).not.toContain('public');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes executable inline scripts only', () => {
    const body = 'document.documentElement.dataset.x=1';
    const html = `<script>${body}</script><script src=/a.js></script><script type="application/ld+json">{"a":1}</script><script></script>`;
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});

/** The directive as helmet writes it, computed sources included. */
const sources = (directive: (string | (() => string))[] | undefined) =>
  (directive ?? []).flatMap((source) => (typeof source === 'function' ? source().split(' ') : [source]));

describe('contentSecurityPolicy', () => {
  it('allows the emulator in demo mode and forbids framing', () => {
    let hashes = ["'sha256-abc'"];
    const csp = contentSecurityPolicy(loadConfig({}), () => hashes, 'login');
    expect(csp['connect-src']).toContain('http://127.0.0.1:9099');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(sources(csp['script-src'])).toContain("'sha256-abc'");
    expect(sources(csp['script-src'])).not.toContain("'unsafe-inline'");
    // A new build brings its own inline scripts.
    hashes = ["'sha256-def'", "'sha256-def'"];
    expect(sources(csp['script-src'])).toEqual(["'self'", "'sha256-def'", 'https://apis.google.com']);
  });

  it('names the real project auth domain and no emulator otherwise', () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        FIREBASE_PROJECT_ID: 'acme-docs',
        FIREBASE_AUTH_DOMAIN: 'docs.acme.com',
        ALLOWED_EMAIL_DOMAINS: 'acme.com',
        PUBLIC_ORIGIN: 'https://docs.acme.com',
        INSIGHTS: 'off',
      }),
      () => [],
      'login',
    );
    expect(csp['frame-src']).toEqual(['https://docs.acme.com']);
    expect(sources(csp['connect-src']).filter((source) => source.includes('127.0.0.1'))).toEqual([]);
  });
});

describe('the policy of each kind of page', () => {
  it.each([
    ['/login', 'login'],
    ['/login?redirect=%2F', 'login'],
    ['/login.html', 'login'],
    ['/login/', 'login'],
    ['/', 'docs'],
    ['/1.0/intro', 'docs'],
    ['/search?q=login', 'docs'],
    ['/loginx', 'docs'],
  ])('%s is a %s page', (url, kind) => {
    expect(pageKindOf(url)).toBe(kind);
  });

  it('gives provider sign-in only to the login page', () => {
    const config = loadConfig({});
    const docs = contentSecurityPolicy(config, () => [], 'docs');
    const login = contentSecurityPolicy(config, () => [], 'login');
    expect(sources(docs['script-src'])).not.toContain('https://apis.google.com');
    expect(docs['frame-src']).toEqual(["'none'"]);
    expect(sources(login['script-src'])).toContain('https://apis.google.com');
    expect(login['frame-src']).toContain('https://demo-tutorial-hub.firebaseapp.com');
    expect(docs['connect-src']).toEqual(login['connect-src']);
  });

  it.each([
    {kind: 'docs' as const, mediaOrigins: '', img: ["'self'", 'data:'], media: ["'self'"], frame: ["'none'"]},
    {
      kind: 'docs' as const,
      mediaOrigins: 'https://img.shields.io https://www.youtube-nocookie.com',
      img: ["'self'", 'data:', 'https://img.shields.io', 'https://www.youtube-nocookie.com'],
      media: ["'self'", 'https://img.shields.io', 'https://www.youtube-nocookie.com'],
      frame: ['https://img.shields.io', 'https://www.youtube-nocookie.com'],
    },
    {
      kind: 'login' as const,
      mediaOrigins: 'https://img.shields.io',
      img: ["'self'", 'data:'],
      media: ["'self'"],
      frame: ['https://demo-tutorial-hub.firebaseapp.com', 'http://127.0.0.1:9099'],
    },
  ])(
    '$kind page with MEDIA_ORIGINS="$mediaOrigins": images $img, video $media, frames $frame',
    ({kind, mediaOrigins, img, media, frame}) => {
      const csp = contentSecurityPolicy(loadConfig({MEDIA_ORIGINS: mediaOrigins}), () => [], kind);
      expect({img: csp['img-src'], media: csp['media-src'], frame: csp['frame-src']}).toEqual({img, media, frame});
    },
  );
});
