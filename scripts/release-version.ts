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

const root = path.resolve(process.argv[3] ?? '.');
const next = process.argv[2];
const currentFile = path.join(root, 'current-version.json');

function fail(message: string): never {
  console.error(`release-version: ${message}`);
  process.exit(1);
}

if (!next || !/^\d+\.\d+$/.test(next)) fail('give the next version label, such as 3.0');
const [{label: current, route: currentRoute}, ...frozenVersions] = siteVersions(root);
const frozen = frozenVersions.map((version) => version.name);
if (next === current || frozen.includes(next)) fail(`version ${next} exists already`);
if (frozen.includes(current)) fail(`version ${current} is frozen already`);

execFileSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'docs:version', current], {
  cwd: root,
  stdio: 'inherit',
});
writeFileSync(currentFile, `${JSON.stringify({label: next})}\n`);
const frozenRoute = currentRoute === '' ? current : `${currentRoute}/${current}`;
if (currentRoute !== '') {
  const settingsFile = path.join(root, VERSION_SETTINGS_FILE);
  const settings = existsSync(settingsFile) ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as VersionSettings) : {};
  writeFileSync(settingsFile, `${JSON.stringify({...settings, [current]: {path: frozenRoute}}, null, 2)}\n`);
}
console.log(
  `Froze ${current} under /${frozenRoute}; the docs at ${currentRoute === '' ? 'the root' : `/${currentRoute}`} are now ${next}.`,
);
