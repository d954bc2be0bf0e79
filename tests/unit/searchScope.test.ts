import {describe, expect, it} from 'vitest';
import {readerVersion, searchScopeForPage, sectionMenuAudience, versionMenuAudience} from '../../src/search/searchScope';
import {CURRENT, SECTIONS, V1, VERSIONS} from '../support/searchScopeSite';

describe('readerVersion: the version the menu shows, "Tutorials" opens and search searches', () => {
  it.each([
    // A doc: its own version, whatever was chosen.
    ['/1.0/intro', true, null, '1.0'],
    ['/1.0', true, null, '1.0'],
    ['/1.0/tutorial-basics/create-a-page', true, 'current', '1.0'],
    ['/chapter-1-introduction', true, null, 'current'],
    ['/chapter-1-introduction', true, '1.0', 'current'],
    // Elsewhere (home, search, a missing page): the version chosen in the menu, else the newest.
    ['/', false, null, 'current'],
    ['/', false, '1.0', '1.0'],
    ['/', false, 'current', 'current'],
    ['/search', false, '1.0', '1.0'],
    ['/search', false, 'gone', 'current'],
    // Not a doc, even under /1.0: a path alone does not choose.
    ['/1.0/no-such-page', false, null, 'current'],
  ])('%s (doc: %s, chosen: %s) is %s', (pathname, onDocPage, preferredVersionName, expected) => {
    expect(readerVersion({baseUrl: '/', pathname, versions: VERSIONS, onDocPage, preferredVersionName}).name).toBe(expected);
  });

  it('works below a base URL', () => {
    const versions = [
      {...CURRENT, path: '/docs/'},
      {...V1, path: '/docs/1.0'},
    ];
    expect(readerVersion({baseUrl: '/docs/', pathname: '/docs/1.0/intro', versions, onDocPage: true}).name).toBe('1.0');
    expect(readerVersion({baseUrl: '/docs/', pathname: '/docs/', versions, onDocPage: false, preferredVersionName: '1.0'}).name).toBe(
      '1.0',
    );
  });
});

const page = (pathname: string, onDocPage = true, preferredVersionName: string | null = null) =>
  searchScopeForPage({baseUrl: '/', pathname, versions: VERSIONS, sections: SECTIONS, onDocPage, preferredVersionName});

