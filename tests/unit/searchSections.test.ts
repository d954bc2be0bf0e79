import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {categorySections, type LoadedVersionSidebars, searchSectionsFor, searchSectionsOf, sectionsIn} from '../../plugins/search/sections';
import {holds, sectionOf} from '../../contracts/searchSections';
import {normalizeSidebars} from '@docusaurus/plugin-content-docs/lib/sidebars/normalization.js';
import {navigationItems, type SidebarItem} from '../../plugins/audiences/sidebarRules';
import {navbarSidebars} from '../../contracts/siteSettings';
import {sidebarsFileAmong} from '../../plugins/sidebarsFile';
import {REPO} from '../../testkit/siteCopy';

describe('searchSectionsOf', () => {
  it.each([
    [{route: '', label: '2.0'}, 'guides', 'Guides', {label: 'Guides (2.0)', path: 'guides'}],
    [{route: '1.0', label: '1.0'}, 'tutorial-basics', 'Tutorial - Basics', {label: 'Tutorial - Basics (1.0)', path: '1.0/tutorial-basics'}],
    [{route: 'next', label: 'Next'}, 'api', 'api', {label: 'api (Next)', path: 'next/api'}],
  ])('%j, folder %s labelled %s → %j', (version, folder, label, expected) => {
    expect(searchSectionsOf(version, [{folder, label}])).toEqual([expected]);
  });
});

describe('sectionsIn and searchSectionsFor, on a docs tree', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'search-contexts-'));
  const write = (file: string, text = '# Page\n') => {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), text);
  };
  write('docs/intro.md');
  write('docs/guides/_category_.json', JSON.stringify({label: 'Guides'}));
  write('docs/guides/deep/first.md');
  write('docs/api/endpoints.mdx');
  write('docs/img/diagram.svg', '<svg/>');
  write('docs/_partials/note.md');
  write('versioned_docs/version-1.0/basics/_category_.json', JSON.stringify({label: 'Basics', position: 1}));
  write('versioned_docs/version-1.0/basics/start.md');
  afterAll(() => rmSync(site, {recursive: true, force: true}));

  it('takes top-level folders with docs in them, labelled as the sidebar labels them', () => {
    expect(sectionsIn(path.join(site, 'docs'))).toEqual([
      {folder: 'api', label: 'api'},
      {folder: 'guides', label: 'Guides'},
    ]);
  });

  it('gives every version its own contexts under its own path', () => {
    expect(
      searchSectionsFor(site, [
        {name: 'current', docsDir: 'docs', route: '', label: '2.0'},
        {name: '1.0', docsDir: 'versioned_docs/version-1.0', route: '1.0', label: '1.0'},
      ]),
    ).toEqual([
      {label: 'api (2.0)', path: 'api'},
      {label: 'Guides (2.0)', path: 'guides'},
      {label: 'Basics (1.0)', path: '1.0/basics'},
    ]);
  });
});

