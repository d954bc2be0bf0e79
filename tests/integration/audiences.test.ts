/**
 * Who reads what, through the gate over the fixture site (tests/fixtures/test-docs: a folder for
 * partners, a page for partners and staff, one for beta, one for staff, a 1.0 page for staff, a public
 * page), for each kind of reader: what they may open, what they can search, and that no answer they can
 * get names a page they may not read (identifiers drawn from the build, as gate-access.test.ts does for
 * strangers).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {audienceBadge, isVisible, readerView, VISITOR_PAGE_ATTRIBUTE, VISITOR_VIEW, type View} from '../../contracts/audiences';
import {MANIFEST_FILE, PARTS_DIR, type SearchManifest} from '../../contracts/searchIndexFiles';
import {LOGIN_DIR} from '../../contracts/buildLayout';
import {sessionCookieHeader} from '../../contracts/session';
import {lunrRules} from '../../src/search/engine/lunrRules';
import {VersionIndex} from '../../src/search/engine/versionIndex';
import {NAVIGATION, SUBRESOURCE, type RawResponse} from '../../testkit/http';
import {hiddenIdentifiers, restrictedPages, searchSectionPages, sitePages, versionPages} from '../support/audienceSite';
import {asText, type PrivateIdentifier} from '../support/privateIdentifiers';
import {builtFiles, mainScriptOf} from '../support/builtFiles';
import {textOf} from '../../plugins/audiences/identities';
import {emulator, uniqueEmail} from '../support/emulator';
import {FIXTURE_SITE, FIXTURE_SITE_BUILD, FIXTURE_SITE_BUILD_ROOT, isCurrentDocsPage} from '../support/fixtureSite';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {readBuild} from '../../server/services/build';
import {LiveBuild} from '../../server/services/liveBuild';

const pages = [...sitePages(FIXTURE_SITE, FIXTURE_SITE_BUILD_ROOT), ...versionPages(FIXTURE_SITE), ...searchSectionPages(FIXTURE_SITE)];
/** Every file of both build folders: the site's (its not-found page too) and the public login build's. */
const files = [...builtFiles(FIXTURE_SITE_BUILD), ...builtFiles(path.join(FIXTURE_SITE_BUILD_ROOT, LOGIN_DIR))];
/** Who may fetch each file of the fixture site. */
const {audiences: fixtureAudiences} = await readBuild(FIXTURE_SITE_BUILD_ROOT);

/** The kinds of reader, each with the audiences the readers file gives them. */
const KINDS = {
  'in no audience': [],
  'in partners': ['partners'],
  'in partners and beta': ['partners', 'beta'],
  'in staff': ['staff'],
  'in legacy': ['legacy'],
} as const satisfies Record<string, readonly string[]>;
type Kind = keyof typeof KINDS;

interface Reader {
  email: string;
  cookie: string;
  view: View;
}

let gate: RunningGate;
let readersFile: string;
const readers = {} as Record<Kind, Reader>;

function writeReaders(lines: readonly string[]): void {
  writeFileSync(readersFile, `${lines.join('\n')}\n`);
}

const readerLines = (overrides: Partial<Record<Kind, readonly string[]>> = {}) =>
  (Object.keys(KINDS) as Kind[]).map((kind) => `${readers[kind].email} ${(overrides[kind] ?? KINDS[kind]).join(',')}`.trim());

beforeAll(async () => {
  readersFile = path.join(mkdtempSync(path.join(tmpdir(), 'tutorial-hub-audiences-')), 'readers.txt');
  const accounts = await Promise.all(
    (Object.keys(KINDS) as Kind[]).map(async (kind) => [kind, await emulator.newAccount(uniqueEmail('audience'))] as const),
  );
  for (const [kind, {email}] of accounts) readers[kind] = {email, cookie: '', view: readerView(KINDS[kind])};
  writeReaders([...readerLines(), 'nobody@tutorial-hub.test stafff']);
  gate = await startGate({BUILD_DIR: FIXTURE_SITE_BUILD_ROOT, ALLOWED_EMAILS_FILE: readersFile, PUBLIC_PAGES: 'on'});
  for (const [kind, credentials] of accounts) readers[kind].cookie = await sessionCookieFor(gate, credentials);
});
afterAll(async () => {
  await gate?.close();
  rmSync(path.dirname(readersFile), {recursive: true, force: true});
});

