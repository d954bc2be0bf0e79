/**
 * The release procedure of CONTRIBUTING.md, as tests/support/fixtureSite.ts ran it on the fixture site, a copy of the
 * repository whose current docs are kept at `/docs`: cut 2.0 (frozen below them, at `/docs/2.0`), relabel
 * the current docs 3.0, add a page, build. What the release wrote, what the build made of it and what the
 * gate answers for the new paths; tests/e2e/authoring/versioning.spec.ts opens its pages in a browser.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SITE_DIR} from '../../contracts/buildLayout';
import {MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {siteVersions} from '../../contracts/siteVersions';
import {builtVersionIndex, readBuiltSearchIndexes} from '../../testkit/builtSearchIndex';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {FIXTURE_SITE, RELEASE_NOTES_HEADING, RELEASE_WORD} from '../support/fixtureSite';
import {startGate, type RunningGate} from '../support/gate';
import {h1sOf} from '../support/builtSite';
import {orphanedDocPages} from '../support/sidebars';
import {copyBuild} from '../support/siteCopies';

// Replaces tests/e2e/authoring/versioning.spec.ts › "the release froze 2.0 below the current docs and relabelled them 3.0".
it('the release froze 2.0 below the current docs and relabelled them 3.0', () => {
  const read = (file: string) => JSON.parse(readFileSync(path.join(FIXTURE_SITE, file), 'utf8')) as unknown;
  expect(read('versions.json')).toEqual(['2.0', '1.0', '0.9']);
  expect(read('current-version.json')).toEqual({label: '3.0'});
  expect(siteVersions(FIXTURE_SITE).map(({label, route}) => [label, route])).toEqual([
    ['3.0', 'docs'],
    ['2.0', 'docs/2.0'],
    ['1.0', '1.0'],
    ['0.9 LTS', 'legacy'],
  ]);
  const frozen = ['versioned_docs/version-2.0/chapter-1-introduction.md', 'versioned_sidebars/version-2.0-sidebars.json'];
  expect(frozen.filter((file) => !existsSync(path.join(FIXTURE_SITE, file)))).toEqual([]);
});

// Replaces tests/e2e/authoring/versioning.spec.ts › "every version builds, with its own search index, and every page is reachable from its sidebar".
it('every version builds, with its own search index, and every page is reachable from its sidebar', () => {
  const build = copyBuild(FIXTURE_SITE, SITE_DIR);
  const built = (file: string) => existsSync(path.join(build, file));
  const pages = [
    // Each version below the root lands on its index.md (the current docs have the real docs' own), else a generated index of its pages.
    'docs.html',
    'docs/chapter-1-introduction.html',
    'docs/release-notes.html',
    'docs/2.0.html',
    'docs/2.0/chapter-1-introduction.html',
    'docs/2.0/reusable1.html',
    '1.0/intro.html',
  ];
  expect(pages.filter((page) => !built(page))).toEqual([]);
  // Left out: the page added after the release, from the frozen version; the docs at the root; the search plugin's unsplit index.
  expect(['docs/2.0/release-notes.html', 'chapter-1-introduction.html', 'search-index.json'].filter(built)).toEqual([]);
  const [current, frozen, oldest] = ['', 'docs/2.0', '1.0'].map((folder) => builtVersionIndex(build, folder));
  // The new page, and its word, are in the current version's index only.
  expect(current!.pageUrls).toContain('/docs/release-notes');
  expect(current!.terms.filter((term) => RELEASE_WORD.startsWith(term) && term.length > 8)).not.toEqual([]);
  // Titled in the index as the page shows its title: its Markdown one, not the front matter's (the sidebar's).
  const titles = readBuiltSearchIndexes(build, '').flatMap(({docs, manifest}) => manifest.pages.first.map((first) => docs[first]!));
  expect(titles.find((title) => title.u === '/docs/release-notes')?.t).toBe(RELEASE_NOTES_HEADING);
  for (const older of [frozen!, oldest!]) {
    expect(older.pageUrls).not.toContain('/docs/release-notes');
    expect(older.terms.filter((term) => term.startsWith(RELEASE_WORD.slice(0, 8)))).toEqual([]);
  }
  expect(frozen!.pageUrls).toContain('/docs/2.0/chapter-1-introduction');
  expect(frozen!.pageUrls.filter((url) => !url?.startsWith('/docs/2.0/'))).toEqual([]);
  // The current version's root is the real docs' index.md, at /docs.
  expect(current!.pageUrls.filter((url) => url !== '/docs' && (!url?.startsWith('/docs/') || url.startsWith('/docs/2.0/')))).toEqual([]);
  expect(orphanedDocPages(build)).toEqual([]);
});

it('answers an address outside every version with the not-found page, not an empty one (src/theme/DocsRoot)', () => {
  // The one built page every missing address gets: the docs plugin's root takes them all, the versions all being below it.
  const notFound = readFileSync(path.join(copyBuild(FIXTURE_SITE, SITE_DIR), '404.html'), 'utf8');
  expect(h1sOf(notFound)).toEqual(['Page Not Found']);
  expect(notFound).toContain('<title data-rh=true>Page Not Found | Tutorial Hub</title>');
});

describe('served by the gate', () => {
  let gate: RunningGate;
  beforeAll(async () => {
    gate = await startGate({BUILD_DIR: copyBuild(FIXTURE_SITE)});
  });
  afterAll(() => gate?.close());

  // Replaces tests/e2e/authoring/versioning.spec.ts › "the new paths are gated like the others".
  it('the new paths are gated like the others', async () => {
    for (const pagePath of ['/docs', '/docs/2.0/chapter-1-introduction']) {
      const page = await gate.request(pagePath, {headers: NAVIGATION});
      expect(page.status).toBe(302);
      expect(page.headers.location).toBe(`/login?redirect=${encodeURIComponent(pagePath)}`);
    }
    expect((await gate.request(`/docs/2.0/${MANIFEST_FILE}`, {headers: SUBRESOURCE})).status).toBe(401);
    expect((await gate.request('/docs/release-notes', {headers: SUBRESOURCE})).status).toBe(401);
  });
});
