import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import {describe, expect, it} from 'vitest';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {readerView, VISITOR_VIEW, type Condition} from '../../contracts/audiences';
import {
  describeFinding,
  LeakProof,
  leakWitness,
  mayNameAPage,
  proofTextOf,
  type Identity,
  type ServedText,
} from '../../plugins/audiences/leakProof';
import {siteIdentities} from '../../plugins/audiences/identities';
import {Conditions} from '../../plugins/audiences/siteConditions';

const MARKERS = new MarkerSyntax('k3yk3y');
const SITE = {publicPages: false};
const WITH_VISITORS = {...SITE, publicPages: true};

describe('leakWitness: a view that gets a name and may read none of what it names', () => {
  it.each<[string, Condition[], Condition[], typeof SITE, string[] | null | undefined]>([
    ["a staff page's name in a page for every reader", ['*'], [['staff']], SITE, []],
    ['… inside a piece marked for staff', ['*', ['staff']], [['staff']], SITE, undefined],
    ['… inside a piece for partners or staff', ['*', ['partners', 'staff']], [['staff']], SITE, ['partners']],
    ['… in a file for staff only', [['staff']], [['staff']], SITE, undefined],
    [
      '… nested: partners or staff, then staff or beta',
      ['*', ['partners', 'staff'], ['beta', 'staff']],
      [['staff']],
      SITE,
      ['beta', 'partners'],
    ],
    ['… nested with no way out of staff', ['*', ['partners', 'staff'], ['staff']], [['staff']], SITE, undefined],
    ['a name a page for every reader shares', ['*'], [['staff'], '*'], SITE, undefined],
    ['a name two narrow pages share', ['*', ['partners']], [['staff'], ['partners']], SITE, undefined],
    ['a public page for visitors, naming a reader-only page', ['public'], ['*'], WITH_VISITORS, null],
    ['… with public pages off', ['public'], ['*'], SITE, undefined],
    ['a public name', ['public'], ['public'], WITH_VISITORS, undefined],
    ['a reader-only page in a public file, visitors on', ['public', '*'], [['staff']], WITH_VISITORS, []],
  ])('%s', (_case, around, owners, site, expected) => {
    expect(leakWitness(around, owners, site)).toEqual(expected);
  });
});

const IDENTITIES: Identity[] = [
  {
    name: '/team-handbook',
    condition: ['staff'],
    identifiers: [
      {kind: 'address', value: '/team-handbook'},
      {kind: 'title', value: 'Team handbook'},
      {kind: 'description', value: 'How the team writes the tutorials'},
      {kind: 'heading', value: 'Release checklist'},
      {kind: 'heading', value: 'Overview'},
    ],
  },
  {
    name: '/partner-api/rate-limits',
    condition: ['partners'],
    identifiers: [
      {kind: 'address', value: '/partner-api/rate-limits'},
      {kind: 'last segment', value: '/rate-limits'},
      {kind: 'title', value: 'Partner rate limits'},
    ],
  },
  {
    name: '/intro',
    condition: '*',
    identifiers: [
      {kind: 'address', value: '/intro'},
      {kind: 'heading', value: 'Release checklist'},
    ],
  },
  {name: 'version 0.9 LTS', condition: ['legacy'], identifiers: [{kind: 'label', value: '0.9 LTS'}]},
  // An address that is also a tag's name.
  {name: '/details', condition: ['staff'], identifiers: [{kind: 'address', value: '/details'}]},
];

const proof = (site = SITE) => new LeakProof(IDENTITIES, site);
const served = (file: string, text: string, condition: Condition = '*', extra: Partial<ServedText> = {}): ServedText => ({
  file,
  condition,
  text,
  template: MARKERS.templateOf(text, {commas: !file.endsWith('.html')}),
  ...extra,
});
const found = (file: ServedText, site = SITE) =>
  proof(site)
    .findingsIn(file)
    .map(({kind, value, view}) => `${kind} "${value}" → ${JSON.stringify(view)}`);