const as = (reader: Reader | null, navigate: boolean, extra: Record<string, string> = {}) => ({
  ...(navigate ? NAVIGATION : SUBRESOURCE),
  ...(reader ? {cookie: sessionCookieHeader(reader.cookie)} : {}),
  ...extra,
});

/** The fixture site's audiences and what it says of each (its audiences.json). */
const AUDIENCES = (JSON.parse(readFileSync(path.join(FIXTURE_SITE, 'audiences.json'), 'utf8')) as {audiences: Record<string, string>})
  .audiences;

/** What names an audience a view is not in: its badge, and the words the site gives it. */
function otherAudiences(view: View): {url: string; identifier: PrivateIdentifier}[] {
  return Object.entries(AUDIENCES)
    .filter(([name]) => !view.has(name))
    .flatMap(([name, description]) => [
      {url: `audience ${name}`, identifier: {kind: 'description', value: description, pattern: asText(description)}},
      {url: `audience ${name}`, identifier: {kind: 'title', value: name, pattern: new RegExp(`>${audienceBadge(name, '').label}<`)}},
    ]);
}

/** The body as the reader's browser reads it, whatever the coding. */
function bodyOf({bytes, headers}: RawResponse): string {
  return (headers['content-encoding'] === 'br' ? brotliDecompressSync(bytes) : bytes).toString('utf8');
}

/** The version menu's entries on a page, as the navbar shows them. */
function versionMenu(html: string): string[] {
  const menu = /<ul class="?dropdown__menu"?>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...menu.matchAll(/<a [^>]*class="?dropdown__link[^>]*>([^<]*)<\/a>/g)].map(([, label]) => label!);
}

/** The links the navbar's left side shows on a page (the links to the sidebars), with their labels. */
function navbarLinks(html: string): {label: string; href: string}[] {
  const left = /theme-layout-navbar-left([\s\S]*?)theme-layout-navbar-right/.exec(html)?.[1] ?? '';
  return [...left.matchAll(/<a [^>]*?href="?([^" >]+)"?[^>]*>([^<]*)<\/a>/g)]
    .filter(([link]) => link.includes('navbar__link'))
    .map(([, href, label]) => ({label: label!, href: href!}));
}

describe('the counts on category cards', () => {
  it('are in no page as the gate sends it, for any reader: no card tells that its category holds more than some readers see', async () => {
    // A card: its link and title, then its description line; each reader's browser writes its own count there (reader-views.spec.ts).
    const CARD = /<article class="?[^">]*docCardListItem[\s\S]*?<\/article>/g;
    let cards = 0;
    for (const kind of Object.keys(KINDS) as Kind[]) {
      for (const url of ['/1.0', '/1.0/category/tutorial---basics', '/docs/category/partner-api']) {
        const page = await gate.request(url, {headers: as(readers[kind], true)});
        if (page.status !== 200) continue;
        for (const [card] of bodyOf(page).matchAll(CARD)) {
          cards++;
          expect({kind, url, card}).toEqual({kind, url, card: expect.not.stringMatching(/\d+ items?</)});
        }
      }
    }
    expect(cards).toBeGreaterThan(5);
  });
});

describe('the fixture site', () => {
  it('has pages for every kind of reader: in one audience, in several, in none, a folder, a 1.0 page, a whole version, a public page', () => {
    const conditions = Object.fromEntries(restrictedPages(pages).map((page) => [page.url, page.condition]));
    expect(conditions).toMatchObject({
      '/docs/partner-api/authenticate-requests': ['partners'],
      '/docs/category/partner-api': ['partners'],
      '/docs/product-roadmap': ['partners', 'staff'],
      '/docs/beta-tutorials': ['beta'],
      '/docs/team-handbook': ['staff'],
      '/1.0/tutorial-extras/editor-handbook': ['staff'],
      '/legacy/intro': ['legacy'],
      '/legacy/moving-to-one-point-oh': ['legacy'],
      // Version 0.9 at the path its team gave it (version-settings.json), and the search section of its flat folder: the category of its sidebars file.
      '/legacy/staying-on-the-legacy-edition': ['legacy'],
      '/docs/public-preview': 'public',
    });
    expect(pages.length - restrictedPages(pages).length).toBeGreaterThan(40);
  });
});

