/**
 * Copies of the repository to build in, so that the benchmarks and the browser tests' own sites never
 * touch build/ or the caches of the checkout.
 */
import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '..');

const NOT_COPIED = new Set(
  [
    'node_modules',
    'build',
    'dist',
    'releases',
    '.docusaurus',
    '.docusaurus-login',
    '.git',
    'test-results',
    'playwright-report',
    'playwright',
    'bench/results',
    // Doc sets a copy does not serve (testkit/searchSets.ts adds one where needed).
    'tests/fixtures/search-sets',
  ].map((entry) => path.join(REPO, entry)),
);

const temporary = new Set<string>();

// Also when a benchmark fails or is interrupted (the `finally` blocks do not run on process.exit).
process.once('exit', () => {
  for (const dir of temporary) removeTemporaryDir(dir);
});

/** A new directory under the system's temporary directory, removed at the latest when the process exits. */
export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `tutorial-hub-bench-${prefix}-`));
  temporary.add(dir);
  return dir;
}

export function removeTemporaryDir(dir: string): void {
  // Retries: a build killed a moment ago may still be writing into it.
  rmSync(dir, {recursive: true, force: true, maxRetries: 5, retryDelay: 200});
  temporary.delete(dir);
}

/**
 * Copies the site's sources into `copy` (made anew). node_modules is a folder of symlinks to the
 * checkout's packages rather than one symlink: Docusaurus keeps its bundler cache in
 * `<site>/node_modules/.cache`, and each copy needs its own for a cold build to be cold without
 * clearing the checkout's cache under someone else's running build.
 */
export function copySite(copy: string): string {
  rmSync(copy, {recursive: true, force: true});
  cpSync(REPO, copy, {recursive: true, filter: (source) => !NOT_COPIED.has(source)});
  const modules = path.join(copy, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '.cache') continue;
    symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry), 'dir');
  }
  return copy;
}

/** A copy in a temporary directory, removed at the latest when the process exits. */
export function temporarySiteCopy(prefix: string): string {
  return copySite(temporaryDir(prefix));
}
