/**
 * Search from every section of every version, as the build holds it: for each case of
 * tests/support/searchSections.ts, on the fixture site (tests/support/fixtureSite.ts: sections of the same
 * names in two versions) and on the site's own docs, what the navbar box and the search page do with the
 * built files, through the functions they use and the search engine the worker runs; and the section a flat
 * version takes from its sidebars file (the fixture site's 0.9). The browser tests of
 * the same cases (tests/e2e/authoring/search-sections.spec.ts, tests/e2e/site/search-sections.spec.ts) take
 * one case of each kind, for the wiring: the box, its worker, the gate, the links followed.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listBuildFiles, SITE_DIR} from '../../contracts/buildLayout';
import {isSearchIndex, MANIFEST_FILE, PARTS_DIR} from '../../contracts/searchIndexFiles';
import {CURRENT_VERSION, siteVersions} from '../../contracts/siteVersions';
import {searchSectionsFor} from '../../plugins/search/sections';
import {MAX_SUGGESTIONS, MORE_SECTIONS} from '../../src/search/boxReducer';
import {plainText} from '../../src/search/components/Marked';
import {footerLinks} from '../../src/search/searchLinks';
import {parseSearchPageAddress, searchPageScope} from '../../src/search/searchPageAddress';
import {searchScopeForPage, versionParamOf, type ScopeVersion} from '../../src/search/searchScope';
import {builtSearchEngine, readBuiltSearchIndexes, versionManifestFile} from '../../testkit/builtSearchIndex';
import {REPO} from '../../testkit/siteCopy';
import {h1sOf} from '../support/builtSite';
import {sectionSearchCases, type SectionSearchCase} from '../support/searchSections';
import {copyBuild} from '../support/siteCopies';
import {FIXTURE_SITE, SECTION_WORDS, SECTIONS, VERSIONS_WITH_SECTIONS} from '../support/fixtureSite';
import {builtSearchSections} from '../support/audienceSite';

/** A built site as its pages' search sees it: the versions and sections Docusaurus and the search plugin give the browser. */
function builtSite(site: string) {
  const versions: ScopeVersion[] = siteVersions(site).map(({name, label, route}) => ({
    name,
    label,
    path: `/${route}`,
    isLast: name === CURRENT_VERSION,
  }));
  return {build: copyBuild(site, SITE_DIR), baseUrl: '/', versions, sections: searchSectionsFor(site, siteVersions(site))};
}
type BuiltSite = ReturnType<typeof builtSite>;

/**
 * What checkSearchFrom (tests/support/searchSections.ts) sees a reader get, here from the build: the page
 * with its title; the box's version (its manifest and parts, and no other) and section; the page first
 * among its answers; its links to the search page; and that page's search, which finds the page.
 */
async function searchFromBuild(site: BuiltSite, searched: SectionSearchCase): Promise<void> {
  const html = readFileSync(path.join(site.build, `${decodeURIComponent(searched.page)}.html`), 'utf8');
  expect(h1sOf(html)[0]).toBe(searched.title);

  const scope = searchScopeForPage({...site, pathname: searched.page, onDocPage: true});
  const sectionLabel = site.sections.find((section) => section.path === scope.section)?.label;
  expect({manifest: `${scope.versionUrl}${MANIFEST_FILE}`, section: scope.section, sectionLabel}).toEqual({
    manifest: searched.manifest,
    section: searched.section,
    sectionLabel: searched.sectionLabel,
  });
  // The version's index holds the page in the section the box is in.
  const route = searched.versionParam.replace(/\/$/, '');
  const held = readBuiltSearchIndexes(site.build, route).flatMap(({manifest, pageUrls}) =>
    pageUrls.flatMap((url, page) => (url === searched.page ? [manifest.sections[manifest.pages.section[page]!] ?? ''] : [])),
  );
  expect(held).toEqual([searched.section]);

  const box = builtSearchEngine(site.build, searched.manifest);
  const answer = await box.index.search({
    query: searched.query,
    limit: MAX_SUGGESTIONS,
    section: scope.section || undefined,
    more: MORE_SECTIONS,
  });
  const [first] = answer.suggestions;
  expect({url: first?.url.split('#')[0], title: first && plainText(first.title)}).toEqual({url: searched.page, title: searched.title});
  expect(box.fetched[0]).toBe(searched.manifest);
  expect(box.fetched.slice(1).filter((url) => !url.startsWith(`/${PARTS_DIR}/`))).toEqual([]);

  // Every link names its version (the newest by its label): the page would otherwise search the reader's chosen one.
  const version = searched.versionParam || searched.versionLabel;
  const links = footerLinks('/', {
    query: searched.query,
    version: versionParamOf('/', scope),
    readerSection: sectionLabel ? {path: scope.section, label: sectionLabel} : undefined,
    answered: {shown: answer.suggestions.length, inSection: answer.suggestions.filter((suggestion) => suggestion.inSection).length},
  });
  expect(links.map(({label, href}) => [label, href])).toEqual([
    ['See all results', `/search?${new URLSearchParams({q: searched.query, version}).toString()}`],
    ...(searched.section
      ? [
          [
            `See all results within "${searched.sectionLabel}"`,
            `/search?${new URLSearchParams({q: searched.query, ctx: searched.section, version}).toString()}`,
          ],
        ]
      : []),
  ]);

  // The search page of the last link (the section's, in one) searches what it names, offers the section in its menu and finds the page.
  const address = parseSearchPageAddress(new URL(links.at(-1)!.href, 'http://site.invalid').search);
  const pageScope = searchPageScope(address, {...site, preferredVersionName: null});
  expect({manifest: `${pageScope.versionUrl}${MANIFEST_FILE}`, section: pageScope.section, notice: pageScope.notice}).toEqual({
    manifest: searched.manifest,
    section: searched.section,
    notice: null,
  });
  if (searched.section) expect(pageScope.sections.map((section) => section.path)).toContain(searched.section);
  const found = await builtSearchEngine(site.build, searched.manifest).index.search({
    query: address.query,
    limit: MAX_SUGGESTIONS,
    within: pageScope.section || undefined,
  });
  expect(found.suggestions.map((suggestion) => [suggestion.url.split('#')[0], plainText(suggestion.title)])).toContainEqual([
    searched.page,
    searched.title,
  ]);
}

