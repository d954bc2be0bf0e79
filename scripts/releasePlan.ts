/**
 * Pure: what `npm run release-version` does for a next label, decided before anything changes. The
 * current docs freeze under their label, at `/<label>` or, for docs kept below the root (`/docs`),
 * below them (`/docs/2.0`, written to version-settings.json); the versions that result must pass the
 * same rules as the site's own (versionsOf).
 */
import {versionsOf, type VersionFiles, type VersionSettings} from '../contracts/siteVersions';

export interface ReleasePlan {
  /** The label the current docs freeze under: Docusaurus's `docs:version` argument. */
  frozen: string;
  /** Where the frozen docs are served, below the base URL. */
  frozenRoute: string;
  /** Where the current docs stay ('' for the root). */
  currentRoute: string;
  /** The new version-settings.json, when the frozen docs need a path of their own there. */
  settings?: VersionSettings;
}

/** A label as the site's versions are labelled: `3.0`. */
const LABEL = /^\d+\.\d+$/;

/** Throws, in words for the command line, when the release cannot be made. */
export function releasePlan(next: string | undefined, {currentLabel, frozenNames, settings}: VersionFiles): ReleasePlan {
  if (!next || !LABEL.test(next)) throw new Error('give the next version label, such as 3.0');
  if (next === currentLabel || frozenNames.includes(next)) throw new Error(`version ${next} exists already`);
  if (frozenNames.includes(currentLabel)) throw new Error(`version ${currentLabel} is frozen already`);
  // The current docs come first among the site's versions.
  const currentRoute = versionsOf(currentLabel, frozenNames, settings)[0]!.route;
  const frozenRoute = currentRoute === '' ? currentLabel : `${currentRoute}/${currentLabel}`;
  const written = currentRoute === '' ? undefined : {...settings, [currentLabel]: {path: frozenRoute}};
  try {
    versionsOf(next, [currentLabel, ...frozenNames], written ?? settings);
  } catch (error) {
    throw new Error(`${currentLabel} cannot be frozen at /${frozenRoute}: ${(error as Error).message}`);
  }
  return {frozen: currentLabel, frozenRoute, currentRoute, ...(written ? {settings: written} : {})};
}