describe.each(Object.keys(KINDS) as Kind[])('a reader %s', (kind) => {
  it('opens the pages and files their audiences allow, and gets for every other one what a page that does not exist answers', async () => {
    const reader = readers[kind];
    const missing = await gate.request('/no-such-page-at-all', {headers: as(reader, true)});
    expect(missing.status).toBe(404);
    for (const page of pages.filter(({file}) => file !== '')) {
      const response = await gate.request(encodeURI(page.url), {headers: as(reader, true)});
      const expected = isVisible(page.condition, reader.view) ? {status: 200} : {status: 404, body: missing.body};
      expect({url: page.url, status: response.status, ...('body' in expected ? {body: response.body} : {})}).toEqual({
        url: page.url,
        ...expected,
      });
    }
  });

  it("gets the navbar's link to the partners' sidebar, and its label, only when in partners", async () => {
    const reader = readers[kind];
    const inPartners = reader.view.has('partners');
    for (const url of ['/', '/docs/chapter-1-introduction']) {
      const html = bodyOf(await gate.request(url, {headers: as(reader, true)}));
      expect({url, links: navbarLinks(html)}).toEqual({
        url,
        links: [
          {label: 'Tutorials', href: expect.any(String) as string},
          ...(inPartners ? [{label: 'Partner API', href: '/docs/partner-api/authenticate-requests'}] : []),
        ],
      });
    }
  });

  it('finds version 0.9 (labelled 0.9 LTS, at /legacy) in the version menu, and its index and pages, only when in legacy', async () => {
    const reader = readers[kind];
    const inLegacy = reader.view.has('legacy');
    for (const url of ['/', '/1.0/intro']) {
      const html = bodyOf(await gate.request(url, {headers: as(reader, true)}));
      expect({url, menu: versionMenu(html)}).toEqual({url, menu: ['3.0', '2.0', '1.0', ...(inLegacy ? ['0.9 LTS'] : [])]});
    }
    const statuses = Object.fromEntries(
      await Promise.all(
        ['/legacy/intro', '/legacy/moving-to-one-point-oh', `/legacy/${MANIFEST_FILE}`].map(
          async (url) => [url, (await gate.request(url, {headers: as(reader, url.endsWith('.json') ? false : true)})).status] as const,
        ),
      ),
    );
    const expected = inLegacy ? 200 : 404;
    expect(statuses).toEqual({
      '/legacy/intro': expected,
      '/legacy/moving-to-one-point-oh': expected,
      [`/legacy/${MANIFEST_FILE}`]: expected,
    });
  });

  it('waits as long for an asset of a page they may not read as for one that does not exist', async () => {
    const reader = readers[kind];
    const hidden = files.find(({url, file}) => url.startsWith('/assets/') && !isVisible(fixtureAudiences.conditionOf(file), reader.view))!;
    expect(hidden).toBeDefined();
    // A missing asset may belong to a release the gate has not switched to: it looks at the build folder.
    const looksAtTheBuildFolder = vi.spyOn(LiveBuild.prototype, 'catchUp');
    try {
      const work: Record<string, {status: number; looks: number}> = {};
      for (const url of [hidden.url, '/assets/js/0000dead.js']) {
        looksAtTheBuildFolder.mockClear();
        const {status} = await gate.request(url, {headers: as(reader, false)});
        work[url] = {status, looks: looksAtTheBuildFolder.mock.calls.length};
      }
      expect(Object.values(work)).toEqual([work[hidden.url], work[hidden.url]]);
    } finally {
      looksAtTheBuildFolder.mockRestore();
    }
  });

  it('gets no answer that names a page they may not read, or an audience they are not in: no path, slug, title, heading, description, source file, audience', async () => {
    const reader = readers[kind];
    const hidden = [...hiddenIdentifiers(pages, reader.view), ...otherAudiences(reader.view)];
    expect(hidden.length).toBeGreaterThan(kind === 'in staff' ? 5 : 10);
    const leaks: string[] = [];
    const look = (request: string, body: string) => {
      for (const {url, identifier} of hidden)
        if (identifier.pattern.test(body)) leaks.push(`${request}: ${identifier.kind} "${identifier.value}" of ${url}`);
    };
    for (const {url, file} of files) {
      const navigate = file.endsWith('.html');
      look(url, bodyOf(await gate.request(url, {headers: as(reader, navigate)})));
    }
    // The files cut for each reader, as the browser gets them: compressed.
    for (const url of ['/', '/docs/chapter-1-introduction', '/1.0/intro', `/${MANIFEST_FILE}`, `/1.0/${MANIFEST_FILE}`]) {
      look(
        `${url} (br)`,
        bodyOf(await gate.request(url, {headers: as(reader, url.endsWith('.json') ? false : true, {'accept-encoding': 'br'})})),
      );
    }
    expect(leaks).toEqual([]);
  });

  it('searches only the pages they may read, counts none of the others in its totals, and loads no part of them', async () => {
    const reader = readers[kind];
    const fetched: string[] = [];
    const fetchJson = async (url: string) => {
      fetched.push(url);
      const response = await gate.request(url, {headers: as(reader, false)});
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      return JSON.parse(response.body) as unknown;
    };
    const search = (query: string) => new VersionIndex(`/${MANIFEST_FILE}`, '/', fetchJson, lunrRules).search({query, limit: 10});
    // The page each query finds, who may read it, and whether it is the version's only page with those words.
    const expectations: [string, string, readonly string[], boolean][] = [
      ['zebra', '/docs/beta-tutorials', ['beta'], true],
      ['handbook', '/docs/team-handbook', ['staff'], true],
      ['roadmap', '/docs/product-roadmap', ['partners', 'staff'], false],
      ['rate limits', '/docs/partner-api/rate-limits', ['partners'], false],
    ];
    for (const [query, url, audiences, only] of expectations) {
      const {suggestions, total} = await search(query);
      const found = suggestions.some((hit) => hit.url.startsWith(url));
      const allowed = audiences.some((audience) => reader.view.has(audience));
      expect({query, found}).toEqual({query, found: allowed});
      // The count a reader is shown ("N results in 1.0") counts no page they may not read.
      if (only && !allowed) expect({query, total}).toEqual({query, total: 0});
    }
    const manifest = JSON.parse((await gate.request(`/${MANIFEST_FILE}`, {headers: as(reader, false)})).body) as SearchManifest;
    const listed = [manifest, ...(manifest.partitions ?? [])].flatMap((partition) => [
      ...partition.termParts.names,
      ...partition.docParts.names,
    ]);
    // Every part it loaded is one its own manifest lists (the gate answers 404 for the others: above).
    const loaded = fetched.filter((url) => url.startsWith(`/${PARTS_DIR}/`)).map((url) => url.slice(PARTS_DIR.length + 2, -'.json'.length));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((name) => !listed.includes(name))).toEqual([]);
  });
});