describe.each([
  ['the fixture site', FIXTURE_SITE],
  ["the site's own docs", REPO],
])('on %s, a page of every section of every version, and outside them,', (_name, siteDir) => {
  const site = builtSite(siteDir);
  it.each(sectionSearchCases(siteDir).map((searched) => [searched.name, searched] as const))(
    '%s: the box searches its version and finds the page first; its link leads to a search page that finds it',
    (_case, searched) => searchFromBuild(site, searched),
  );
});

describe('the sections of the same names in two versions of the fixture site', () => {
  const site = builtSite(FIXTURE_SITE);
  const cases = sectionSearchCases(FIXTURE_SITE);
  const added = new RegExp(SECTIONS.map(({folder}) => folder).join('|'));

  it("have no index of their own: each is part of its version's", () => {
    expect(cases.filter((searched) => added.test(searched.section)).map((searched) => [searched.section, searched.manifest])).toEqual([
      // 3.0, the newest, is served at /docs: its index is at the root all the same.
      ['docs/field-notes', `/${MANIFEST_FILE}`],
      ['docs/workshop', `/${MANIFEST_FILE}`],
      ['1.0/field-notes', `/1.0/${MANIFEST_FILE}`],
      ['1.0/workshop', `/1.0/${MANIFEST_FILE}`],
    ]);
    expect(
      listBuildFiles(site.build).filter(
        (file) => isSearchIndex(file) && !file.startsWith(`${PARTS_DIR}/`) && !file.endsWith(MANIFEST_FILE),
      ),
    ).toEqual([]);
  });

  /** The team's page that names every page of every version by its title, the section docs' words with them: not a copy of a doc. */
  const LISTS_EVERY_PAGE = '/docs/pages-of-this-site';
  /** A version's manifest, by its label. */
  const manifestOf = (label: string) => {
    const version = siteVersions(FIXTURE_SITE).find((candidate) => candidate.label === label)!;
    return {prefix: version.route === '' ? '' : `/${version.route}`, manifest: `/${versionManifestFile(version)}`};
  };
  /** Each section's two docs, each with the one word found nowhere else (fixtureSite.ts hands the words out in this order). */
  const docs = VERSIONS_WITH_SECTIONS.flatMap((label, inVersion) =>
    SECTIONS.flatMap(({folder, label: sectionLabel}, inSections) =>
      [0, 1].map((doc) => {
        const word = SECTION_WORDS[(inVersion * SECTIONS.length + inSections) * 2 + doc]!;
        return {label, word, page: `${manifestOf(label).prefix}/${folder}/${word}`, title: `${sectionLabel} ${word}`};
      }),
    ),
  );

  it.each(docs.map((doc) => [doc.word, doc.label, doc] as const))(
    "%s, of %s, is found in its own version's index only, where it finds its page",
    async (_word, _label, {label, word, page, title}) => {
      const answers = await Promise.all(
        VERSIONS_WITH_SECTIONS.map(async (version) => {
          const {suggestions, total} = await builtSearchEngine(site.build, manifestOf(version).manifest).index.search({
            query: word,
            limit: MAX_SUGGESTIONS,
          });
          const pages = suggestions
            .map((suggestion) => [suggestion.url.split('#')[0], plainText(suggestion.title)])
            .filter(([url]) => url !== LISTS_EVERY_PAGE);
          return {version, total: total - (suggestions.length - pages.length), pages};
        }),
      );
      expect(answers).toEqual(
        VERSIONS_WITH_SECTIONS.map((version) =>
          version === label ? {version, total: 1, pages: [[page, title]]} : {version, total: 0, pages: []},
        ),
      );
    },
  );

  it.each([
    ['/1.0/field-notes/quoll', 'Field Notes', 'Workshop'],
    ['/1.0/workshop/dugong', 'Workshop', 'Field Notes'],
  ])("from %s, the reader's section comes first among answers alike: %s, then %s", async (from, first, then) => {
    const scope = searchScopeForPage({...site, pathname: from, onDocPage: true});
    // Every section doc of 1.0 says "lesson" the same way: only the reader's section tells them apart.
    const {suggestions} = await builtSearchEngine(site.build, `${scope.versionUrl}${MANIFEST_FILE}`).index.search({
      query: 'lesson',
      limit: MAX_SUGGESTIONS,
      section: scope.section,
    });
    const sections = suggestions
      .map((suggestion) => SECTIONS.find(({label}) => plainText(suggestion.title).startsWith(`${label} `))?.label)
      .filter((label) => label !== undefined);
    expect(sections).toEqual([first, first, then, then]);
  });
});

