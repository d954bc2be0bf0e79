/**
 * What a search covers: the pure decisions behind the navbar box and the search page. Both search a
 * whole docs version (its manifest sits in the version's folder: `/`, `/1.0/`); the reader's section
 * only orders the box's answers, and the search page can keep to one section (searchPageAddress.ts).
 */

import {belowBase, isWithin, sectionOf, type SearchSection} from '../../contracts/searchSections';
import {conditionKey, conditionOfKey, unionOf} from '../../contracts/audiences';

export interface ScopeVersion {
  name: string;
  label: string;
  /** Route of the version as Docusaurus gives it: `/` or `/1.0` (base URL included). */
  path: string;
  /** The version the plugin indexes at the site's root (Docusaurus's "last" version). */
  isLast: boolean;
}

export interface SearchScope {
  version: ScopeVersion;
  /** Where the version's indexes are: `/` or `/1.0/`. */
  versionUrl: string;
  /** The section (path below the base URL) the scope is about, '' for none. */
  section: string;
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The version a path below the base URL belongs to: the one with the longest route that holds it. */
export function versionHolding(baseUrl: string, relative: string, versions: readonly ScopeVersion[]): ScopeVersion | undefined {
  let best: {version: ScopeVersion; route: string} | undefined;
  for (const version of versions) {
    const route = belowBase(baseUrl, version.path);
    if (route === null || !isWithin(relative, route)) continue;
    if (!best || route.length > best.route.length) best = {version, route};
  }
  return best?.version;
}

export function versionUrlOf(baseUrl: string, version: ScopeVersion): string {
  // The plugin writes the last version's indexes at the root, whatever its route.
  return version.isLast ? withTrailingSlash(baseUrl) : withTrailingSlash(version.path);
}

export function lastVersion(versions: readonly ScopeVersion[]): ScopeVersion {
  const last = versions.find((version) => version.isLast) ?? versions[0];
  if (!last) throw new Error('The site has no docs version to search.');
  return last;
}

/** The sections of one version, in the configured order. */
export function sectionsOfVersion(
  baseUrl: string,
  version: ScopeVersion,
  versions: readonly ScopeVersion[],
  sections: readonly SearchSection[],
): SearchSection[] {
  return sections.filter((section) => versionHolding(baseUrl, section.path, versions) === version);
}

export interface PageInput {
  baseUrl: string;
  pathname: string;
  versions: readonly ScopeVersion[];
  sections: readonly SearchSection[];
  /** Whether the page is a doc (it then belongs to the version of its path). */
  onDocPage: boolean;
  /** The version the reader last chose in the version menu, if any. */
  preferredVersionName?: string | null;
}

/**
 * The version the reader is in: a doc's own version; off the docs (home, search), the one they last
 * chose in the version menu, else the newest. The version menu's label, "Tutorials", the navbar box
 * and the search page all follow it. (Docusaurus would count every page as part of the version at
 * the root, whose path `/` holds them all: https://github.com/facebook/docusaurus/issues/7974.)
 */
export function readerVersion({baseUrl, pathname, versions, onDocPage, preferredVersionName}: Omit<PageInput, 'sections'>): ScopeVersion {
  const relative = belowBase(baseUrl, pathname);
  const pageVersion = onDocPage && relative !== null ? versionHolding(baseUrl, relative, versions) : undefined;
  return pageVersion ?? versions.find((candidate) => candidate.name === preferredVersionName) ?? lastVersion(versions);
}

/** The navbar box: the reader's version (readerVersion), and the section of the doc they are on, if any. */
export function searchScopeForPage({baseUrl, pathname, versions, sections, onDocPage, preferredVersionName}: PageInput): SearchScope {
  const version = readerVersion({baseUrl, pathname, versions, onDocPage, preferredVersionName});
  const section = onDocPage ? (sectionOf(baseUrl, pathname, sectionsOfVersion(baseUrl, version, versions, sections))?.path ?? '') : '';
  return {version, versionUrl: versionUrlOf(baseUrl, version), section};
}

/**
 * Who gets the search page's "Search in" menu, from its sections' audiences (condition keys; undefined:
 * every reader of the version): null, nobody, when the version has no sections (a menu of "All of 2.0"
 * alone chooses nothing); undefined, every reader, when one section is for everyone; else the readers of
 * any of the sections. In the browser, whose copy of the sections is the reader's own, no section has an
 * audience left: the menu shows when the reader has a section.
 */
export function sectionMenuAudience(audiences: readonly (string | undefined)[]): string | null | undefined {
  if (audiences.length === 0) return null;
  if (audiences.some((audience) => audience === undefined)) return undefined;
  return conditionKey((audiences as string[]).map(conditionOfKey).reduce(unionOf));
}

/**
 * Who gets the search page's version menu, from the versions' audiences (undefined: every reader): those
 * who may read two versions or more. null, nobody, for a site of one version; undefined, every reader,
 * when two versions are for everyone; else the readers of a restricted version (beside the one open to
 * all, if any). In the browser, whose copy of the versions is the reader's own, it shows when they have two.
 */
export function versionMenuAudience(audiences: readonly (string | undefined)[]): string | null | undefined {
  if (audiences.length < 2) return null;
  const restricted = audiences.filter((audience): audience is string => audience !== undefined);
  if (audiences.length - restricted.length >= 2) return undefined;
  return conditionKey(restricted.map(conditionOfKey).reduce(unionOf));
}

/**
 * The search page's `version` parameter for a scope: the version's folder below the base URL (`1.0/`), and
 * for the version at the root, whose folder is the root, its label. Every link names its version: an address
 * without one searches the version the reader chose in the version menu, which a link from a 2.0 page to
 * 2.0's answers must not depend on.
 */
export function versionParamOf(baseUrl: string, {version, versionUrl}: Pick<SearchScope, 'version' | 'versionUrl'>): string {
  return version.isLast ? version.label : belowBase(baseUrl, versionUrl) + '/';
}
