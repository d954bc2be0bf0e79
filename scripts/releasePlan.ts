/**
 * Pure: what `npm run release-version` does for a next label, decided before anything changes. The
 * current docs freeze under their label, at `/<label>` or, for docs kept below the root (`/docs`),
 * below them (`/docs/2.0`, written to version-settings.json); the versions that result must pass the
 * same rules as the site's own (versionsOf).
 */
import {versionsOf, type SiteVersion, type VersionSettings} from '../contracts/siteVersions';

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
export function releasePlan(next: string | undefined, versions: readonly SiteVersion[], settings: VersionSettings): ReleasePlan {
  if (!next || !LABEL.test(next)) throw new Error('give the next version label, such as 3.0');
  const [current, ...older] = versions;
  if (!current) throw new Error('the site has no versions to read');
  const frozenNames = older.map((version) => version.name);
  if (next === current.label || frozenNames.includes(next)) throw new Error(`version ${next} exists already`);
  if (frozenNames.includes(current.label)) throw new Error(`version ${current.label} is frozen already`);
  const frozenRoute = current.route === '' ? current.label : `${current.route}/${current.label}`;
  const written = current.route === '' ? undefined : {...settings, [current.label]: {path: frozenRoute}};
  try {
    versionsOf(next, [current.label, ...frozenNames], written ?? settings);
  } catch (error) {
    throw new Error(`${current.label} cannot be frozen at /${frozenRoute}: ${(error as Error).message}`);
  }
  return {frozen: current.label, frozenRoute, currentRoute: current.route, ...(written ? {settings: written} : {})};
}
