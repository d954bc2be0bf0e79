/**
 * What each page of the built site says before any script runs: its title and its one H1
 * (tests/support/routes.ts), and the not-found page. That the gate serves them to a signed-in
 * reader is tests/integration/gate-access.test.ts; that they stay so once hydrated, the browser's
 * accessibility spec.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtFiles, LOGIN_BUILD_DIR, SITE_BUILD_DIR} from '../support/builtFiles';
import {ROUTES} from '../support/routes';

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};

function text(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => ENTITIES[name]!)
    .replace(/\u200b/g, '')
    .trim();
}

function builtPage(file: string): {title: string[]; h1: string[]} {
  const html = readFileSync(path.join(SITE_BUILD_DIR, file), 'utf8');
  return {
    title: [...html.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/g)].map((match) => text(match[1]!)),
    h1: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!)),
  };
}

const fileOfUrl = new Map(builtFiles().map(({file, url}) => [url, file]));

describe('every route of the site', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))('%s has its title and its one H1', (_path, route) => {
    const file = fileOfUrl.get(route.url);
    expect(file, `no built file serves ${route.url}`).toBeDefined();
    expect(builtPage(file!)).toEqual({title: [route.title], h1: [route.h1]});
  });
});

it('the not-found page says so, under its own title', () => {
  expect(builtPage('404.html')).toEqual({title: ['Page Not Found | Tutorial Hub'], h1: ['Page Not Found']});
  expect(readFileSync(path.join(SITE_BUILD_DIR, '404.html'), 'utf8')).toContain('We could not find what you were looking for.');
});

describe('chunk preloads (plugins/routeChunkPreloads.ts)', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel=preload as=script href="([^"]+)">/g)].map((match) => decodeURI(match[1]!));

  it.each([
    ['the site', SITE_BUILD_DIR],
    ['the login build', LOGIN_BUILD_DIR],
  ])('every page of %s preloads the chunks of its own routes, each a file of that build', (_name, dir) => {
    const pages = builtFiles(dir).filter(({file}) => file.endsWith('.html') && file !== '404.html');
    expect(pages.length).toBeGreaterThan(0);
    for (const {file} of pages) {
      const chunks = preloads(readFileSync(path.join(dir, file), 'utf8'));
      expect({file, preloaded: chunks.length > 0}).toEqual({file, preloaded: true});
      const missing = chunks.filter((chunk) => !existsSync(path.join(dir, chunk)));
      expect({file, missing}).toEqual({file, missing: []});
    }
  });
});
