/**
 * The site's versions of the docs, as the site's config, the tests and the benchmarks read them:
 * the current version at the root (`current-version.json` names it) and each frozen one of
 * `versions.json`, newest first (scripts/release-version.ts writes both).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export interface SiteVersion {
  /** Docusaurus's name of the version: `current`, or the frozen version's (`1.0`). */
  name: string;
  /** The version's docs folder, e.g. `docs` or `versioned_docs/version-1.0`. */
  docsDir: string;
  /** Its URL path below the base URL: '' for the version at the root, else its name. */
  route: string;
  label: string;
}

export function siteVersions(siteDir: string): SiteVersion[] {
  const read = <T>(file: string) => JSON.parse(readFileSync(path.join(siteDir, file), 'utf8')) as T;
  const frozen = read<string[]>('versions.json');
  const current = read<{label: string}>('current-version.json');
  return [
    {name: 'current', docsDir: 'docs', route: '', label: current.label},
    ...frozen.map((name) => ({name, docsDir: `versioned_docs/version-${name}`, route: name, label: name})),
  ];
}

/** Every file of a version's docs folder, relative to that folder, with forward slashes, sorted. */
export function versionFiles(siteDir: string, version: SiteVersion): string[] {
  const dir = path.join(siteDir, version.docsDir);
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Every file of every version's docs, relative to the site's folder (`versioned_docs/version-1.0/intro.md`). */
export function docsSourceFiles(siteDir: string): string[] {
  return siteVersions(siteDir).flatMap((version) => versionFiles(siteDir, version).map((file) => `${version.docsDir}/${file}`));
}
