/** Docusaurus builds as the benchmarks make them: cold, in a copy, with the bundler and gate mode chosen. */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {firebaseEnv} from './environment';
import {runTimed, type Timed} from './processes';
import {REPO} from '../../testkit/siteCopy';
import {LOGIN_DIR, SITE_DIR} from '../../shared/buildLayout';

export type Bundler = 'faster' | 'webpack';
/** `server`: the product (behind the gate server); `off`: a plain Docusaurus site, the anchor. */
export type GateMode = 'server' | 'off';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;

function buildEnv(bundler: Bundler, gate: GateMode): Record<string, string> {
  return {
    ...firebaseEnv(),
    // docusaurus.config.ts: anything but "webpack" means Docusaurus Faster.
    TUTORIAL_HUB_BUNDLER: bundler,
    TUTORIAL_HUB_GATE: gate,
    // No update notice, no interactive prompts.
    CI: 'true',
  };
}

/**
 * What `docusaurus clear` removes (generated files and the bundler's persistent cache of this
 * copy), removed directly to save starting Docusaurus, then a build into `outDir`: the time a
 * fresh clone takes.
 */
export function coldBuild(siteDir: string, outDir: string, bundler: Bundler, gate: GateMode = 'server'): Promise<Timed> {
  for (const dir of ['.docusaurus', 'node_modules/.cache', 'build', outDir])
    rmSync(path.resolve(siteDir, dir), {recursive: true, force: true});
  return runTimed(process.execPath, [DOCUSAURUS, 'build', '--out-dir', outDir], {
    cwd: siteDir,
    env: buildEnv(bundler, gate),
    timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/**
 * `npm run build` as a fresh clone runs it (the site, the login build, the precompressed copies and
 * the compiled server), cold, into `outDir` laid out as the gate serves it.
 */
export function productBuild(siteDir: string, outDir: string): Promise<Timed> {
  for (const dir of ['.docusaurus', '.docusaurus-login', 'node_modules/.cache', outDir])
    rmSync(path.resolve(siteDir, dir), {recursive: true, force: true});
  return runTimed('npm', ['run', 'build'], {
    cwd: siteDir,
    env: {...buildEnv('faster', 'server'), BUILD_OUT: outDir},
    timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/** The public login build that `npm run build` makes beside the site (docusaurus.login.config.ts). */
export function loginBuild(siteDir: string, outDir: string): Promise<Timed> {
  return runTimed(process.execPath, [DOCUSAURUS, 'build', '--config', 'docusaurus.login.config.ts', '--out-dir', outDir], {
    cwd: siteDir,
    // As package.json's build:login: generated files of its own, so nothing of the site's leaks in.
    env: {...buildEnv('faster', 'server'), DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-login', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/**
 * A build as the gate serves it (`BUILD_DIR`): the site and the login build side by side. The
 * gate-less anchor (`off`) is a plain, flat Docusaurus build.
 */
export function gateBuildLayout(root: string): {site: string; login: string} {
  return {site: path.join(root, SITE_DIR), login: path.join(root, LOGIN_DIR)};
}

/** The file a URL path names in a build of either layout. */
export function builtFileFor(root: string, urlPath: string): string {
  const relative = decodeURIComponent(urlPath).replace(/^\//, '');
  const {site, login} = gateBuildLayout(root);
  for (const dir of [site, login]) if (existsSync(path.join(dir, relative))) return path.join(dir, relative);
  return path.join(root, relative);
}

/** The second half of `npm run build`: .br and .gz copies, which the gate server sends. */
export function precompress(buildDir: string): Promise<Timed> {
  return runTimed(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts/precompress.ts'), buildDir], {
    cwd: REPO,
    timeoutMs: 10 * 60 * 1000,
  });
}

export {DOCUSAURUS};