/** The titles a list on a page shows (the team's components of tests/fixtures/test-docs/src: `data-list` names each). */
function listed(html: string, list: string): string[] {
  const section = new RegExp(`data-list="?${list}"?[^>]*>([\\s\\S]*?)</(?:section|ul|aside)>`).exec(html)?.[1] ?? '';
  return [...section.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) => item!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''));
}

describe.each(Object.keys(KINDS) as Kind[])("the team's own code that lists pages, for a reader %s", (kind) => {
  const reader = () => readers[kind];
  const page = async (url: string) => bodyOf(await gate.request(url, {headers: as(reader(), true)}));
  const sees = (condition: Parameters<typeof isVisible>[0]) => isVisible(condition, reader().view);

  it('lists, with each public hook, the pages the reader may open and only those, and counts only those', async () => {
    const html = await page('/docs/pages-of-this-site');
    // The current version's docs the reader may open, by title, from the build's own conditions.
    const current = pages.filter(({url, file}) => file.endsWith('.html') && isCurrentDocsPage(url) && !url.startsWith('/docs/category/'));
    const theirs = current.filter(({condition}) => sees(condition));
    const titles = listed(html, 'version-pages').map((item) => item.slice(0, item.indexOf(':')));
    expect(new RegExp(`>${theirs.length}(?:<!-- -->)? pages in this version<`).test(html)).toBe(true);
    for (const [title, audience] of [
      ['Partner rate limits', ['partners']],
      ['Team handbook', ['staff']],
      ['Beta tutorials', ['beta']],
      ['Product roadmap', ['partners', 'staff']],
    ] as const) {
      expect({title, listed: titles.includes(title)}).toEqual({title, listed: sees(audience)});
    }
    expect(listed(html, 'sidebar-links').includes('Team handbook')).toBe(sees(['staff']));
    // useDocById: one item per doc of the sidebar's top level the reader may open, none left empty.
    const descriptions = listed(html, 'sidebar-descriptions');
    expect(descriptions.filter((description) => description.trim() === '')).toEqual([]);
    expect(descriptions.includes('How the team plans, writes and reviews a tutorial before it is published.')).toBe(sees(['staff']));
    expect(listed(html, 'all-versions').some((path) => path.startsWith('/legacy/'))).toBe(sees(['legacy']));
    expect(listed(html, 'global-data').some((version) => version.startsWith('0.9 LTS'))).toBe(sees(['legacy']));
    // DocCardList over the sidebar: a card for each page the reader may open.
    expect(html.includes('title="Team handbook"')).toBe(sees(['staff']));
  });

  it("gets a doc's <DocCardList/> with the cards of the reader's own pages, marked when they are theirs alone", async () => {
    const html = await page('/docs/field-guides');
    const cards = [...html.matchAll(/<article class="?[^">]*docCardListItem[\s\S]*?<\/article>/g)].map(([card]) => card);
    const titled = (title: string) => cards.find((card) => card.includes(`title="${title}"`));
    expect(titled('Ordering supplies')).toBeDefined();
    const partners = titled('Partner onboarding checklist');
    expect(partners !== undefined).toBe(sees(['partners']));
    expect(cards).toHaveLength(sees(['partners']) ? 2 : 1);
    if (partners !== undefined) expect(partners).toMatch(/>Partners</);
  });

  it("gets a swizzled category page whose list of everything in it is the reader's own", async () => {
    const html = await page('/1.0/category/tutorial---extras');
    const items = listed(html, 'everything-in-this-category');
    expect(items.includes('Editor handbook for 1.0')).toBe(sees(['staff']));
    expect(html).toContain(`Everything in this category (<!-- -->${items.length}<!-- -->)`);
  });

  it('gets the page whose code samples look like markers whole: they are text', async () => {
    // As the reader reads it: the code blocks' highlighting takes out of the way.
    const text = textOf(await page('/docs/markers-as-text'));
    for (const sample of [
      '"__th_b7_staff__", {path: "/somewhere"}, "__th_e7__"',
      '"__thabc123def456_b1_staff__", "__thabc123def456_e1__"',
      '<template data-th-b="staff"></template><p>Still here for everyone.</p><template data-th-e=""></template>',
      '/*__th_b:staff*/1:"x"/*__th_e*/',
      '"__th_e9__"',
    ])
      expect({sample, found: text.includes(sample)}).toEqual({sample, found: true});
  });
});

