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
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {readVersionFiles, VERSION_SETTINGS_FILE} from '../contracts/siteVersions';
import {releasePlan, type ReleasePlan} from './releasePlan';

const root = path.resolve(process.argv[3] ?? '.');
const next = process.argv[2];

let plan: ReleasePlan;
try {
  plan = releasePlan(next, readVersionFiles(root));
} catch (error) {
  console.error(`release-version: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

execFileSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'docs:version', plan.frozen], {
  cwd: root,
  stdio: 'inherit',
});
writeFileSync(path.join(root, 'current-version.json'), `${JSON.stringify({label: next})}\n`);
if (plan.settings) writeFileSync(path.join(root, VERSION_SETTINGS_FILE), `${JSON.stringify(plan.settings, null, 2)}\n`);
const currentPlace = plan.currentRoute === '' ? 'the root' : `/${plan.currentRoute}`;
console.log(`Froze ${plan.frozen} under /${plan.frozenRoute}; the docs at ${currentPlace} are now ${next}.`);
