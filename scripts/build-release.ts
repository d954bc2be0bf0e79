/**
 * A new build without downtime on one machine: builds into `releases/<time>` beside the release
 * being served, then points the `current` symlink at it in one rename. A gate started with
 * `BUILD_DIR=current` switches to it within a second (server/services/liveBuild.ts); pages already open
 * keep the previous release's hashed assets. Older releases than the last three are removed.
 *
 *   npm run build:release        then, once:   BUILD_DIR=current npm run serve
 */
import {spawnSync} from 'node:child_process';
import {readdirSync, readlinkSync, renameSync, rmSync, symlinkSync} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const RELEASES = path.join(ROOT, 'releases');
const CURRENT = path.join(ROOT, 'current');
const KEEP = 3;

const id = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
const release = path.join('releases', id);
// `npm run build` itself, into the release folder: the same two builds and precompression.
const result = spawnSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit', env: {...process.env, BUILD_OUT: release}});
if (result.status !== 0) {
  console.error('build:release: the build failed; the served release is unchanged.');
  process.exit(result.status ?? 1);
}

const next = `${CURRENT}.next`;
rmSync(next, {force: true});
symlinkSync(path.join(RELEASES, id), next);
renameSync(next, CURRENT);
console.log(`Serving ${release}: a gate with BUILD_DIR=current switches to it within a second.`);

// The newest releases stay: the one served, and the ones before it whose assets open pages may still load.
const serving = path.basename(readlinkSync(CURRENT));
const others = readdirSync(RELEASES)
  .filter((name) => name !== serving)
  .sort();
for (const name of others.slice(0, Math.max(0, others.length - (KEEP - 1))))
  rmSync(path.join(RELEASES, name), {recursive: true, force: true});