describe.each(Object.keys(KINDS) as Kind[])('a reader %s, told which pages are theirs alone', (kind) => {
  const badges = (html: string) =>
    [...html.matchAll(/class="?badge badge--secondary [^"]*"? title="([^"]*)">([^<]*)</g)].map(([, , label]) => label!);

  it('sees the audiences of a page they may open, theirs only, on the page and beside its link in the sidebar', async () => {
    const reader = readers[kind];
    const mine = (audiences: readonly string[]) =>
      audiences.filter((name) => reader.view.has(name)).map((name) => audienceBadge(name, '').label);
    const roadmap = await gate.request('/docs/product-roadmap', {headers: as(reader, true)});
    const expected = mine(['partners', 'staff']);
    if (expected.length === 0) return expect(roadmap.status).toBe(404);
    const html = bodyOf(roadmap);
    // Above the content: the first badges of the page, before the sidebar's.
    const article = /<article[\s\S]*<\/article>/.exec(html)![0];
    expect(badges(article)).toEqual(expected);
    const sidebarLink = new RegExp(`<a[^>]*href="?/docs/product-roadmap"?[^>]*>Product roadmap[\\s\\S]*?</a>`).exec(html)![0];
    expect(badges(sidebarLink)).toEqual(expected);
  });
});

describe('a visitor who is not signed in, with public pages on', () => {
  it('reads the public page, marked as a visit, and is sent to sign in for any other page, whether it exists or not', async () => {
    const preview = await gate.request('/docs/public-preview', {headers: as(null, true)});
    expect(preview.status).toBe(200);
    expect(preview.body).toContain(`<html ${VISITOR_PAGE_ATTRIBUTE}`);
    // The search page is theirs too; the home page, which the docs plugin does not add, is for readers.
    expect((await gate.request('/search', {headers: as(null, true)})).status).toBe(200);
    for (const url of ['/', '/docs/chapter-1-introduction', '/docs/team-handbook', '/no-such-page']) {
      const response = await gate.request(url, {headers: as(null, true)});
      expect({url, status: response.status, location: response.headers.location}).toEqual({
        url,
        status: 302,
        location: `/login?redirect=${encodeURIComponent(url)}`,
      });
    }
  });

  it('gets no answer that names a page that is not public', async () => {
    const hidden = hiddenIdentifiers(pages, VISITOR_VIEW);
    const leaks: string[] = [];
    for (const {url, file} of files) {
      const body = bodyOf(await gate.request(url, {headers: as(null, file.endsWith('.html'))}));
      for (const {url: page, identifier} of hidden)
        if (identifier.pattern.test(body)) leaks.push(`${url}: ${identifier.kind} "${identifier.value}" of ${page}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('a visitor, with public pages off (the default)', () => {
  let closed: RunningGate;
  beforeAll(async () => {
    closed = await startGate({BUILD_DIR: FIXTURE_SITE_BUILD_ROOT, ALLOWED_EMAILS_FILE: readersFile});
  });
  afterAll(() => closed?.close());

  it('is sent to sign in even for the public page: a stray front matter line publishes nothing', async () => {
    const response = await closed.request('/docs/public-preview', {headers: as(null, true)});
    expect([response.status, response.headers.location]).toEqual([302, '/login?redirect=%2Fdocs%2Fpublic-preview']);
  });

  it('gets no file of the site, whichever it asks for: every page, script and index stays behind the sign-in', async () => {
    // The login page's own files (its logo, its icon) are everyone's: a path both builds have is the login build's here.
    const loginFiles = new Set(builtFiles(path.join(FIXTURE_SITE_BUILD_ROOT, LOGIN_DIR)).map(({url}) => url));
    const answered: string[] = [];
    for (const {url, file} of builtFiles(FIXTURE_SITE_BUILD).filter(({url}) => !loginFiles.has(url))) {
      const response = await closed.request(url, {headers: as(null, file.endsWith('.html'))});
      if (response.status < 300) answered.push(`${url}: ${response.status}`);
    }
    expect(answered).toEqual([]);
  });
});

describe('the readers file', () => {
  it('gives a reader a new audience on their next page load, and takes it away again, without a new sign-in', async () => {
    const reader = readers['in no audience'];
    const status = async () => (await gate.request('/docs/team-handbook', {headers: as(reader, true)})).status;
    expect(await status()).toBe(404);
    writeReaders(readerLines({'in no audience': ['staff']}));
    await vi.waitFor(async () => expect(await status()).toBe(200), {timeout: 5000, interval: 100});
    writeReaders(readerLines());
    await vi.waitFor(async () => expect(await status()).toBe(404), {timeout: 5000, interval: 100});
  });

  it('names the line of an audience the docs do not define, which gives nobody anything', () => {
    expect(gate.logs).toContainEqual(expect.objectContaining({level: 40, line: Object.keys(KINDS).length + 1, audience: 'stafff'}));
  });
});

describe("readers' own copies of the scripts every page loads", () => {
  it('come from addresses of their own, cached for good, and another reader’s copy is not there for a reader', async () => {
    const none = readers['in no audience'];
    const staff = readers['in staff'];
    const ofNone = mainScriptOf(bodyOf(await gate.request('/', {headers: as(none, true)})));
    const ofStaff = mainScriptOf(bodyOf(await gate.request('/', {headers: as(staff, true)})));
    expect(ofNone).not.toBe(ofStaff);
    const own = await gate.request(ofStaff, {headers: as(staff, false)});
    expect([own.status, own.headers['cache-control']]).toEqual([200, 'private, max-age=31536000, immutable']);
    const missing = await gate.request('/assets/js/0000dead.js', {headers: as(staff, false)});
    const others = await gate.request(ofNone, {headers: as(staff, false)});
    expect({status: others.status, body: others.body}).toEqual({status: 404, body: missing.body});
    // The same reader, the same copy: a second page load names the same address.
    expect(mainScriptOf(bodyOf(await gate.request('/docs/chapter-1-introduction', {headers: as(staff, true)})))).toBe(ofStaff);
  });
});

describe("a reader's own copy of a file every page loads", () => {
  it('is compressed quickly while they wait, then at the best quality, the same text under the same weak tag', async () => {
    const reader = readers['in partners and beta'];
    const home = await gate.request('/', {headers: as(reader, true)});
    const mainJs = mainScriptOf(home.body);
    const get = () => gate.request(mainJs, {headers: as(reader, false, {'accept-encoding': 'br'})});
    const quick = await get();
    expect(quick.headers['content-encoding']).toBe('br');
    expect(quick.headers.etag).toMatch(/^W\/"/);
    let best = quick;
    await vi.waitFor(
      async () => {
        best = await get();
        expect(best.bytes.length).toBeLessThan(quick.bytes.length);
      },
      {timeout: 10_000, interval: 100},
    );
    expect(bodyOf(best)).toBe(bodyOf(quick));
    expect(best.headers.etag).toBe(quick.headers.etag);
  });
});
