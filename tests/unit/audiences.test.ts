import {describe, expect, it} from 'vitest';
import type {MarkdownConfig} from '@docusaurus/types';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {
  audienceBadge,
  audienceCondition,
  conditionKey,
  conditionOfKey,
  isAudienceName,
  isVisible,
  parseAudienceValue,
  PUBLIC,
  READERS,
  readerView,
  unionOf,
  VISITOR_VIEW,
  within,
  type Condition,
} from '../../contracts/audiences';
import {AUDIENCE_FIELD} from '../../contracts/audienceMarkers';
import {planAudiences, type Declared, type PageInput} from '../../plugins/audiences/plan';
import {withoutAudience} from '../../plugins/audiences/docs';
import {
  firstWide,
  generatedIndexConditions,
  itemCondition,
  navbarSidebarLinks,
  navigationItems,
  sidebarCondition,
  wideNeighbours,
  type SidebarItem,
} from '../../plugins/audiences/sidebarRules';

const partners: Condition = ['partners'];
const staff: Condition = ['staff'];
const both: Condition = ['partners', 'staff'];

describe('conditions', () => {
  it.each([
    ['a list reads the same whatever its order', audienceCondition(['staff', 'partners', 'staff']), both],
    ['no names is every reader', audienceCondition([]), READERS],
  ])('%s', (_case, condition, expected) => expect(condition).toEqual(expected));

  it.each<[string, Condition, Condition, boolean]>([
    ['a page of one audience inside two', partners, both, true],
    ['a page of two audiences inside one', both, partners, false],
    ['an audience inside every reader', staff, READERS, true],
    ['every reader inside an audience', READERS, staff, false],
    ['public inside every reader', PUBLIC, READERS, false],
    ['every reader inside public', READERS, PUBLIC, true],
    ['an audience inside public', partners, PUBLIC, true],
    ['an audience inside another', partners, staff, false],
  ])('within: %s', (_case, inner, outer, expected) => expect(within(inner, outer)).toBe(expected));

  it.each<[Condition, Condition, Condition]>([
    [partners, staff, both],
    [partners, READERS, READERS],
    [READERS, PUBLIC, PUBLIC],
    [both, partners, both],
  ])('the union of %j and %j is %j', (a, b, union) => expect(unionOf(a, b)).toEqual(union));

  it.each<[string, Condition, string[] | 'visitor', boolean]>([
    ['a reader of partners sees a partners page', partners, ['partners'], true],
    ['a reader of staff does not', partners, ['staff'], false],
    ['a reader of both sees a page of either', both, ['staff'], true],
    ['a reader in no audience sees a page for every reader', READERS, [], true],
    ['a reader in no audience sees no audience page', partners, [], false],
    ['a visitor sees a public page', PUBLIC, 'visitor', true],
    ['a visitor sees no page for readers', READERS, 'visitor', false],
    ['a reader sees a public page', PUBLIC, [], true],
  ])('%s', (_case, condition, audiences, expected) =>
    expect(isVisible(condition, audiences === 'visitor' ? VISITOR_VIEW : readerView(audiences))).toBe(expected),
  );

  it.each<Condition>([PUBLIC, READERS, partners, both])('%j survives its key', (condition) =>
    expect(conditionOfKey(conditionKey(condition))).toEqual(condition),
  );

  it.each([
    ['partners', true],
    ['early-access', true],
    ['public', false],
    ['Partners', false],
    ['-x', false],
    ['a b', false],
    ['x'.repeat(41), false],
  ])('%s is an audience name: %s', (name, expected) => expect(isAudienceName(name)).toBe(expected));
});

