/**
 * Sites of the tests' own, made from a copy of the repository (testkit/siteCopy.ts) and built as the
 * product builds the repository's: the browser tests run on them, and the integration tests of who
 * reads what on the fixture site (fixtureSite.ts).
 */
import {createHash} from 'node:crypto';
import {cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {execFileSync, spawnSync} from 'node:child_process';
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
    rmSync(path.join(site, entry), {recursive: true, force: true});
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

/**
 * Builds a copy's site as `npm run build` builds the repository's, for the emulator this run's tests
 * use; its login build is the repository's (it has no docs, so nothing an author does changes it).
 * Throws when a page's HTML would not hydrate as built: every page of the copy is proved here, and
 * the browser tests load only some.
 */
export function buildSiteCopy(site: string): void {
  const {command, args, env} = siteBuildCommand('site', copyBuild(site), EMULATOR_HOST);
  // Docusaurus leaves the warnings out when DOCUSAURUS_IGNORE_SSG_WARNINGS is set: here they are the check.
  const build = spawnSync(command, args, {
    cwd: site,
    encoding: 'utf8',
    env: {...process.env, ...env, DOCUSAURUS_IGNORE_SSG_WARNINGS: 'false'},
  });
  if (build.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed in ${site}:\n${build.stderr}`);
  const warnings = SSG_WARNINGS.exec(stripVTControlCharacters(build.stderr));
  if (warnings) throw new Error(`pages whose HTML the browser would re-nest, so that they fail to hydrate:\n${warnings[0]}`);
  cpSync(LOGIN_BUILD_DIR, copyBuild(site, LOGIN_DIR), {recursive: true});
}

/** The state of the repository's files (path, size, time of change) as one hash: what a site copy was built from. */
function sourceStamp(): string {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: REPO, encoding: 'utf8'})
    .split('\n')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stats = existsSync(path.join(REPO, file)) ? statSync(path.join(REPO, file)) : null;
    hash.update(`${file}\0${stats?.size ?? '-'}\0${stats?.mtimeMs ?? '-'}\n`);
  }
  return hash.digest('hex');
}

const stampFile = (site: string) => path.join(site, '.built-from');

/** Whether the copy at `site` was built from the repository as it is now (so a run need not build it again). */
export function siteCopyIsCurrent(site: string): boolean {
  return existsSync(stampFile(site)) && readFileSync(stampFile(site), 'utf8') === sourceStamp();
}

/**
 * The repository's state as a copy starts being made: the returned function records it once the copy is
 * built, so that a file changed meanwhile makes the copy stale.
 */
export function stampSiteCopy(site: string): () => void {
  const stamp = sourceStamp();
  return () => writeFileSync(stampFile(site), stamp);
}
