/**
 * The site's versions of the docs, as the site's config, the tests and the benchmarks read them:
 * the current version, at the root by default (`current-version.json` names it), and each frozen one of
 * `versions.json`, newest first (scripts/release-version.ts writes both). A team that brings labels and
 * paths of its own (Docusaurus's `versions` option) gives them in `version-settings.json`.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {ASSETS_DIR} from './buildLayout';
import {API_PREFIX, LIVENESS_PATH, LOGIN_PATH, READINESS_PATH} from './paths';
import {SEARCH_PATH} from './searchIndexFiles';
import {INSIGHTS_PAGE} from './insights';

export interface SiteVersion {
  /** Docusaurus's name of the version: `current`, or the frozen version's (`1.0`). */
  name: string;
  /** The version's docs folder, e.g. `docs` or `versioned_docs/version-1.0`. */
  docsDir: string;
  /** Its URL path below the base URL: '' for the version at the root, else its name or the path version-settings.json gives it. */
  route: string;
  label: string;
}

/**
 * `version-settings.json`: a version's label and path, as a team's Docusaurus config had them:
 * `{"1.0": {"label": "1.x", "path": "v1"}}`. `current` takes a path only (its label is current-version.json's):
 * `{"current": {"path": "docs"}}` serves the current docs at `/docs`, where a Docusaurus site keeps them by default.
 */
export const VERSION_SETTINGS_FILE = 'version-settings.json';

export type VersionSettings = Record<string, {label?: string; path?: string}>;

/** Docusaurus's name of the docs being written, whatever their label. */
export const CURRENT_VERSION = 'current';

/** First segments of the paths the site and the gate own already: no docs version is served below one. */
const RESERVED_SEGMENTS: readonly string[] = [
  ...[API_PREFIX, LOGIN_PATH, LIVENESS_PATH, READINESS_PATH, SEARCH_PATH, INSIGHTS_PAGE].map((owned) => owned.split('/')[1]!),
  ASSETS_DIR,
];

/** A path below the base URL: segments of letters, digits, dots, dashes and underscores. */
const VERSION_PATH = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

function settingError(message: string): Error {
  return new Error(`${VERSION_SETTINGS_FILE}: ${message}`);
}

function checkedPath(name: string, route: unknown): string {
  if (typeof route !== 'string' || !VERSION_PATH.test(route) || route.split('/').some((segment) => /^\.+$/.test(segment)))
    throw settingError(`the path of ${name} must be a path below the site's root, such as "v1" (no slash at either end)`);
  const [first] = route.split('/');
  if (RESERVED_SEGMENTS.includes(first!))
    throw settingError(`the path of ${name} cannot start with "${first}": the site serves its own pages or files there`);
  return route;
}

/**
 * Pure: every version with its label and path, the current one first (at the root unless `settings.current`
 * gives it a path), then the frozen ones of versions.json in its order; throws, naming the file, on a setting it cannot use.
 */
export function versionsOf(currentLabel: string, frozenNames: readonly string[], settings: VersionSettings): SiteVersion[] {
  const unknown = Object.keys(settings).filter((name) => name !== CURRENT_VERSION && !frozenNames.includes(name));
  if (unknown.length > 0) throw settingError(`${unknown.join(', ')} is not a version of versions.json`);
  const notObject = Object.entries(settings).find(
    ([, setting]) => typeof setting !== 'object' || setting === null || Array.isArray(setting),
  );
  if (notObject) throw settingError(`the setting of ${notObject[0]} must be an object, such as {"path": "v1"}`);
  const {label: currentSetLabel, path: currentPath} = settings[CURRENT_VERSION] ?? {};
  if (currentSetLabel !== undefined) throw settingError('the label of the current docs is the one current-version.json gives');
  const current = {
    name: CURRENT_VERSION,
    docsDir: 'docs',
    route: currentPath === undefined ? '' : checkedPath(CURRENT_VERSION, currentPath),
    label: currentLabel,
  };
  const frozen = frozenNames.map((name) => {
    const {label = name, path: route = name} = settings[name] ?? {};
    if (typeof label !== 'string' || label.trim() === '') throw settingError(`the label of ${name} must be text`);
    return {name, docsDir: `versioned_docs/version-${name}`, route: checkedPath(name, route), label};
  });
  const versions = [current, ...frozen];
  const routes = versions.map(({route}) => route);
  const taken = routes.find((route, at) => routes.indexOf(route) !== at);
  if (taken !== undefined) throw settingError(`two versions have the path "${taken}"`);
  return versions;
}

/** What the site's version files say, as written: the current label, versions.json, and version-settings.json ({} without one). */
export interface VersionFiles {
  currentLabel: string;
  frozenNames: string[];
  settings: VersionSettings;
}

export function readVersionFiles(siteDir: string): VersionFiles {
  const read = <T>(file: string) => JSON.parse(readFileSync(path.join(siteDir, file), 'utf8')) as T;
  return {
    currentLabel: read<{label: string}>('current-version.json').label,
    frozenNames: read<string[]>('versions.json'),
    settings: existsSync(path.join(siteDir, VERSION_SETTINGS_FILE)) ? read<VersionSettings>(VERSION_SETTINGS_FILE) : {},
  };
}

export function siteVersions(siteDir: string): SiteVersion[] {
  const {currentLabel, frozenNames, settings} = readVersionFiles(siteDir);
  return versionsOf(currentLabel, frozenNames, settings);
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