describe('parseAudienceValue', () => {
  const defined = new Set(['partners', 'staff']);
  it.each<[string, unknown, {condition: Condition} | RegExp]>([
    ['one name', 'partners', {condition: partners}],
    ['a list', ['staff', 'partners'], {condition: both}],
    ['names separated by commas', 'staff, partners', {condition: both}],
    ['public', 'public', {condition: PUBLIC}],
    ['a typo', 'partner', /"partner" is not defined in audiences\.json \(defined: partners, staff\)/],
    ['public with a name', ['public', 'staff'], /`public` stands alone/],
    ['an empty list', [], /must be a name or a list of names/],
    ['a number', 3, /must be a name or a list of names/],
  ])('%s', (_case, value, expected) => {
    const result = parseAudienceValue(value, defined);
    if (expected instanceof RegExp) expect('error' in result && result.error).toMatch(expected);
    else expect(result).toEqual(expected);
  });
});

describe('planAudiences', () => {
  const declared = (value: unknown, file: string, line = 2): Declared => ({value, file, line});
  const page = (file: string, version: string, folder: string, audience?: Declared): PageInput => ({
    file,
    version,
    folder,
    ...(audience ? {audience} : {}),
  });
  const defined = new Set(['partners', 'staff', 'legacy']);

  it('gives a page its own audience, else its folder’s, else its version’s, else every reader', () => {
    const plan = planAudiences({
      defined,
      siteVersions: ['current', '1.0'],
      versions: new Map([['1.0', declared('legacy', 'audiences.json', 5)]]),
      folders: new Map([['current:partner', declared(['partners', 'staff'], 'docs/partner/_category_.json')]]),
      pages: [
        page('docs/intro.md', 'current', ''),
        page('docs/partner/a.md', 'current', 'partner'),
        page('docs/partner/b.md', 'current', 'partner', declared('staff', 'docs/partner/b.md')),
        page('docs/partner/deep/c.md', 'current', 'partner/deep'),
        page('versioned_docs/version-1.0/intro.md', '1.0', ''),
        page('docs/open.md', 'current', '', declared('public', 'docs/open.md')),
      ],
    });
    expect(plan.problems).toEqual([]);
    expect(Object.fromEntries(plan.pages)).toEqual({
      'docs/intro.md': READERS,
      'docs/partner/a.md': both,
      'docs/partner/b.md': staff,
      'docs/partner/deep/c.md': both,
      'versioned_docs/version-1.0/intro.md': ['legacy'],
      'docs/open.md': PUBLIC,
    });
  });

  it('names the file and line of every mistake, and keeps what encloses a level that is wrong', () => {
    const plan = planAudiences({
      defined,
      siteVersions: ['current', '1.0'],
      versions: new Map([['1.0', declared('legacy', 'audiences.json', 5)]]),
      folders: new Map([['current:team', declared('stafff', 'docs/team/_category_.json', 4)]]),
      pages: [
        page('docs/team/a.md', 'current', 'team'),
        page('versioned_docs/version-1.0/b.md', '1.0', '', declared('partners', 'versioned_docs/version-1.0/b.md', 3)),
        page('versioned_docs/version-1.0/c.md', '1.0', '', declared('public', 'versioned_docs/version-1.0/c.md', 2)),
      ],
    });
    expect(plan.problems).toEqual([
      {file: 'docs/team/_category_.json', line: 4, message: expect.stringMatching(/"stafff" is not defined/)},
      {
        file: 'versioned_docs/version-1.0/b.md',
        line: 3,
        message: expect.stringMatching(/for partners, wider than what encloses it \(legacy\)/),
      },
      {file: 'versioned_docs/version-1.0/c.md', line: 2, message: expect.stringMatching(/for public, wider than what encloses it/)},
    ]);
    expect(plan.pages.get('docs/team/a.md')).toBe(READERS);
    expect(plan.pages.get('versioned_docs/version-1.0/b.md')).toEqual(['legacy']);
  });

  it("refuses a folder's own page that fewer readers may open than the pages inside it", () => {
    const plan = planAudiences({
      defined,
      siteVersions: ['current', '1.0'],
      versions: new Map(),
      folders: new Map(),
      pages: [
        page('docs/guides/index.md', 'current', 'guides', declared('staff', 'docs/guides/index.md', 3)),
        page('docs/guides/setup.md', 'current', 'guides'),
        page('docs/team/team.md', 'current', 'team'),
        page('docs/team/plans.md', 'current', 'team', declared('staff', 'docs/team/plans.md')),
      ],
    });
    expect(plan.problems).toEqual([
      {
        file: 'docs/guides/index.md',
        line: 3,
        message: expect.stringMatching(/folder's own page is for staff, but pages inside the folder are for every reader/),
      },
    ]);
  });
});

describe('sidebar rules', () => {
  const sidebar: SidebarItem[] = [
    {type: 'doc', id: 'intro'},
    {
      type: 'category',
      label: 'Partners',
      link: {type: 'generated-index', permalink: '/category/partners'},
      items: [
        {type: 'doc', id: 'p1'},
        {type: 'doc', id: 'p2'},
      ],
    },
    {type: 'doc', id: 'roadmap', label: 'Roadmap'},
    {type: 'category', label: 'Guides', link: {type: 'doc', id: 'guides'}, items: [{type: 'doc', id: 'setup'}]},
    {type: 'link'},
  ];
  const conditions: Record<string, Condition> = {
    intro: READERS,
    p1: partners,
    p2: partners,
    roadmap: both,
    guides: READERS,
    setup: READERS,
  };
  const docCondition = (id: string) => conditions[id];

  it('walks the pages in reading order: a category’s own page before what it holds', () => {
    expect(navigationItems(sidebar).map((item) => (item.type === 'doc' ? item.id : item.permalink))).toEqual([
      'intro',
      '/category/partners',
      'p1',
      'p2',
      'roadmap',
      'guides',
      'setup',
    ]);
  });

  it('gives a category the union of what it holds, and its page that union', () => {
    expect(itemCondition(sidebar[1]!, docCondition)).toEqual(partners);
    expect(itemCondition(sidebar[3]!, docCondition)).toBe(READERS);
    expect(itemCondition(sidebar[4]!, docCondition)).toBeUndefined();
    expect(Object.fromEntries(generatedIndexConditions(sidebar, docCondition))).toEqual({'/category/partners': partners});
  });

  it('leads previous and next to the nearest pages every reader of the page may open', () => {
    const items = navigationItems(sidebar);
    const conditionOf = (item: (typeof items)[number]) =>
      item.type === 'doc' ? docCondition(item.id) : generatedIndexConditions(sidebar, docCondition).get(item.permalink);
    const names = ({previous, next}: {previous?: (typeof items)[number]; next?: (typeof items)[number]}) =>
      [previous, next].map((item) => (item === undefined ? null : item.type === 'doc' ? item.id : item.permalink));
    expect(names(wideNeighbours(items, 0, READERS, conditionOf))).toEqual([null, 'guides']);
    expect(names(wideNeighbours(items, 2, partners, conditionOf))).toEqual(['/category/partners', 'p2']);
    expect(names(wideNeighbours(items, 3, partners, conditionOf))).toEqual(['p1', 'roadmap']);
    expect(names(wideNeighbours(items, 4, both, conditionOf))).toEqual(['intro', 'guides']);
    expect(firstWide(items, partners, conditionOf)).toEqual({type: 'doc', id: 'intro'});
  });
});

describe('the navbar links to the sidebars', () => {
  const doc = (id: string): SidebarItem => ({type: 'doc', id});
  const sidebars: Record<string, SidebarItem[]> = {
    tutorialSidebar: [doc('intro'), {type: 'category', label: 'Partner API', items: [doc('p1'), doc('p2')]}],
    partnerApi: [doc('p1'), doc('p2')],
    roadmaps: [{type: 'category', label: 'Roadmaps', items: [doc('p1'), doc('handbook')]}],
    handbook: [doc('handbook')],
    preview: [doc('preview'), doc('intro')],
    external: [{type: 'link'}],
  };
  const conditions: Record<string, Condition> = {intro: READERS, p1: partners, p2: partners, handbook: staff, preview: PUBLIC};
  const docCondition = (id: string) => conditions[id];

  it.each<[string, Condition | undefined]>([
    ['tutorialSidebar', READERS],
    ['partnerApi', partners],
    ['roadmaps', both],
    ['handbook', staff],
    ['preview', PUBLIC],
    ['external', undefined],
  ])('a sidebar is for the readers of any of its pages: %s → %j', (id, expected) => {
    expect(sidebarCondition(sidebars[id]!, docCondition)).toEqual(expected);
  });

  it.each<[string, Condition, Record<string, string | undefined>]>([
    // Signed-in readers only: a sidebar whose every page is for some audiences is marked for those.
    [
      'every signed-in reader',
      READERS,
      {
        tutorialSidebar: undefined,
        partnerApi: 'partners',
        roadmaps: 'partners+staff',
        handbook: 'staff',
        preview: undefined,
        external: undefined,
      },
    ],
    // With public pages, a visitor gets only the sidebars with a public page.
    [
      'a site with public pages',
      PUBLIC,
      {
        tutorialSidebar: '*',
        partnerApi: 'partners',
        roadmaps: 'partners+staff',
        handbook: 'staff',
        preview: undefined,
        external: undefined,
      },
    ],
  ])('each link is marked for who may open a page of its sidebar, on %s', (_, base, expected) => {
    const links = navbarSidebarLinks(sidebars, {tutorialSidebar: 'Tutorials', partnerApi: 'Partner API'}, docCondition, base);
    expect(Object.fromEntries(links.map((link) => [link.id, link[AUDIENCE_FIELD]]))).toEqual(expected);
  });

  it('labels and orders the links as site.config.ts says, marked or not', () => {
    const links = navbarSidebarLinks(
      {partnerApi: sidebars.partnerApi!, docs: [doc('intro')], internal: [doc('intro')]},
      {docs: 'Docs', partnerApi: 'Partner API', internal: false},
      docCondition,
      READERS,
    );
    expect(links).toEqual([
      {id: 'docs', label: 'Docs'},
      {id: 'partnerApi', label: 'Partner API', [AUDIENCE_FIELD]: 'partners'},
    ]);
  });

  it('marks nothing on a site without audiences', () => {
    const links = navbarSidebarLinks(sidebars, {}, () => undefined, READERS);
    expect(links.every((link) => !(AUDIENCE_FIELD in link))).toBe(true);
    expect(links.map((link) => link.label)).toEqual(['Tutorial', 'Partner API', 'Roadmaps', 'Handbook', 'Preview', 'External']);
  });
});

describe("an audience's badge: its name as a word, with the site's description", () => {
  it.each([
    ['partners', 'Partners'],
    ['early-access', 'Early access'],
    ['a', 'A'],
    ['beta2', 'Beta2'],
  ])('%s → %s', (name, label) => {
    expect(audienceBadge(name, 'What it is for')).toEqual({name, label, description: 'What it is for'});
  });
});

describe("a page module's front matter", () => {
  // The site's parse, as Docusaurus's default does it.
  const markdown = {
    parseFrontMatter: (
      params: {defaultParseFrontMatter: typeof DEFAULT_PARSE_FRONT_MATTER} & Parameters<typeof DEFAULT_PARSE_FRONT_MATTER>[0],
    ) => params.defaultParseFrontMatter(params),
  } as unknown as MarkdownConfig;

  it('goes without `audience:`, and with everything else, as the site parsed it', async () => {
    const parse = withoutAudience(markdown).parseFrontMatter;
    const params = {filePath: 'docs/plans.md', defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER};
    expect(
      await parse({...params, fileContent: '---\ntitle: Plans\naudience: [partners, staff]\nsidebar_label: Our plans\n---\n# Plans\n'}),
    ).toEqual({frontMatter: {title: 'Plans', sidebar_label: 'Our plans'}, content: '# Plans'});
  });
});