describe('the leak proof over one file', () => {
  it.each<[string, string, string, string[]]>([
    [
      'a restricted title, address and description in a page for every reader',
      'intro.html',
      '<main><ul><li><a href="/team-handbook">Team handbook</a><p title="How the team writes the tutorials">x</p></li></ul></main>',
      ['address "/team-handbook" → []', 'title "Team handbook" → []', 'description "How the team writes the tutorials" → []'],
    ],
    [
      'nothing in the same list marked for staff, and the partners’ page in a piece for partners or staff',
      'intro.html',
      `<ul>${MARKERS.html('begin', 'staff')}<li><a href="/team-handbook">Team handbook</a></li>${MARKERS.html('end')}` +
        `${MARKERS.html('begin', 'partners+staff')}<li><a href="/partner-api/rate-limits">Partner rate limits</a></li>${MARKERS.html('end')}</ul>`,
      ['address "/partner-api/rate-limits" → ["staff"]', 'title "Partner rate limits" → ["staff"]'],
    ],
    [
      'names in scripts and data: string literals, escaped, and paths inside longer ones',
      'assets/js/main.js',
      'const t="Team\\u0020handbook";fetch(`/partner-api/rate-limits?x=1`);let r="/team-handbook-1f1"',
      ['title "Team handbook" → []', 'address "/partner-api/rate-limits" → []', 'address "/team-handbook" → []'],
    ],
    [
      'a page’s text split by React, and entities, as the reader reads it',
      'a.html',
      '<p>Read: <!-- -->Team handbook</p><p>Partner&#32;rate limits</p>',
      ['title "Team handbook" → []', 'title "Partner rate limits" → []'],
    ],
  ])('finds %s', (_case, file, text, expected) => {
    expect(found(served(file, text))).toEqual(expected);
  });

  it.each([
    ['a last segment standing alone', '<a href="/rate-limits">a</a>', ['last segment "/rate-limits" → []']],
    [
      'a path that begins with a page’s address',
      '<a href="/partner-api/rate-limits/v2">a</a>',
      ['address "/partner-api/rate-limits" → []'],
    ],
    ['a last segment inside another path', '<a href="/guides/rate-limits">a</a><a href="/rate-limits/faq">b</a>', []],
    ['a longer segment', '<a href="/rate-limits-faq">b</a>', []],
    ['a path inside another site’s address', '<a href="https://example.com/partner-api/rate-limits">c</a>', []],
    ['a closing tag', '<details><summary>More</summary>text</details>', []],
  ])('paths: %s', (_case, html, expected) => {
    expect(found(served('a.html', html))).toEqual(expected);
  });

  it('takes a full address on the site’s own origin as its path', () => {
    const own = new LeakProof(IDENTITIES, SITE, 'https://docs.example.com/');
    const page = served(
      'a.html',
      '<a href="https://docs.example.com/team-handbook#x">a</a><a href="https://example.com/team-handbook">b</a>',
    );
    expect(own.findingsIn(page).map(({kind, value}) => `${kind} ${value}`)).toEqual(['address /team-handbook']);
  });

  it('leaves names wider pages share, one-word headings and words inside sentences alone', () => {
    expect(found(served('a.html', '<h2>Release checklist</h2><h2>Overview</h2><p>The Team handbook says so.</p>'))).toEqual([]);
  });

  it('finds a label in any text file, such as a list of pages a plugin writes', () => {
    expect(found(served('llms.txt', '- [0.9 LTS](/legacy/intro): the old edition\n'))).toEqual(['label "0.9 LTS" → []']);
  });

  it('gives a visitor only what is public, when public pages are on', () => {
    expect(found(served('preview.html', '<a href="/intro">Intro</a>', 'public'), WITH_VISITORS)).toEqual(['address "/intro" → null']);
    expect(found(served('preview.html', '<a href="/intro">Intro</a>', 'public'))).toEqual([]);
  });

  it('judges a copy of a page rendered for one view by that view alone', () => {
    const copy = {view: readerView(['partners'])};
    expect(found(served('a.html', '<a href="/partner-api/rate-limits">Partner rate limits</a>', '*', copy))).toEqual([]);
    expect(found(served('a.html', '<a href="/team-handbook">Team handbook</a>', '*', copy))).toEqual([
      'address "/team-handbook" → ["partners"]',
      'title "Team handbook" → ["partners"]',
    ]);
    expect(found(served('a.html', '<a href="/intro">x</a>', 'public', {view: VISITOR_VIEW}), WITH_VISITORS)).toEqual([
      'address "/intro" → null',
    ]);
  });

  it('says where a finding is: file, line and column, who gets it, what it names, and where in the page', () => {
    const page = served(
      'intro.html',
      '<html><body>\n<article><p><a href="/team-handbook">read</a></p></article><nav><a>Team handbook</a></nav>',
    );
    expect(proof().findingsIn(page).map(describeFinding)).toEqual([
      'intro.html:2:22: a reader in no audience would get the address "/team-handbook" of /team-handbook, in the page\'s content (its Markdown or MDX, or a remark or rehype plugin of site.config.ts)',
      'intro.html:2:68: a reader in no audience would get the title "Team handbook" of /team-handbook, in the navbar or a menu',
    ]);
  });
});

