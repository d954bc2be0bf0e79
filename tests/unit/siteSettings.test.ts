import {describe, expect, it} from 'vitest';
import {navbarSidebars, sidebarLabel, siteContactOf, type SiteContact} from '../../contracts/siteSettings';
import {sidebarsFileAmong} from '../../plugins/sidebarsFile';

describe('sidebarsFileAmong: the team sidebars file the docs use', () => {
  it.each([
    [['sidebars.ts'], './sidebars.ts'],
    [['sidebars.json'], './sidebars.json'],
    [['sidebars.js'], './sidebars.js'],
    [['sidebars.mjs'], './sidebars.mjs'],
    [['sidebars.cjs'], './sidebars.cjs'],
    [[], undefined],
    [['sidebar.json', 'sidebars.yaml'], undefined],
  ])('%j present → %s', (present, expected) => {
    expect(sidebarsFileAmong((name) => present.includes(name))).toBe(expected);
  });

  it('names both files when a team copied theirs beside the demo one, rather than reading one of them', () => {
    expect(() => sidebarsFileAmong((name) => name === 'sidebars.ts' || name === 'sidebars.json')).toThrow(
      'The site has 2 sidebars files (sidebars.ts, sidebars.json); Docusaurus reads one. Keep the one your docs use and delete the others.',
    );
  });
});

describe('sidebarLabel: the navbar link of a sidebar', () => {
  it.each([
    // The team's label, always.
    ['tutorialSidebar', {tutorialSidebar: 'Tutorials'}, 'Tutorials'],
    ['api', {api: 'API'}, 'API'],
    ['internal', {internal: false}, false],
    // Without one: what the sidebar holds, as its id says it, without the word "sidebar".
    ['tutorialSidebar', {}, 'Tutorial'],
    ['docs', {}, 'Docs'],
    ['guides', {}, 'Guides'],
    ['communitySidebar', {}, 'Community'],
    ['sidebar_guides', {}, 'Guides'],
    ['getting-started', {}, 'Getting started'],
    ['release_notes', {}, 'Release notes'],
    // Words a label writes in capitals.
    ['api', {}, 'API'],
    ['apiSidebar', {}, 'API'],
    ['apiReference', {}, 'API Reference'],
    ['nativeApis', {}, 'Native APIs'],
    ['cli-sdk', {}, 'CLI SDK'],
    // An id that says nothing more than "the sidebar": the site's docs.
    ['defaultSidebar', {}, 'Docs'],
    ['mainSidebar', {}, 'Docs'],
    ['sidebar', {}, 'Docs'],
    ['docSidebar', {}, 'Docs'],
    ['docsSidebar', {}, 'Docs'],
  ] as const)('%s with %j → %j', (id, labels, expected) => {
    expect(sidebarLabel(id, labels)).toBe(expected);
  });
});

describe('navbarSidebars: which sidebars the navbar links to, in which order', () => {
  it.each([
    [['tutorialSidebar'], {tutorialSidebar: 'Tutorials'}, [{id: 'tutorialSidebar', label: 'Tutorials'}]],
    // Jest's sidebars.json: "docs", then "api".
    [
      ['docs', 'api'],
      {api: 'API'},
      [
        {id: 'api', label: 'API'},
        {id: 'docs', label: 'Docs'},
      ],
    ],
    [
      ['docs', 'api'],
      {},
      [
        {id: 'docs', label: 'Docs'},
        {id: 'api', label: 'API'},
      ],
    ],
    // Two links that would read alike: the one the team did not name says its id in full.
    [
      ['defaultSidebar', 'docs'],
      {},
      [
        {id: 'defaultSidebar', label: 'Default Sidebar'},
        {id: 'docs', label: 'Docs'},
      ],
    ],
    [
      ['mainSidebar', 'guides'],
      {guides: 'Docs'},
      [
        {id: 'guides', label: 'Docs'},
        {id: 'mainSidebar', label: 'Main Sidebar'},
      ],
    ],
    [['docs', 'internal'], {internal: false}, [{id: 'docs', label: 'Docs'}]],
    // A label for a sidebar the docs do not have links nowhere.
    [['docs'], {tutorialSidebar: 'Tutorials'}, [{id: 'docs', label: 'Docs'}]],
  ] as const)('%j with %j → %j', (ids, labels, expected) => {
    expect(navbarSidebars(ids, labels)).toEqual(expected);
  });
});

describe('siteContactOf: where a refused reader asks for access (site.config.ts `contact`)', () => {
  it.each<[string | null | undefined, SiteContact | null]>([
    ['hello@tutorial-hub.example.com', {kind: 'email', address: 'hello@tutorial-hub.example.com'}],
    // As a footer link writes it.
    ['mailto:hello@tutorial-hub.example.com', {kind: 'email', address: 'hello@tutorial-hub.example.com'}],
    [' access@corp.test ', {kind: 'email', address: 'access@corp.test'}],
    ['https://corp.test/docs-access', {kind: 'web', url: 'https://corp.test/docs-access'}],
    ['https://corp.test', {kind: 'web', url: 'https://corp.test/'}],
    [null, null],
    // A site.config.ts from before the setting (the build does not check its types).
    [undefined, null],
  ])('%j → %j', (contact, expected) => {
    expect(siteContactOf(contact)).toEqual(expected);
  });

  it.each(['the docs team', 'corp.test/access', 'mailto:hello@corp.test?subject=Hi', 'javascript:alert(1)', ''])(
    'names the setting and what it takes, for %j',
    (contact) => {
      expect(() => siteContactOf(contact)).toThrow(
        `site.config.ts: contact is ${JSON.stringify(contact)}; it takes an email address (team@example.com), a web page (https://example.com/access), or null for none.`,
      );
    },
  );
});
