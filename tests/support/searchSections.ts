/**
 * Search from every section of every version of a site: the cases, read from its docs folders the
 * way the config finds sections (plugins/search/sections.ts), and the checks a reader would make.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {expect, type Page, type Response} from '@playwright/test';
import {sectionsIn} from '../../plugins/search/sections';
import {navbarIndexUrls, searchIndexUrl} from '../../src/search/searchScope';
import {searchFromNavbar} from './search';

export interface SectionSearchCase {
  /** `2.0, Tutorial - Basics`, or `1.0, outside every section`. */
  name: string;
  /** A doc of the section (or outside every section) to search from. */
  page: string;
  /** Its title: the first suggestion for a search of its words. */
  title: string;
  query: string;
  /** The index searched (paths only: the plugin adds a hash query); the search page loads it. */
  index: string;
  /** The indexes the navbar box of that page loads, in order: outside sections, the outline first. */
  navbarIndexes: string[];
  /** The section's search context, as the search page's `ctx` takes it; '' outside sections. */
  context: string;
  /** The section's label in the suggestions' footer and the search page's menu. */
  contextLabel?: string;
  /** The version's `version` parameter on the search page (`1.0/`), '' for the one at the root. */
  versionParam: string;
}

export interface SiteVersion {
  docsDir: string;
  /** '' for the version at the root, else its name (`1.0`). */
  route: string;
  label: string;
}

/** The site's versions, newest first, as docusaurus.config.ts lists them. */
export function siteVersions(siteDir: string): SiteVersion[] {
  const frozen = JSON.parse(readFileSync(path.join(siteDir, 'versions.json'), 'utf8')) as string[];
  const current = JSON.parse(readFileSync(path.join(siteDir, 'current-version.json'), 'utf8')) as {label: string};
  return [
    {docsDir: 'docs', route: '', label: current.label},
    ...frozen.map((name) => ({docsDir: `versioned_docs/version-${name}`, route: name, label: name})),
  ];
}

/** A doc straight in `dir` whose URL follows its file name, with its title and that title's words. */
function plainDocIn(dir: string): {file: string; title: string; query: string} {
  for (const file of readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('_'))
    .sort()) {
    const {data} = matter(readFileSync(path.join(dir, file), 'utf8'));
    if (typeof data.title === 'string' && data.slug === undefined && data.unlisted !== true && !/^\d/.test(file)) {
      // Punctuation is part of a search token ("Congratulations!"), not of the indexed words.
      return {
        file: file.replace(/\.mdx?$/, ''),
        title: data.title,
        query: data.title
          .replace(/[^\w\s]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      };
    }
  }
  throw new Error(`no doc in ${dir} that search can be checked from`);
}

export function sectionSearchCases(siteDir: string): SectionSearchCase[] {
  return siteVersions(siteDir).flatMap((version) => {
    const docsDir = path.join(siteDir, version.docsDir);
    const prefix = version.route === '' ? '' : `/${version.route}`;
    const versionParam = version.route === '' ? '' : `${version.route}/`;
    const outside = plainDocIn(docsDir);
    return [
      {
        name: `${version.label}, outside every section`,
        page: `${prefix}/${outside.file}`,
        title: outside.title,
        query: outside.query,
        index: searchIndexUrl({versionUrl: `${prefix}/`, context: ''}),
        navbarIndexes: navbarIndexUrls({versionUrl: `${prefix}/`, context: ''}),
        context: '',
        versionParam,
      },
      ...sectionsIn(docsDir).map(({folder, label}) => {
        const doc = plainDocIn(path.join(docsDir, folder));
        const context = version.route === '' ? folder : `${version.route}/${folder}`;
        return {
          name: `${version.label}, ${label}`,
          page: `${prefix}/${folder}/${doc.file}`,
          title: doc.title,
          query: doc.query,
          index: searchIndexUrl({versionUrl: `${prefix}/`, context}),
          navbarIndexes: navbarIndexUrls({versionUrl: `${prefix}/`, context}),
          context,
          contextLabel: `${label} (${version.label})`,
          versionParam,
        };
      }),
    ];
  });
}

/**
 * From the case's page: the navbar box loads the section's index, finds the page by its title,
 * and its footer leads to the search page of that section, which finds it too.
 */
export async function checkSearchFrom(page: Page, origin: string, searched: SectionSearchCase): Promise<void> {
  // Nothing of a page opened before (its search worker still loading) may count as this page's.
  await page.goto('about:blank');
  const indexes: string[] = [];
  const recordIndex = (response: Response) => {
    if (/search-index/.test(response.url())) indexes.push(`${response.status()} ${new URL(response.url()).pathname}`);
  };
  page.on('response', recordIndex);
  await page.goto(`${origin}${searched.page}`);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(searched.title);
  const suggestions = await searchFromNavbar(page, searched.query);
  await expect(suggestions.getByRole('option').first()).toContainText(searched.title);
  // Outside sections the whole index follows the outline's first answer.
  await expect.poll(() => indexes).toEqual(searched.navbarIndexes.map((index) => `200 ${index}`));
  page.off('response', recordIndex);

  const seeAll = suggestions.getByRole('option', {name: /^See all results/});
  await expect(seeAll).toHaveText(searched.contextLabel ? `See all results within "${searched.contextLabel}"` : 'See all results');
  const expected = new URLSearchParams({q: searched.query});
  if (searched.context) expected.set('ctx', searched.context);
  if (searched.versionParam) expected.set('version', searched.versionParam);
  await expect(seeAll).toHaveAttribute('href', `/search?${expected.toString()}`);

  // The search page searches what the link names (the navbar box there follows the reader's preferred version).
  await seeAll.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${searched.query}"`);
  await expect(page.getByRole('combobox', {name: 'Search in'})).toHaveValue(searched.context);
  await expect(page.getByRole('article').getByRole('link', {name: searched.title, exact: true}).first()).toBeVisible();
}
