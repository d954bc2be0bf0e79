/**
 * What `npm run build` writes, as the gate, the tests and the benchmarks read it: the readers'
 * site and the public login page side by side, each with `.br`/`.gz` copies of some files.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {conditionOfKey, visibilityMask, type View} from './audiences';

/** Where `npm run build` writes, in the repository (`BUILD_OUT` moves it; the gate's `BUILD_DIR` reads it). */
export const BUILD_ROOT = 'build';
/** The docs: only for signed-in readers. */
export const SITE_DIR = 'site';
/** The login page and the files it loads (docusaurus.login.config.ts): anyone may have them. */
export const LOGIN_DIR = 'login';
/** The login build's page (`/login`, src/pages/login.tsx); the gate's error pages borrow its chrome. */
export const LOGIN_PAGE = 'login.html';

/**
 * Inside the site's folder, and never one of its files (listBuildFiles leaves it out): what the build
 * hands the gate besides the files. Written by the build itself (plugins/servedBuild.ts), so that no
 * command writes outside its output folder.
 */
export const BUILD_DATA_DIR = '.tutorial-hub';
/**
 * Who may fetch each file of the site (plugins/audiences/servedFiles.ts), written last, once the leak
 * proof has passed (plugins/audiences/leakProof.ts): the gate serves no site without it.
 */
export const AUDIENCE_MAP = `${BUILD_DATA_DIR}/audiences.json`;
/** Where each page is, by version and search section (contracts/insights.ts, SitePlaces): insights are filed by it. */
export const SITE_PLACES = `${BUILD_DATA_DIR}/places.json`;
/** Pages rendered once per view (plugins/audiences/viewRender.ts): `<folder>/<page file>`, the folder named by the view's mask. */
export const VIEW_PAGES_DIR = `${BUILD_DATA_DIR}/views`;
/** The build's bundles and images, below the site's folder, named by their content and cached for a year (server/rules/headers.ts). */
export const ASSETS_DIR = 'assets';

export interface AudienceMap {
  format: 2;
  /** The audiences the docs define (the site's audiences.json): the readers file may name these. */
  audiences: string[];
  /** The key of this build's markers (contracts/audienceMarkers.ts). */
  markerKey: string;
  /** The key of the tags in the addresses of readers' own copies of scripts (server/rules/cutAddresses.ts): the gate's alone. */
  cutSecret: string;
  /**
   * Every file the gate may send → who may have it (a condition key: contracts/audiences.ts). A file
   * the list does not name goes to nobody.
   */
  files: Record<string, string>;
  /** Every route → who may open it (a page's, or a version's around its pages). */
  routes: Record<string, string>;
  /**
   * A chunk of a few routes (a page's content, a version's data) → those routes: a release that narrows
   * who may open a route takes its chunks of the release before away from readers it no longer has.
   */
  fileRoutes: Record<string, string[]>;
  /** Pages rendered once per view (viewPages): what tells the views apart, and each page's copies. */
  viewPages?: ViewPages;
}

/**
 * Pages whose code renders something of other pages by reader beyond the build's markers: each is
 * rendered for every kind of reader it has. A view's kind is which of `conditions` it meets (viewKind);
 * each page file names its copy for each kind.
 */
export interface ViewPages {
  /** Condition keys: every signed-in reader (`*`), then each audience. */
  conditions: string[];
  pages: Record<string, Record<string, string>>;
}

/** A view's kind among ViewPages' conditions: which of them it meets, as a string of 0 and 1 in their order. */
export function viewKind(view: View, conditions: readonly string[]): string {
  return visibilityMask(conditions.map(conditionOfKey), view);
}

/** `npm run build` writes a Brotli and a gzip copy beside the files that gain from it, named by these suffixes. */
export const PRECOMPRESSED_SUFFIX = {br: '.br', gzip: '.gz'} as const;
export type PrecompressedCoding = keyof typeof PRECOMPRESSED_SUFFIX;

/** Precompressed copies are another encoding of a file, not a file of the build. */
export function isPrecompressedCopy(file: string): boolean {
  return Object.values(PRECOMPRESSED_SUFFIX).some((suffix) => file.endsWith(suffix));
}

/** Every file of one build folder, relative, with forward slashes, sorted; precompressed copies and the build's own data left out. */
export function listBuildFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && !isPrecompressedCopy(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${BUILD_DATA_DIR}/`))
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
