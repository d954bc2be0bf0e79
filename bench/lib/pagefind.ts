/**
 * Pagefind 1.x over the pages our box searches, for the search-quality benchmark: the same built HTML,
 * indexed with Pagefind's Node API, served with a page that has a box of our box's roles
 * (bench/pagefind-box.html) by a plain static server.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {readBuiltSearchIndexes} from '../../testkit/builtSearchIndex';
import {REPO} from '../../testkit/siteCopy';
import {sum} from './stats';

/**
 * Pagefind's settings: what our indexer reads of a page. The doc's `article` (what Docusaurus renders of
 * the Markdown: not the navbar, sidebar, table of contents or footer), code blocks included, without
 * what ours leaves out of it: code-block titles and admonition labels (`ignoreCssSelectors` in
 * docusaurus.config.ts), the breadcrumbs and the version badge (ours keeps breadcrumbs to show, not to
 * search). English forced, as lunr's English pipeline is ours. Ranking left at Pagefind's defaults.
 */
export const PAGEFIND_CONFIG = {
  rootSelector: 'article',
  excludeSelectors: ['[class*="codeBlockTitle_"]', '[class*="admonitionHeading_"]', '.theme-doc-breadcrumbs', '.theme-doc-version-badge'],
  forceLanguage: 'en',
};

/** The page with Pagefind's box, served at the root of the folder `pagefindSite` returns. */
export const PAGEFIND_PAGE = '/pagefind-box.html';

/** Pagefind's index, as against its code (pagefind.js and its WASM): the entry, the metadata, the index chunks and each result's fragment. */
const INDEX_FILE = /(^|\/)(pagefind-entry\.json|[^/]+\.pf_(meta|index|fragment))$/;
/** A request path of Pagefind's index. */
export const isPagefindIndex = (file: string) => file.startsWith('/pagefind/') && INDEX_FILE.test(file);

/** A result's URL as a route: Pagefind gives `/Reference/Hooks.html` for our `/Reference/Hooks`. */
export function pagefindRoute(url: string): string {
  const route = url.replace(/\.html$/, '').replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

/**
 * The pages of a version our index holds (`folder`: its indexes' folder, '' for the newest, at the root),
 * copied as built into `dir`: the same pages for both engines.
 */
function stagePages(site: string, dir: string, folder: string): number {
  const urls = readBuiltSearchIndexes(site, folder).flatMap((index) => index.pageUrls.flatMap((url) => (url ? [url] : [])));
  for (const url of urls) {
    const relative = decodeURI(url).replace(/^\//, '');
    const file = [`${relative}.html`, path.posix.join(relative, 'index.html')].find((candidate) => existsSync(path.join(site, candidate)));
    if (!file) throw new Error(`No built page for ${url} in ${site}`);
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    copyFileSync(path.join(site, file), path.join(dir, file));
  }
  return urls.length;
}

/**
 * Builds, in `dir`, what the static server serves: the pages our index of a version holds (from the built
 * site `site`; `folder` as stagePages's), Pagefind's bundle of them and its page. Returns how many pages
 * each engine holds and the bytes of Pagefind's index.
 */
export async function pagefindSite(site: string, dir: string, folder = '') {
  const staged = stagePages(site, dir, folder);
  const pagefind = await import('pagefind');
  try {
    const created = await pagefind.createIndex(PAGEFIND_CONFIG);
    if (!created.index) throw new Error(`pagefind.createIndex: ${created.errors.join('; ')}`);
    const added = await created.index.addDirectory({path: dir});
    if (added.errors.length > 0) throw new Error(`pagefind addDirectory: ${added.errors.join('; ')}`);
    const bundleDir = path.join(dir, 'pagefind');
    const written = await created.index.writeFiles({outputPath: bundleDir});
    if (written.errors.length > 0) throw new Error(`pagefind writeFiles: ${written.errors.join('; ')}`);
    copyFileSync(path.join(__dirname, '..', PAGEFIND_PAGE), path.join(dir, PAGEFIND_PAGE));
    const files = readdirSync(bundleDir, {recursive: true, encoding: 'utf8'}).filter((file) =>
      statSync(path.join(bundleDir, file)).isFile(),
    );
    const bytes = (pick: (file: string) => boolean) => sum(files.filter(pick).map((file) => statSync(path.join(bundleDir, file)).size));
    return {
      ourPages: staged,
      pagefindPages: added.page_count,
      files: files.length,
      indexBytes: bytes((file) => INDEX_FILE.test(file)),
    };
  } finally {
    await pagefind.close();
  }
}

/** The installed Pagefind's version (its package exports no package.json). */
export function pagefindVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO, 'node_modules/pagefind/package.json'), 'utf8')) as {version: string}).version;
}
