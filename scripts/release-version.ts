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
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {siteVersions, VERSION_SETTINGS_FILE, versionsOf, type VersionSettings} from '../contracts/siteVersions';

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

// Docs kept below the root freeze below them: their path goes in version-settings.json, checked before anything changes.
const frozenRoute = currentRoute === '' ? current : `${currentRoute}/${current}`;
const settingsFile = path.join(root, VERSION_SETTINGS_FILE);
const settings: VersionSettings | undefined =
  currentRoute === ''
    ? undefined
    : {...(JSON.parse(readFileSync(settingsFile, 'utf8')) as VersionSettings), [current]: {path: frozenRoute}};
if (settings) {
  try {
    versionsOf(next, [current, ...frozen], settings);
  } catch (error) {
    fail(`${current} cannot be frozen at /${frozenRoute}: ${(error as Error).message}`);
  }
}

execFileSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'docs:version', current], {
  cwd: root,
  stdio: 'inherit',
});
writeFileSync(currentFile, `${JSON.stringify({label: next})}\n`);
if (settings) writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
console.log(
  `Froze ${current} under /${frozenRoute}; the docs at ${currentRoute === '' ? 'the root' : `/${currentRoute}`} are now ${next}.`,
);