describe('categorySections: a flat docs folder gets its sidebars’ top-level categories', () => {
  // Part of Jest's sidebars, as the docs plugin loads them (the files themselves: the test below).
  const jest: Omit<LoadedVersionSidebars, 'path'> = {
    label: '30.0',
    sidebars: {
      docs: [
        {
          type: 'category',
          label: 'Introduction',
          items: [
            {type: 'doc', id: 'getting-started'},
            {type: 'doc', id: 'mock-functions'},
          ],
        },
        {type: 'category', label: 'Guides', items: [{type: 'doc', id: 'snapshot-testing'}, {type: 'link'}]},
        {type: 'category', label: 'Links only', items: [{type: 'link'}]},
      ],
      api: [
        {type: 'doc', id: 'api'},
        {type: 'doc', id: 'expect'},
      ],
    },
    docs: [
      {id: 'getting-started', permalink: '/30.0/getting-started'},
      {id: 'mock-functions', permalink: '/30.0/mock-functions'},
      {id: 'snapshot-testing', permalink: '/30.0/guides/snapshots'},
      {id: 'api', permalink: '/30.0/api'},
      {id: 'expect', permalink: '/30.0/expect'},
    ],
  };

  it('names each category below its version, with the pages it lists (its path holds none of them)', () => {
    expect(categorySections({...jest, path: '/30.0'}, '/')).toEqual([
      {label: 'Introduction (30.0)', path: '30.0/introduction', pages: ['30.0/getting-started', '30.0/mock-functions']},
      {label: 'Guides (30.0)', path: '30.0/guides', pages: ['30.0/guides/snapshots']},
    ]);
  });

  it('at the root, and under a base URL', () => {
    const current = {
      ...jest,
      path: '/docs/',
      label: 'Next',
      docs: jest.docs.map((doc) => ({...doc, permalink: doc.permalink.replace('/30.0', '/docs')})),
    };
    expect(categorySections(current, '/docs/').map(({path, pages}) => [path, pages])).toEqual([
      ['introduction', ['getting-started', 'mock-functions']],
      ['guides', ['guides/snapshots']],
    ]);
  });

  it('looks inside a sidebar that is one category (a version landing), and tells two categories of one label apart', () => {
    const wrapped: LoadedVersionSidebars = {
      path: '/1.0',
      label: '1.0',
      sidebars: {
        tutorialSidebar: [
          {
            type: 'category',
            label: 'Tutorial Hub 1.0',
            items: [
              {type: 'category', label: 'Mocks', items: [{type: 'doc', id: 'a'}]},
              {type: 'category', label: 'Mocks', link: {type: 'doc', id: 'b'}, items: []},
            ],
          },
        ],
      },
      docs: [
        {id: 'a', permalink: '/1.0/a'},
        {id: 'b', permalink: '/1.0/b'},
      ],
    };
    expect(categorySections(wrapped, '/')).toEqual([
      {label: 'Mocks (1.0)', path: '1.0/mocks', pages: ['1.0/a']},
      {label: 'Mocks (1.0)', path: '1.0/mocks-2', pages: ['1.0/b']},
    ]);
  });

  it('a page is in the section that lists it, and a folder section holds what is below its path', () => {
    const [introduction] = categorySections({...jest, path: '/30.0'}, '/');
    const sections = [introduction!, {label: 'Reference (2.0)', path: 'Reference'}];
    expect(sectionOf('/', '/30.0/mock-functions', sections)?.label).toBe('Introduction (30.0)');
    expect(sectionOf('/', '/30.0/introduction', sections)).toBeUndefined();
    expect(sectionOf('/', '/30.0/api', sections)).toBeUndefined();
    expect(sectionOf('/', '/Reference/Hooks', sections)?.label).toBe('Reference (2.0)');
    expect(holds(introduction!, '30.0/getting-started')).toBe(true);
  });
});

describe("categorySections and the navbar, on Jest's own sidebars files (tests/fixtures/docusaurus-site)", () => {
  const fixture = path.join(REPO, 'tests/fixtures/docusaurus-site');
  /** A sidebars file as Docusaurus normalises it (shorthand categories become category items); Jest's doc ids are its paths. */
  function loaded(file: string, route: string, label: string): LoadedVersionSidebars {
    const sidebars = normalizeSidebars(JSON.parse(readFileSync(path.join(fixture, file), 'utf8'))) as unknown as Record<
      string,
      SidebarItem[]
    >;
    const ids = Object.values(sidebars).flatMap((sidebar) =>
      navigationItems(sidebar).flatMap((item) => (item.type === 'doc' ? [item.id] : [])),
    );
    return {path: `/${route}`, label, sidebars, docs: ids.map((id) => ({id, permalink: route === '' ? `/${id}` : `/${route}/${id}`}))};
  }

  it('the current docs: a section per category of the docs sidebar, none for the flat api sidebar', () => {
    const sections = categorySections(loaded('sidebars.json', '', 'Next'), '/');
    expect(sections.map(({label, path}) => [label, path])).toEqual([
      ['Introduction (Next)', 'introduction'],
      ['Guides (Next)', 'guides'],
      ['Framework Guides (Next)', 'framework-guides'],
      ['Upgrade Guides (Next)', 'upgrade-guides'],
    ]);
    expect(sections[0]!.pages).toEqual([
      'getting-started',
      'using-matchers',
      'asynchronous',
      'setup-teardown',
      'mock-functions',
      'jest-platform',
      'jest-community',
      'more-resources',
    ]);
    expect(sectionOf('/', '/snapshot-testing', sections)?.label).toBe('Guides (Next)');
    expect(sectionOf('/', '/expect', sections)).toBeUndefined();
  });

  it('a frozen version: its own file, its sections under its path', () => {
    const sections = categorySections(loaded('versioned_sidebars/version-30.0-sidebars.json', '30.0', '30.0'), '/');
    expect(sections.map(({path}) => path)).toEqual(['30.0/introduction', '30.0/guides', '30.0/framework-guides', '30.0/upgrade-guides']);
    expect(sectionOf('/', '/30.0/mock-functions', sections)?.label).toBe('Introduction (30.0)');
  });

  it('the navbar links to both sidebars, labelled as site.config.ts names them', () => {
    const ids = Object.keys(loaded('sidebars.json', '', 'Next').sidebars);
    expect(navbarSidebars(ids, {docs: 'Docs', api: 'API'})).toEqual([
      {id: 'docs', label: 'Docs'},
      {id: 'api', label: 'API'},
    ]);
    expect(sidebarsFileAmong((name) => existsSync(path.join(fixture, name)))).toBe('./sidebars.json');
  });
});
