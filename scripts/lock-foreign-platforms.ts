/**
 * Our npm registry carries native binaries for linux-x64 only: the packages built for other
 * platforms (optional dependencies of @swc/core, @swc/html, rollup…) answer 404, so `npm install`
 * leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
 * This records each missing one with the os/cpu it is built for, which is what npm itself would
 * write: `npm ci` on any machine skips entries for another platform without fetching them.
 *
 *   npm install … && npm run lock:platforms
 */
import {readFileSync, writeFileSync} from 'node:fs';

import {platformOf, type LockEntry} from './platformOf';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as {packages: Record<string, LockEntry>};
const added: string[] = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = {version, optional: true, ...platform};
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Recorded ${added.length} other-platform packages:\n  ${added.join('\n  ')}` : 'Nothing to record.');
