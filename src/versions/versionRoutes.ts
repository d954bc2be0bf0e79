/**
 * Whether an address is inside one of the docs' versions, by the routes the docs plugin gives them. With
 * the docs at the site's root (`routeBasePath: '/'`) and no version at the root itself (the current docs at
 * `/docs`, version-settings.json), the plugin's route takes every address, and one outside its versions
 * would render an empty page: https://github.com/facebook/docusaurus/issues/9688.
 */
import {matchPath} from '@docusaurus/router';

/** What react-router matches a version's route by (its path, and whether it must be the whole address). */
export interface VersionRoute {
  path?: string | string[];
  exact?: boolean;
  strict?: boolean;
}

export function isInAVersion(pathname: string, versionRoutes: readonly VersionRoute[]): boolean {
  return versionRoutes.some((route) => matchPath(pathname, route) !== null);
}
