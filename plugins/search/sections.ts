/**
 * The search sections, one per top-level section (folder) of each docs version, found on disk when
 * the config loads, so that authors never keep a list in step by hand; a version whose docs folder is
 * flat gets the top-level categories of its sidebars instead, once the docs are loaded.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {belowBase, type SearchSection} from '../../contracts/searchSections';
import type {SiteVersion} from '../../contracts/siteVersions';
import {navigationItems, type SidebarItem} from '../audiences/sidebarRules';

export interface Section {
  folder: string;
  /** The sidebar label: `_category_.json`'s, or the folder's name. */
  label: string;
}

/** Pure: the search sections of one version's folders. */
export function searchSectionsOf(version: Pick<SiteVersion, 'route' | 'label'>, sections: readonly Section[]): SearchSection[] {
  return sections.map(({folder, label}) => ({
    label: `${label} (${version.label})`,
    path: version.route === '' ? folder : `${version.route}/${folder}`,
  }));
}

function labelOf(sectionDir: string, folder: string): string {
  const category = path.join(sectionDir, '_category_.json');
  if (!existsSync(category)) return folder;
  const label = (JSON.parse(readFileSync(category, 'utf8')) as {label?: unknown}).label;
  return typeof label === 'string' && label !== '' ? label : folder;
}

const DOC_FILE = /\.mdx?$/;

function holdsDocs(dir: string): boolean {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'}).some((file) => DOC_FILE.test(file));
}

/** Top-level folders with docs in them, as Docusaurus turns them into sidebar categories. */
export function sectionsIn(docsDir: string): Section[] {
  return readdirSync(docsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((folder) => holdsDocs(path.join(docsDir, folder)))
    .sort()
    .map((folder) => ({folder, label: labelOf(path.join(docsDir, folder), folder)}));
}

/**
 * Each version's folder sections, its docs folder read once: the sections, and the versions (names) whose
 * folder has none, whose sections come from their sidebars once the docs are loaded.
 */
export function folderSections(
  siteDir: string,
  versions: readonly Pick<SiteVersion, 'name' | 'docsDir' | 'route' | 'label'>[],
): {sections: SearchSection[]; flatVersions: string[]} {
  const found = versions.map((version) => ({version, sections: sectionsIn(path.join(siteDir, version.docsDir))}));
  return {
    sections: found.flatMap(({version, sections}) => searchSectionsOf(version, sections)),
    flatVersions: found.filter(({sections}) => sections.length === 0).map(({version}) => version.name),
  };
}

export function searchSectionsFor(
  siteDir: string,
  versions: readonly Pick<SiteVersion, 'name' | 'docsDir' | 'route' | 'label'>[],
): SearchSection[] {
  return folderSections(siteDir, versions).sections;
}

/** A docs version as the docs plugin loads it (the parts read here). */
export interface LoadedVersionSidebars {
  /** Its route, base URL included: `/`, `/30.0`. */
  path: string;
  label: string;
  sidebars: Readonly<Record<string, readonly SidebarItem[]>>;
  docs: readonly {id: string; permalink: string}[];
}

/** A category section's name below its version's route, from the category's label (`Framework Guides` → `framework-guides`). */
export function sectionSlug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** The top-level categories of a sidebar; of a sidebar that is one category (a version's landing), the categories inside. */
function topCategories(items: readonly SidebarItem[]): Extract<SidebarItem, {type: 'category'}>[] {
  const categories = items.filter((item): item is Extract<SidebarItem, {type: 'category'}> => item.type === 'category');
  return items.length === 1 && categories.length === 1 ? topCategories(categories[0]!.items) : categories;
}

/**
 * Pure: the sections of a version whose docs folder is flat (no folder to make a section of): the
 * top-level categories of its sidebars, as the team's sidebars file groups its pages, each holding
 * the pages it lists. Its path names it below the version's route, from its label.
 */
export function categorySections(version: LoadedVersionSidebars, baseUrl: string): SearchSection[] {
  const route = belowBase(baseUrl, version.path) ?? '';
  const permalinks = new Map(version.docs.map((doc) => [doc.id, doc.permalink]));
  const taken = new Set<string>();
  return Object.values(version.sidebars).flatMap((sidebar) =>
    topCategories(sidebar).flatMap((category) => {
      const pages = navigationItems([category]).flatMap((item) => {
        const permalink = item.type === 'doc' ? permalinks.get(item.id) : undefined;
        const relative = permalink === undefined ? null : belowBase(baseUrl, permalink);
        return relative === null ? [] : [relative];
      });
      if (pages.length === 0) return [];
      const slug = sectionSlug(category.label);
      let name = route === '' ? slug : `${route}/${slug}`;
      for (let n = 2; taken.has(name); n++) name = `${route === '' ? '' : `${route}/`}${slug}-${n}`;
      taken.add(name);
      return [{label: `${category.label} (${version.label})`, path: name, pages: [...new Set(pages)]}];
    }),
  );
}
