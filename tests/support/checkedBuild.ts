/**
 * `npm test`'s `npm run build` of the repository (`npm run build:test-sites`): the product's build, its output
 * shown as it comes, failed as the site copies' builds are (checkSiteBuild) when a page's HTML is not what
 * React renders, and when it wrote anything of the author's tree, outside the folders .gitignore leaves to
 * builds (a build once overwrote the site's audiences.json: tests/integration/author-files.test.ts runs
 * Docusaurus's own commands). That is also what proves every page of the site's own docs hydrates; the
 * browser loads a few (tests/e2e/site/pages.spec.ts).
 */
import {spawn, spawnSync} from 'node:child_process';
import {statSync} from 'node:fs';
import path from 'node:path';
import {REPO} from '../../testkit/siteCopy';
import {checkSiteBuild} from './siteCopies';

/**
 * What a build could write of a site's own: the files at its root (its settings, audiences.json,
 * versions.json; not the repository's Markdown, which someone may be editing meanwhile) and its docs and
 * static folders.
 */
const SITE_FILES = /^(?:[^/]+(?<!\.md)|(?:docs|versioned_docs|versioned_sidebars|static|static-docs|i18n|src\/pages)\/.+)$/;

/** Each of the site's own files (what git tracks or would, .gitignore's folders left out) with its size and time of change; null outside a git checkout. */
function authorsTree(): Map<string, string> | null {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO, encoding: 'utf8'});
  if (listed.status !== 0) return null;
  const tree = new Map<string, string>();
  for (const file of listed.stdout.split('\0').filter((entry) => SITE_FILES.test(entry))) {
    const stats = statSync(path.join(REPO, file), {throwIfNoEntry: false});
    tree.set(file, stats ? `${stats.size}:${stats.mtimeMs}` : 'missing');
  }
  return tree;
}

function writtenSince(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();
}

const command = ['npm', 'run', 'build'];
const before = authorsTree();
if (before === null) console.log('The repository is not a git checkout: which files `npm run build` writes is not checked.');
const build = spawn(command[0]!, command.slice(1), {
  cwd: REPO,
  stdio: ['ignore', 'inherit', 'pipe'],
  // Docusaurus leaves its warnings out when this is set: here they are the check.
  env: {...process.env, DOCUSAURUS_IGNORE_SSG_WARNINGS: 'false'},
});
let stderr = '';
build.stderr.setEncoding('utf8').on('data', (chunk: string) => {
  stderr += chunk;
  process.stderr.write(chunk);
});
build.once('close', (status) => {
  // A failed build has said why above.
  if (status !== 0) process.exit(status ?? 1);
  try {
    checkSiteBuild(REPO, command, status, stderr);
    const written = before === null ? [] : writtenSince(before, authorsTree()!);
    if (written.length > 0)
      throw new Error(`${command.join(' ')} wrote files of the author's tree, outside its output folders: ${written.join(', ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
});
