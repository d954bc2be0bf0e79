/**
 * Cuts a docs release: freezes today's current docs under their label with Docusaurus's
 * `docs:version`, then relabels the current docs as the next version, still where they were.
 *
 *   npm run release-version -- 3.0      (current 2.0 → frozen /2.0; current becomes 3.0)
 *
 * Current docs kept below the root (`/docs`, version-settings.json) freeze below them too (`/docs/2.0`),
 * as a Docusaurus site lays its versions out.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {siteVersions, VERSION_SETTINGS_FILE, type VersionSettings} from '../contracts/siteVersions';
import {releasePlan, type ReleasePlan} from './releasePlan';

const root = path.resolve(process.argv[3] ?? '.');
const settingsFile = path.join(root, VERSION_SETTINGS_FILE);

let plan: ReleasePlan;
try {
  const settings = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as VersionSettings) : {};
  plan = releasePlan(process.argv[2], siteVersions(root), settings);
} catch (error) {
  console.error(`release-version: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

execFileSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'docs:version', plan.frozen], {
  cwd: root,
  stdio: 'inherit',
});
writeFileSync(path.join(root, 'current-version.json'), `${JSON.stringify({label: process.argv[2]})}\n`);
if (plan.settings) writeFileSync(settingsFile, `${JSON.stringify(plan.settings, null, 2)}\n`);
console.log(
  `Froze ${plan.frozen} under /${plan.frozenRoute}; the docs at ${plan.currentRoute === '' ? 'the root' : `/${plan.currentRoute}`} are now ${process.argv[2]}.`,
);
