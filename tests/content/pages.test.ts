/**
 * What each page of the built site says before any script runs, whatever docs the site has: a title and
 * an H1 that names the page; the not-found page; the chunks each page preloads. (The specification's own
 * routes, title by title: tests/content/specification.test.ts.)
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtFiles, LOGIN_BUILD_DIR, SITE_BUILD_DIR} from '../support/builtFiles';
import {mdxShownAsText, titleAndH1s} from '../support/builtSite';
import {isLoginPath} from '../../contracts/paths';
import {builtDocPages} from '../support/sidebars';
import site from '../../site.config';
import {CONTENT_WRAPPER_ID} from '../../contracts/pageLayout';

const builtPage = (file: string) => titleAndH1s(readFileSync(path.join(SITE_BUILD_DIR, file), 'utf8'));

it('every doc page has one title, and an H1 that is that title', () => {
  const pages = builtDocPages(SITE_BUILD_DIR);
  expect(pages.length).toBeGreaterThan(0);
  const unnamed = pages
    .map(({url}) => ({url, ...builtPage(`${decodeURI(url)}.html`)}))
    .filter(({title, h1}) => title.length !== 1 || !h1.some((heading) => title[0] === `${heading} | ${site.title}`));
  expect(unnamed).toEqual([]);
});

it('no page shows MDX as text: a .md file written in MDX is compiled as MDX (plugins/markdown/mdxFormat.ts)', () => {
  const shown = builtDocPages(SITE_BUILD_DIR).flatMap(({url}) =>
    mdxShownAsText(readFileSync(path.join(SITE_BUILD_DIR, `${decodeURI(url)}.html`), 'utf8')).map((line) => `${url}: ${line}`),
  );
  expect(shown).toEqual([]);
});

it('the not-found page says so, under its own title, with a way on that is the same for every address', () => {
  expect(builtPage('404.html')).toEqual({title: [`Page Not Found | ${site.title}`], h1: ['Page Not Found']});
  const html = readFileSync(path.join(SITE_BUILD_DIR, '404.html'), 'utf8');
  expect(html).toContain('There is no page at this address.');
  // The version's first page and the answers for the address's words come in the browser, from its address.
  expect(html).toContain('<li><a href=/>The home page</a></ul><div aria-live=polite></div>');
});

it('the login page is the login build’s alone: the gate serves /login from it, and the site has none of its own', () => {
  const loginPages = (dir: string) => builtFiles(dir).flatMap(({file, url}) => (isLoginPath(url) ? [file] : []));
  expect({site: loginPages(SITE_BUILD_DIR), login: loginPages(LOGIN_BUILD_DIR)}).toEqual({site: [], login: ['login.html']});
});

it.each([
  ['the site', SITE_BUILD_DIR],
  ['the login build', LOGIN_BUILD_DIR],
])(
  'every page of %s holds its first paint until the whole navbar is read: the element it waits for comes right after the navbar',
  (_name, dir) => {
    // The login build's never-served not-found page is the one without chrome (src/login/LoginBuildNotFound.tsx).
    const pages = builtFiles(dir)
      .filter(({file}) => file.endsWith('.html'))
      .map(({file}) => ({file, html: readFileSync(path.join(dir, file), 'utf8')}))
      .filter(({html}) => html.includes('</nav>'));
    expect(pages.length).toBeGreaterThan(0);
    const held = pages.map(({file, html}) => {
      const head = html.slice(0, html.indexOf('</head>'));
      const waitsFor = /<link rel=expect href=#([\w-]+) blocking=render>/.exec(head)?.[1];
      return {file, waitsFor, afterNavbar: html.indexOf(`id=${waitsFor}`) > html.indexOf('</nav>')};
    });
    expect(held.filter(({waitsFor, afterNavbar}) => waitsFor !== CONTENT_WRAPPER_ID || !afterNavbar)).toEqual([]);
  },
);

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
