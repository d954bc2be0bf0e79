/**
 * The search sections, one per top-level section (folder) of each docs version, found on disk when
 * the config loads, so that authors never keep a list in step by hand.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {SearchSection} from '../../contracts/searchSections';
import type {SiteVersion} from '../../contracts/siteVersions';

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

export function searchSectionsFor(siteDir: string, versions: readonly Pick<SiteVersion, 'docsDir' | 'route' | 'label'>[]): SearchSection[] {
  return versions.flatMap((version) => searchSectionsOf(version, sectionsIn(path.join(siteDir, version.docsDir))));
}
