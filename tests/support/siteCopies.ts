/**
 * Sites of the tests' own, made from a copy of the repository (testkit/siteCopy.ts) and built as the
 * product builds the repository's: the browser tests run on them, and the integration tests of who
 * reads what on the fixture site (fixtureSite.ts).
 */
import {createHash} from 'node:crypto';
import {cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {execFileSync, spawn} from 'node:child_process';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {siteBuildCommand} from '../../testkit/siteBuild';
import {copySite, REPO} from '../../testkit/siteCopy';
import {BUILD_ROOT, LOGIN_DIR, SITE_DIR} from '../../contracts/buildLayout';
import {SIDEBARS_FILES} from '../../plugins/sidebarsFile';
import {LOGIN_BUILD_DIR} from './builtFiles';
import {EMULATOR_HOST} from './environment';

/** The browser tests' own docs (tests/fixtures/test-docs/README.md): what they stand in for in a site copy. */
export const TEST_DOCS = path.join(REPO, 'tests/fixtures/test-docs');

/**
 * A copy of the repository whose docs, versions and docs images are the tests' own: the product's code
 * with content the tests know, whatever docs the site has today.
 */
export function copyFixtureSite(site: string): void {
  copySite(site);
  // The tests' own sidebars and settings replace the team's, whatever their sidebars file is called.
  for (const file of SIDEBARS_FILES) rmSync(path.join(site, file), {force: true});
  for (const entry of readdirSync(TEST_DOCS).filter((name) => name !== 'README.md')) {
    // The team's code (its components, a swizzled theme component) joins the product's own src/.
    if (entry !== 'src') rmSync(path.join(site, entry), {recursive: true, force: true});
    cpSync(path.join(TEST_DOCS, entry), path.join(site, entry), {recursive: true});
  }
}

/** A copy's build, laid out as `npm run build` lays out the repository's: the whole of it, or its site or login part. */
export const copyBuild = (site: string, part: typeof SITE_DIR | typeof LOGIN_DIR | '' = '') => path.join(site, BUILD_ROOT, part);

/**
 * What Docusaurus reports when its HTML minifier, a parser that follows the HTML standard, finds a
 * page whose HTML the browser would build into another tree than React's (a `<div>` inside a `<p>`,
 * a link inside a link, text inside a table): hydrating that page fails.
 */
const SSG_WARNINGS = /\[WARNING\] Docusaurus static site generation process emitted warnings[\s\S]*?(?=\n\[[A-Z]+\]|$)/;

/** A site copy the tests build: where it is, and how it is made from the repository. */
export interface SiteCopy {
  site: string;
  /** Copies the repository to `site` (made anew) and changes what the tests need changed in it. */
  make(): void;
}

/** Throws unless a site build (a copy's, or the repository's: checkedBuild.ts) succeeded with every page's HTML as React renders it. */
export function checkSiteBuild(site: string, command: string[], status: number | null, stderr: string): void {
  if (status !== 0) throw new Error(`${command.join(' ')} failed in ${site}:\n${stderr}`);
  const warnings = SSG_WARNINGS.exec(stripVTControlCharacters(stderr));
  if (warnings) throw new Error(`pages whose HTML the browser would re-nest, so that they fail to hydrate:\n${warnings[0]}`);
}

/**
 * How a copy's site is built: as `npm run build` builds the repository's, for the emulator this run's
 * tests use. Docusaurus leaves its warnings out when DOCUSAURUS_IGNORE_SSG_WARNINGS is set: here they are
 * the check that every page of the copy hydrates (the browser tests load only some).
 */
function siteBuild(site: string) {
  const {command, args, env} = siteBuildCommand('site', copyBuild(site), EMULATOR_HOST);
  return {command, args, options: {cwd: site, env: {...process.env, ...env, DOCUSAURUS_IGNORE_SSG_WARNINGS: 'false'}}};
}

/**
 * A copy's login build is the repository's (it has no docs, so nothing an author does changes it): taken
 * once `npm run build` has made it.
 */
const addLoginBuild = (site: string) => cpSync(LOGIN_BUILD_DIR, copyBuild(site, LOGIN_DIR), {recursive: true});

/**
 * The first of a copy's two build steps, which lets copies build beside the repository's own build rather
 * than after it: makes the copy and builds its site (in a process of its own, so that copies build at
 * once), leaving what it was built from pending; addLoginBuilds completes it. Throws as checkSiteBuild does.
 */
export async function buildSiteCopyBesideBuild(copy: SiteCopy): Promise<void> {
  const stamp = sourceStamp();
  copy.make();
  writeFileSync(pendingStampFile(copy.site), stamp);
  const {command, args, options} = siteBuild(copy.site);
  const build = spawn(command, args, {...options, stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  build.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve, reject) => build.once('error', reject).once('close', resolve));
  checkSiteBuild(copy.site, [command, ...args], status, stderr);
}

/** The second step of buildSiteCopyBesideBuild, once `npm run build` is done: the login build of every copy whose site is built. */
export function addLoginBuilds(copies: readonly SiteCopy[]): void {
  for (const {site} of copies.filter(({site}) => existsSync(pendingStampFile(site)))) {
    addLoginBuild(site);
    renameSync(pendingStampFile(site), stampFile(site));
  }
}

/** Makes and builds a copy after the repository's own build (whose login build it takes), unless it is current. */
export async function buildStaleSiteCopy(copy: SiteCopy): Promise<void> {
  if (siteCopyIsCurrent(copy.site)) return;
  await buildSiteCopyBesideBuild(copy);
  addLoginBuilds([copy]);
}

/**
 * Files a copy's build never reads: the tests themselves (not their fixtures or support), the benchmarks and
 * the repository's own Markdown. A change to a spec then needs no new copy.
 */
const NOT_BUILT_FROM = /^(?:tests\/(?:e2e|unit|integration|content)\/|bench\/|[^/]+\.md$)/;

/** The state of the repository's files (path, size, time of change) as one hash: what a site copy was built from. */
function sourceStamp(): string {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: REPO, encoding: 'utf8'})
    .split('\n')
    .filter((file) => file && !NOT_BUILT_FROM.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stats = existsSync(path.join(REPO, file)) ? statSync(path.join(REPO, file)) : null;
    hash.update(`${file}\0${stats?.size ?? '-'}\0${stats?.mtimeMs ?? '-'}\n`);
  }
  return hash.digest('hex');
}

const stampFile = (site: string) => path.join(site, '.built-from');
const pendingStampFile = (site: string) => path.join(site, '.built-from.pending');

/** Whether the copy at `site` was built from the repository as it is now (so a run need not build it again). */
export function siteCopyIsCurrent(site: string): boolean {
  return existsSync(stampFile(site)) && readFileSync(stampFile(site), 'utf8') === sourceStamp();
}
