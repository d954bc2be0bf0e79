/**
 * What names each page of a built site with audiences, drawn from the build itself: its path and last
 * segment, its title, description, headings and source file, with who may read it. A reader's answers
 * must name no page they may not read (tests/integration/audiences.test.ts).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {conditionOfKey, isVisible, READERS, type Condition, type View} from '../../contracts/audiences';
import {listBuildFiles, SITE_DIR} from '../../contracts/buildLayout';
import {buildFileFor} from '../../server/rules/requestPath';
import type {SiteConditions} from '../../plugins/audiences/siteConditions';
import {siteVersions} from '../../contracts/siteVersions';
import {SEARCH_PLUGIN_NAME, type SearchSection} from '../../contracts/searchSections';
import {asPath, asSegment, asText, type PrivateIdentifier} from './privateIdentifiers';
import {headingsOf, textOf} from '../../plugins/audiences/identities';

export interface SitePage {
  url: string;
  /** The page's HTML file in the build. */
  file: string;
  condition: Condition;
  identifiers: PrivateIdentifier[];
}

/** A site copy's pages, from its build and the generated files of its build. */
export function sitePages(siteDir: string, buildRoot: string): SitePage[] {
  const generated = path.join(siteDir, '.docusaurus');
  const conditions = JSON.parse(readFileSync(path.join(generated, 'audiences', 'conditions.json'), 'utf8')) as SiteConditions;
  const docsData = path.join(generated, 'docusaurus-plugin-content-docs', 'default');
  const sources = new Map(
    readdirSync(docsData)
      .filter((file) => file.endsWith('.json') && file.startsWith('site-'))
      .map(
        (file) => JSON.parse(readFileSync(path.join(docsData, file), 'utf8')) as {permalink: string; source: string; description: string},
      )
      .map((doc) => [doc.permalink, doc]),
  );
  const files = new Set(listBuildFiles(path.join(buildRoot, SITE_DIR)));
  return Object.entries(conditions.pages).map(([url, key]) => {
    const file = buildFileFor(decodeURI(url), files)!;
    const html = readFileSync(path.join(buildRoot, SITE_DIR, file), 'utf8');
    const identifiers: PrivateIdentifier[] = [];
    const add = (kind: PrivateIdentifier['kind'], value: string | undefined, pattern: (value: string) => RegExp) => {
      if (value && value.length > 2) identifiers.push({kind, value, pattern: pattern(value)});
    };
    add('path', decodeURI(url), asPath);
    add('last segment', decodeURI(url).split('/').pop(), asSegment);
    add('title', textOf(/<title[^>]*>([^<]*?)(?: \| Tutorial Hub)?<\/title>/.exec(html)?.[1] ?? ''), asText);
    add('description', sources.get(url)?.description, asText);
    add(
      'source path',
      sources.get(url)?.source.replace(/^@site\//, ''),
      (value) => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    // A heading of one word ("Table", "Versions") is a word code uses too: it names no page.
    for (const words of headingsOf(html)) if (words.includes(' ')) add('heading', words, asText);
    return {url, file, condition: conditionOfKey(key), identifiers};
  });
}

/** A version some readers may not see, named as the version menu names it. */
export function versionPages(siteDir: string): SitePage[] {
  const conditions = JSON.parse(readFileSync(path.join(siteDir, '.docusaurus', 'audiences', 'conditions.json'), 'utf8')) as SiteConditions;
  return siteVersions(siteDir).map(({name, label, route}) => ({
    url: `/${route}`,
    file: '',
    condition: conditionOfKey(conditions.versions[name] ?? READERS),
    identifiers: [{kind: 'version label', value: label, pattern: new RegExp(`${asText(label).source}|${asSegment(label).source}`, 'm')}],
  }));
}

/** A site copy's search sections as its build gave them to the browser, each with the key of who may see it. */
export function builtSearchSections(siteDir: string): (SearchSection & {__audience: string})[] {
  const globalData = JSON.parse(readFileSync(path.join(siteDir, '.docusaurus', 'globalData.json'), 'utf8')) as {
    [SEARCH_PLUGIN_NAME]: {default: {sections: (SearchSection & {__audience: string})[]}};
  };
  return globalData[SEARCH_PLUGIN_NAME].default.sections;
}

/**
 * The search sections some readers may not see (a restricted folder's, or a category of a restricted
 * version's sidebar), named as the box's footer and the search page's menu name them, and by their path.
 */
export function searchSectionPages(siteDir: string): SitePage[] {
  return builtSearchSections(siteDir)
    .filter((section) => section.__audience !== READERS)
    .map((section) => ({
      url: `/${section.path}`,
      file: '',
      condition: conditionOfKey(section.__audience),
      identifiers: [
        {kind: 'section label', value: section.label, pattern: asText(section.label)},
        {kind: 'search context', value: section.path, pattern: asPath(section.path)},
      ],
    }));
}

/**
 * What names the pages (and versions) a view may not read, leaving out any name a page it may read
 * shares (two pages may both have a section called "Next steps": that one names neither), and the paths
 * above a page it may read, which that page's own address names (`/docs/public-preview` names `/docs`).
 */
export function hiddenIdentifiers(pages: readonly SitePage[], view: View): {url: string; identifier: PrivateIdentifier}[] {
  const visible = pages.filter((page) => isVisible(page.condition, view));
  const above = visible.flatMap(({url}) =>
    url
      .split('/')
      .slice(1, -1)
      .flatMap((segment, depth, segments) => [segment, `/${segments.slice(0, depth + 1).join('/')}`]),
  );
  const shared = new Set([...above, ...visible.flatMap((page) => page.identifiers.map((identifier) => identifier.value))]);
  return pages
    .filter((page) => !isVisible(page.condition, view))
    .flatMap((page) =>
      page.identifiers.filter((identifier) => !shared.has(identifier.value)).map((identifier) => ({url: page.url, identifier})),
    );
}

/** The pages of some condition other than every reader's. */
export const restrictedPages = (pages: readonly SitePage[]) => pages.filter((page) => page.condition !== READERS);