describe('the files the proof reads', () => {
  it.each([
    ['pages/LIST.HTML', true],
    ['feed.atom', true],
    ['pages.tsv', true],
    ['sitemap.XML', true],
    ['img/logo.PNG', false],
    ['fonts/inter.woff2', false],
  ])('%s: read %s', (file, read) => expect(mayNameAPage(file)).toBe(read));

  it('reads any text, whatever its name, and no bytes that are not text', () => {
    expect(proofTextOf(Buffer.from('Team handbook\n'))).toBe('Team handbook\n');
    expect(proofTextOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x41]))).toBeNull();
  });

  it('reads a page whose extension is upper case as a page: its attributes too', () => {
    expect(found(served('LIST.HTML', '<a title="Team handbook">x</a>'))).toEqual(['title "Team handbook" → []']);
  });
});

describe("what names the site's pages, for the proof", () => {
  // Two versions with a category page of the same name: the current one's for partners, 1.0's for every reader.
  const category = (permalink: string) => ({
    type: 'category' as const,
    label: 'Integrations',
    items: [],
    link: {type: 'generated-index' as const, permalink},
  });
  const versions = [
    {versionName: 'current', label: '2.0', path: '/', docs: [], sidebars: {docs: [category('/category/integrations')]}},
    {versionName: '1.0', label: '1.0', path: '/1.0', docs: [], sidebars: {docs: [category('/1.0/category/integrations')]}},
  ] as unknown as LoadedVersion[];
  const conditions = new Conditions({
    audiences: ['partners'],
    descriptions: {partners: 'Partner companies'},
    base: '*',
    pages: {'/category/integrations': 'partners', '/1.0/category/integrations': '*'},
    files: {},
    docs: {},
    versions: {current: '*', '1.0': '*'},
  });

  it("names a page of a version below the root by its address inside the version too, which a wider page's shares", async () => {
    const identities = await siteIdentities({versions, conditions, sections: [], html: async () => null});
    // 1.0's category page's data names it by its slug, which is also the current version's partners' page's address.
    const data = served('assets/js/1-0-category.js', '{"slug":"/category/integrations","permalink":"/1.0/category/integrations"}');
    expect(new LeakProof(identities, SITE).findingsIn(data)).toEqual([]);
    expect(new LeakProof(identities, SITE).findingsIn(served('assets/js/other.js', 'x="/category/integrations/"'))).toEqual([]);
    const restrictedOnly = identities.filter((identity) => identity.name === '/category/integrations');
    expect(new LeakProof(restrictedOnly, SITE).findingsIn(data).map(({value}) => value)).toEqual(['/category/integrations']);
  });

  it('names a page by every label it goes by: the sidebars file’s, its pagination label, a generated index’s title and description', async () => {
    const labelled = [
      {
        versionName: 'current',
        label: '2.0',
        path: '/',
        docs: [
          {
            id: 'partners/keys',
            permalink: '/partners/keys',
            title: 'API keys',
            description: 'Keys for partner apps',
            frontMatter: {pagination_label: 'Keys, next'},
          },
        ],
        sidebars: {
          docs: [
            {type: 'doc', id: 'partners/keys', label: 'Your keys'},
            {
              type: 'category',
              label: 'Partner area',
              items: [],
              link: {
                type: 'generated-index',
                permalink: '/category/partner-area',
                title: 'All partner guides',
                description: 'What partners read',
              },
            },
          ],
        },
      },
    ] as unknown as LoadedVersion[];
    const identities = await siteIdentities({
      versions: labelled,
      conditions: new Conditions({
        audiences: ['partners'],
        descriptions: {partners: 'Partner companies'},
        base: '*',
        pages: {'/partners/keys': 'partners', '/category/partner-area': 'partners'},
        files: {},
        docs: {'current:partners/keys': 'partners'},
        versions: {current: '*'},
      }),
      sections: [],
      html: async () => null,
    });
    const page = served('index.html', '<a>Your keys</a><a>Keys, next</a><h1>All partner guides</h1><p>What partners read</p>');
    expect(new LeakProof(identities, SITE).findingsIn(page).map(({kind, value}) => `${kind} ${value}`)).toEqual([
      'sidebar label Your keys',
      'sidebar label Keys, next',
      'title All partner guides',
      'description What partners read',
    ]);
  });
});
