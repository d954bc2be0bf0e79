/**
 * Search from every section of every version of a site: the cases, read from its docs folders the
 * way the config finds sections (plugins/search/sections.ts), and the checks a reader would make.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {expect, type Page, type Response} from '@playwright/test';
import {sectionsIn} from '../../plugins/search/sections';
import {MANIFEST_FILE, PARTS_DIR} from '../../contracts/searchIndexFiles';
import {SearchBox} from '../e2e/searchBox';
import {CURRENT_VERSION, siteVersions, type SiteVersion} from '../../contracts/siteVersions';
import {versionManifestFile} from '../../testkit/builtSearchIndex';
import {isFolderIndex, titleFromContent} from '../../plugins/markdown/pageTitle';
import {readFolderAudiences, readSiteAudiences} from '../../plugins/audiences/declarations';
import {folderKey} from '../../plugins/audiences/plan';

export interface SectionSearchCase {
  /** `2.0, Tutorial - Basics`, or `1.0, outside every section`. */
  name: string;
  /** A doc of the section (or outside every section) to search from. */
  page: string;
  /** Its title: the first suggestion for a search of its words. */
  title: string;
  query: string;
  /** The manifest of the version searched, from a section or not: the box and the search page load it, then its parts. */
  manifest: string;
  /** The section's path, as the search page's `ctx` takes it; '' outside sections. */
  section: string;
  /** The section's label in the suggestions' footer and the search page's menu. */
  sectionLabel?: string;
  /** The version's folder, as the search page's `version` takes it (`1.0/`); '' for the newest, which it names by its label. */
  versionParam: string;
  versionLabel: string;
  /**
   * The version's sections, for the search page's menu of them: whether one is for every reader, and
   * whether one is for some readers only (the menu shows to a reader who has a section to choose).
   */
  sections: {open: boolean; restricted: boolean};
}

/**
 * A doc straight in `dir` whose URL follows its file name, for every reader (no audience), with its title
 * (as the site gives it: plugins/markdown/pageTitle.ts) and that title's words.
 */
function plainDocIn(dir: string): {file: string; title: string; query: string} | undefined {
  for (const file of readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('_'))
    .sort()) {
    const {data, content} = matter(readFileSync(path.join(dir, file), 'utf8'));
    const name = file.replace(/\.mdx?$/, '');
    const docFile = {name, folder: path.basename(dir)};
    const title = typeof data.title === 'string' ? data.title : (titleFromContent(content, docFile) ?? name);
    const plain = data.slug === undefined && data.id === undefined && data.unlisted !== true && data.audience === undefined;
    if (plain && !/^\d/.test(file) && !isFolderIndex(docFile)) {
      // Punctuation is part of a search token ("Congratulations!"), not of the indexed words.
      return {
        file: name,
        title,
        query: title
          .replace(/[^\w\s]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      };
    }
  }
  return undefined;
}

/** The site's versions every reader may open: a version given to an audience (audiences.json) is left to the tests of audiences. */
function everyReadersVersions(siteDir: string): SiteVersion[] {
  const restricted = readSiteAudiences(siteDir).versions;
  return siteVersions(siteDir).filter(({name}) => !restricted.has(name));
}

/**
 * A case for each section (and outside them) of each version, that every reader may search: sections of
 * a folder or a version with an audience, and pages with one, are left to the tests of audiences.
 */