describe('searchScopeForPage: the version the navbar box searches, and the section it puts first', () => {
  it.each([
    // A doc page: its version, and its section when it is in one.
    ['/guides/start', true, null, '/', 'guides'],
    ['/guides', true, null, '/', 'guides'],
    ['/guides-2/deep/page', true, null, '/', 'guides-2'],
    ['/chapter-1-introduction', true, null, '/', ''],
    ['/1.0/guides/start', true, null, '/1.0/', '1.0/guides'],
    ['/1.0/tutorial-basics/create-a-page', true, null, '/1.0/', '1.0/tutorial-basics'],
    ['/1.0/tutorial-basics', true, null, '/1.0/', '1.0/tutorial-basics'],
    ['/1.0/intro', true, null, '/1.0/', ''],
    ['/1.0', true, null, '/1.0/', ''],
    // A 2.0 folder named like a 1.0 section is not that section, and the reverse.
    ['/tutorial-basics/x', true, null, '/', ''],
    ['/1.0/guides-2/x', true, null, '/1.0/', ''],
    // A doc's own version wins over the reader's choice.
    ['/guides/start', true, '1.0', '/', 'guides'],
    ['/1.0/intro', true, 'current', '/1.0/', ''],
    // Off the docs: the whole of the chosen version, else the newest; never a section.
    ['/', false, null, '/', ''],
    ['/', false, '1.0', '/1.0/', ''],
    ['/search', false, '1.0', '/1.0/', ''],
    ['/search', false, 'current', '/', ''],
    ['/search', false, 'gone', '/', ''],
  ])('%s (doc page: %s, chosen: %s) searches %s, section %j first', (pathname, onDocPage, preferred, versionUrl, section) => {
    const scope = page(pathname, onDocPage, preferred);
    expect({versionUrl: scope.versionUrl, section: scope.section}).toEqual({versionUrl, section});
  });

  it('follows readerVersion', () => {
    for (const [pathname, onDocPage, preferredVersionName] of [
      ['/1.0/intro', true, 'current'],
      ['/', false, '1.0'],
      ['/search', false, null],
    ] as const) {
      expect(page(pathname, onDocPage, preferredVersionName).version).toBe(
        readerVersion({baseUrl: '/', pathname, versions: VERSIONS, onDocPage, preferredVersionName}),
      );
    }
  });

  it('works below a base URL', () => {
    const versions = [
      {...CURRENT, path: '/docs/'},
      {...V1, path: '/docs/1.0'},
    ];
    const sections = [{path: '1.0/guides', label: 'Guides (1.0)'}];
    const scope = searchScopeForPage({baseUrl: '/docs/', pathname: '/docs/1.0/guides/a', versions, sections, onDocPage: true});
    expect({versionUrl: scope.versionUrl, section: scope.section}).toEqual({versionUrl: '/docs/1.0/', section: '1.0/guides'});
  });

  // The current docs kept at /docs (version-settings.json), 2.0 frozen below them, 1.0 where it was: the newest version's index is at the root.
  it.each([
    ['/docs/guides/start', true, '/', 'docs/guides'],
    ['/docs', true, '/', ''],
    ['/docs/2.0/guides/start', true, '/docs/2.0/', 'docs/2.0/guides'],
    ['/docs/2.0', true, '/docs/2.0/', ''],
    ['/docs-old/page', false, '/', ''],
    ['/1.0/intro', true, '/1.0/', ''],
  ])('with the newest docs at /docs, %s (doc page: %s) searches %s, section %j first', (pathname, onDocPage, versionUrl, section) => {
    const versions = [{...CURRENT, label: '3.0', path: '/docs'}, {name: '2.0', label: '2.0', path: '/docs/2.0', isLast: false}, V1];
    const sections = [
      {path: 'docs/guides', label: 'Guides (3.0)'},
      {path: 'docs/2.0/guides', label: 'Guides (2.0)'},
    ];
    const scope = searchScopeForPage({baseUrl: '/', pathname, versions, sections, onDocPage});
    expect({versionUrl: scope.versionUrl, section: scope.section}).toEqual({versionUrl, section});
  });
});

describe('sectionMenuAudience: who gets the search page\'s "Search in" menu', () => {
  it.each<[string, (string | undefined)[], string | null | undefined]>([
    ['a version without sections: nobody (the menu would offer the whole version alone)', [], null],
    ['a section for everyone: every reader', [undefined], undefined],
    ['a section for everyone beside restricted ones: every reader', ['staff', undefined, 'partners'], undefined],
    ['one restricted section: its readers', ['partners'], 'partners'],
    ['restricted sections only: the readers of any of them', ['staff', 'partners', 'partners+staff'], 'partners+staff'],
    ['a public section: everyone who may see the page', ['partners', 'public'], 'public'],
  ])('%s', (_, audiences, expected) => {
    expect(sectionMenuAudience(audiences)).toBe(expected);
  });
});

describe("versionMenuAudience: who gets the search page's version menu", () => {
  it.each<[string, (string | undefined)[], string | null | undefined]>([
    ['a site of one version: nobody', [undefined], null],
    ['two versions for everyone: every reader', [undefined, undefined], undefined],
    ['two for everyone and a restricted one: every reader', [undefined, 'legacy', undefined], undefined],
    ['one for everyone and a restricted one: the readers of the restricted one', [undefined, 'legacy'], 'legacy'],
    ['one for everyone and two restricted: the readers of either', [undefined, 'staff', 'partners'], 'partners+staff'],
  ])('%s', (_, audiences, expected) => {
    expect(versionMenuAudience(audiences)).toBe(expected);
  });
});
