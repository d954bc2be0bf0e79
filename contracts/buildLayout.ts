/**
 * What `npm run build` writes, as the gate, the tests and the benchmarks read it: the readers'
 * site and the public login page side by side, each with `.br`/`.gz` copies of some files.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';

/** Where `npm run build` writes, in the repository (`BUILD_OUT` moves it; the gate's `BUILD_DIR` reads it). */
export const BUILD_ROOT = 'build';
/** The docs: only for signed-in readers. */
export const SITE_DIR = 'site';
/** The login page and the files it loads (docusaurus.login.config.ts): anyone may have them. */
export const LOGIN_DIR = 'login';
/** The login build's page (`/login`, src/pages/login.tsx); the gate's error pages borrow its chrome. */
export const LOGIN_PAGE = 'login.html';

/**
 * Beside `site/` and `login/`: who may fetch each file of the site, when its docs have audiences
 * (plugins/audiences/servedFiles.ts writes it, the gate reads it).
 */
export const AUDIENCE_MAP = 'audiences.json';
/** The build's bundles and images, below the site's folder, named by their content and cached for a year (server/rules/headers.ts). */
export const ASSETS_DIR = 'assets';

export interface AudienceMap {
  format: 1;
  /** The audiences the docs define (the site's audiences.json): the readers file may name these. */
  audiences: string[];
  /** Site file → condition key (contracts/audiences.ts), for every file that is not for every signed-in reader. */
  files: Record<string, string>;
}

/** `npm run build` writes a Brotli and a gzip copy beside the files that gain from it, named by these suffixes. */
export const PRECOMPRESSED_SUFFIX = {br: '.br', gzip: '.gz'} as const;
export type PrecompressedCoding = keyof typeof PRECOMPRESSED_SUFFIX;

/** Precompressed copies are another encoding of a file, not a file of the build. */
export function isPrecompressedCopy(file: string): boolean {
  return Object.values(PRECOMPRESSED_SUFFIX).some((suffix) => file.endsWith(suffix));
}

/** Every file of one build folder, relative, with forward slashes, sorted; precompressed copies left out. */
export function listBuildFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && !isPrecompressedCopy(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The URL that serves a build file: `x.html` at `/x`, `index.html` at `/` (trailing slashes off). */
export function urlOfBuildFile(file: string): string {
  let route = file;
  if (file === 'index.html') route = '';
  else if (file.endsWith('/index.html')) route = file.slice(0, -'/index.html'.length);
  else if (file.endsWith('.html')) route = file.slice(0, -'.html'.length);
  return `/${route.split('/').map(encodeURIComponent).join('/')}`;
}
