/** Docusaurus builds as the benchmarks make them: cold, in a copy, behind the gate or without it. */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {firebaseEnv} from './environment';
import {runTimed, type Timed} from './processes';
import {REPO} from '../../testkit/siteCopy';
import {LOGIN_DIR, SITE_DIR} from '../../contracts/buildLayout';

/** `server`: the product (behind the gate server); `off`: a plain Docusaurus site, the anchor. */
export type GateMode = 'server' | 'off';

export const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;

/** No update notice, no interactive prompts; the site's browser code talks to the bench's emulator. */
const buildEnv = (gate: GateMode) => ({...firebaseEnv(), TUTORIAL_HUB_GATE: gate, CI: 'true'});

/** Generated files and bundler caches removed first (what `docusaurus clear` removes): the time a fresh clone takes. */
function clear(siteDir: string, dirs: readonly string[]): void {
  for (const dir of dirs) rmSync(path.resolve(siteDir, dir), {recursive: true, force: true});
}

/** A plain `docusaurus build` into `outDir`, cold. */
export function coldBuild(siteDir: string, outDir: string, gate: GateMode = 'server'): Promise<Timed> {
  clear(siteDir, ['.docusaurus', 'node_modules/.cache', 'build', outDir]);
  return runTimed(process.execPath, [DOCUSAURUS, 'build', '--out-dir', outDir], {
    cwd: siteDir,
    env: buildEnv(gate),
    timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/** `npm run build` as a fresh clone runs it (site, login build, precompressed copies, server), cold, into `outDir` as the gate serves it. */
export function productBuild(siteDir: string, outDir: string): Promise<Timed> {
  clear(siteDir, ['.docusaurus', '.docusaurus-login', 'node_modules/.cache', outDir]);
  return runTimed('npm', ['run', 'build'], {cwd: siteDir, env: {...buildEnv('server'), BUILD_OUT: outDir}, timeoutMs: BUILD_TIMEOUT_MS});
}

/** The public login build that `npm run build` makes beside the site (docusaurus.login.config.ts). */
export function loginBuild(siteDir: string, outDir: string): Promise<Timed> {
  return runTimed(process.execPath, [DOCUSAURUS, 'build', '--config', 'docusaurus.login.config.ts', '--out-dir', outDir], {
    cwd: siteDir,
    // As package.json's build:login: generated files of its own, so nothing of the site's leaks in.
    env: {...buildEnv('server'), DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-login', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/** A build as the gate serves it (`BUILD_DIR`): the site and the login build side by side. */
export function gateBuildLayout(root: string): {site: string; login: string} {
  return {site: path.join(root, SITE_DIR), login: path.join(root, LOGIN_DIR)};
}

/** The file a URL path names in a build of either layout (the gate's, or the flat gate-less one). */
export function builtFileFor(root: string, urlPath: string): string {
  const relative = decodeURIComponent(urlPath).replace(/^\//, '');
  const {site, login} = gateBuildLayout(root);
  for (const dir of [site, login]) if (existsSync(path.join(dir, relative))) return path.join(dir, relative);
  return path.join(root, relative);
}

/** The second half of `npm run build`: the .br and .gz copies the gate sends. */
export function precompress(buildDir: string): Promise<Timed> {
  return runTimed(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts/precompress.ts'), buildDir], {
    cwd: REPO,
    timeoutMs: 10 * 60 * 1000,
  });
}