export function sectionSearchCases(siteDir: string): SectionSearchCase[] {
  const folders = readFolderAudiences(siteDir, siteVersions(siteDir));
  return everyReadersVersions(siteDir).flatMap((version) => {
    const docsDir = path.join(siteDir, version.docsDir);
    const prefix = version.route === '' ? '' : `/${version.route}`;
    // The search page names the newest version by its label, wherever it is served, and another by its folder.
    const versionParam = version.name === CURRENT_VERSION ? '' : `${version.route}/`;
    const manifest = `/${versionManifestFile(version)}`;
    // A version's root may hold only its landing page, and a section only pages of its own folders.
    const outside = plainDocIn(docsDir);
    const restrictedFolder = ({folder}: {folder: string}) => folders.has(folderKey(version.name, folder));
    const sections = {open: !sectionsIn(docsDir).every(restrictedFolder), restricted: sectionsIn(docsDir).some(restrictedFolder)};
    return [
      ...(outside
        ? [
            {
              name: `${version.label}, outside every section`,
              page: `${prefix}/${outside.file}`,
              title: outside.title,
              query: outside.query,
              manifest,
              section: '',
              versionParam,
              versionLabel: version.label,
              sections,
            },
          ]
        : []),
      ...sectionsIn(docsDir).flatMap(({folder, label}) => {
        if (folders.has(folderKey(version.name, folder))) return [];
        const doc = plainDocIn(path.join(docsDir, folder));
        if (!doc) return [];
        const section = version.route === '' ? folder : `${version.route}/${folder}`;
        return [
          {
            name: `${version.label}, ${label}`,
            page: `${prefix}/${folder}/${doc.file}`,
            title: doc.title,
            query: doc.query,
            manifest,
            section,
            sectionLabel: `${label} (${version.label})`,
            versionParam,
            versionLabel: version.label,
            sections,
          },
        ];
      }),
    ];
  });
}

/** Whether a response is the search index's: a version's manifest or a part. */
function isIndexResponse(response: Response): boolean {
  const {pathname} = new URL(response.url());
  return pathname.endsWith(`/${MANIFEST_FILE}`) || pathname.startsWith(`/${PARTS_DIR}/`);
}

/**
 * From the case's page: the navbar box loads its version's manifest (and no other) and parts of it,
 * finds the page by its title, and offers the search page of the whole version and, in a section, of
 * that section; the search page of the section finds the page too.
 */
export async function checkSearchFrom(page: Page, origin: string, searched: SectionSearchCase): Promise<void> {
  const searchBox = new SearchBox(page);
  // Nothing of a page opened before (its search worker still loading) may count as this page's.
  await page.goto('about:blank');
  const manifests: string[] = [];
  const parts: string[] = [];
  const recordIndex = (response: Response) => {
    if (!isIndexResponse(response)) return;
    const {pathname} = new URL(response.url());
    (pathname.startsWith(`/${PARTS_DIR}/`) ? parts : manifests).push(`${response.status()} ${pathname}`);
  };
  page.context().on('response', recordIndex);
  await page.goto(`${origin}${searched.page}`);
  // The page's own H1 comes first (an HTML banner may add another).
  await expect(page.getByRole('heading', {level: 1}).first()).toHaveText(searched.title);
  const popup = await searchBox.search(searched.query);
  await expect(popup.getByRole('option').first()).toContainText(searched.title);
  page.context().off('response', recordIndex);
  expect(manifests).toEqual([`200 ${searched.manifest}`]);
  expect(parts.length).toBeGreaterThan(0);
  expect(parts.filter((part) => !part.startsWith('200 '))).toEqual([]);

  // Every link names its version (the newest by its label): the page would otherwise search the reader's chosen one.
  const version = searched.versionParam || searched.versionLabel;
  const wholeVersion = new URLSearchParams({q: searched.query, version});
  const seeAll = popup.getByRole('link', {name: 'See all results', exact: true});
  await expect(seeAll).toHaveAttribute('href', `/search?${wholeVersion.toString()}`);
  const withinSection = popup.getByRole('link', {name: /^See all results within/});
  if (!searched.section) {
    await expect(withinSection).toHaveCount(0);
    await seeAll.click();
  } else {
    await expect(withinSection).toHaveText(`See all results within "${searched.sectionLabel}"`);
    const section = new URLSearchParams({q: searched.query, ctx: searched.section, version});
    await expect(withinSection).toHaveAttribute('href', `/search?${section.toString()}`);
    await withinSection.click();
  }

  // The search page searches what the link names (the navbar box there follows the reader's chosen version).
  await expect(page.getByRole('heading', {level: 1, name: `Search results for "${searched.query}"`, exact: true})).toBeVisible();
  // The menu of sections: for a reader who has one to choose (tests/integration/specification-search-menu.test.ts).
  const menu = page.getByRole('combobox', {name: 'Search in'});
  if (searched.section || searched.sections.open) await expect(menu).toHaveValue(searched.section);
  else if (!searched.sections.restricted) await expect(menu).toHaveCount(0);
  await expect(page.getByRole('article').getByRole('link', {name: searched.title, exact: true}).first()).toBeVisible();
}