describe("a version whose docs folder is flat (the fixture site's 0.9, at /legacy, for legacy readers)", () => {
  const build = copyBuild(FIXTURE_SITE, SITE_DIR);
  const sections = builtSearchSections(FIXTURE_SITE).filter((section) => section.path.startsWith('legacy/'));

  it('has the top-level category of its own sidebars file as its search section, holding the pages it lists', () => {
    expect(sections.map(({label, path: name, pages}) => ({label, path: name, pages}))).toEqual([
      {
        label: 'Staying on the legacy edition (0.9 LTS)',
        path: 'legacy/staying-on-the-legacy-edition',
        pages: ['legacy/keeping-a-site-running', 'legacy/moving-to-one-point-oh'],
      },
    ]);
    const held = readBuiltSearchIndexes(build, 'legacy').flatMap(({manifest, pageUrls}) =>
      pageUrls.map((url, page) => [url, manifest.sections[manifest.pages.section[page]!] ?? ''] as const),
    );
    expect(Object.fromEntries(held)).toEqual({
      '/legacy/intro': '',
      '/legacy/keeping-a-site-running': 'legacy/staying-on-the-legacy-edition',
      '/legacy/moving-to-one-point-oh': 'legacy/staying-on-the-legacy-edition',
    });
  });

  it('keeps a search within the section to its pages, and puts them first from a page of it', async () => {
    const [section] = sections;
    const pagesOf = (answer: {suggestions: readonly {url: string}[]}) => [...new Set(answer.suggestions.map(({url}) => url.split('#')[0]))];
    const engine = builtSearchEngine(build, `/legacy/${MANIFEST_FILE}`);
    const whole = await engine.index.search({query: 'site', limit: MAX_SUGGESTIONS});
    expect(pagesOf(whole)).toContain('/legacy/intro');
    const within = await engine.index.search({query: 'site', limit: MAX_SUGGESTIONS, within: section!.path});
    expect(pagesOf(within).sort()).toEqual(['/legacy/keeping-a-site-running', '/legacy/moving-to-one-point-oh']);
    const scope = searchScopeForPage({
      baseUrl: '/',
      versions: siteVersions(FIXTURE_SITE).map(({name, label, route}) => ({
        name,
        label,
        path: `/${route}`,
        isLast: name === CURRENT_VERSION,
      })),
      sections,
      pathname: '/legacy/keeping-a-site-running',
      onDocPage: true,
    });
    expect(scope.section).toBe(section!.path);
    const fromSection = await engine.index.search({query: 'site', limit: MAX_SUGGESTIONS, section: scope.section, more: MORE_SECTIONS});
    const inSection = fromSection.suggestions.map((suggestion) => suggestion.inSection);
    expect(inSection.slice(0, 2)).toEqual([true, true]);
    expect(inSection).toContain(false);
  });
});
