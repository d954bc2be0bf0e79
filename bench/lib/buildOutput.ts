/** What a build produced: its search indexes and the login page's scripts, sized. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {
  AUDIENCE_MAP,
  listBuildFiles,
  LOGIN_DIR,
  LOGIN_PAGE,
  PRECOMPRESSED_SUFFIX,
  SITE_DIR,
  type AudienceMap,
} from '../../contracts/buildLayout';
import {INSIGHTS_PAGE} from '../../contracts/insights';
import {DocKind, MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {readBuiltSearchIndexes} from '../../testkit/builtSearchIndex';
import {kib, sum} from './stats';

export const gzip9 = (file: string) => gzipSync(readFileSync(file), {level: 9}).length;

/**
 * One row per version's search index (contracts/searchIndexFiles.ts) in a build as `npm run build` lays
 * it out: all its partitions (one per group of pages with the same readers) together, as the build wrote
 * them, every reader's pieces included.
 */
export function searchIndexRows(buildDir: string) {
  const siteDir = path.join(buildDir, SITE_DIR);
  const manifests = listBuildFiles(siteDir).filter((file) => path.posix.basename(file) === MANIFEST_FILE);
  return manifests.sort().map((manifest) => {
    const route = path.posix.dirname(manifest).replace(/^\.$/, '');
    const indexes = readBuiltSearchIndexes(siteDir, route);
    const titles = indexes.flatMap((index) => index.manifest.pages.first.map((first) => index.docs[first]));
    // As the gate sends them to a browser that takes brotli: the `.br` copy when the build kept one (a manifest
    // with partitions has none: the gate compresses each reader's copy).
    const sentBytes = (file: string) => statSync([`${file}${PRECOMPRESSED_SUFFIX.br}`, file].find((sent) => existsSync(sent))!).size;
    const sent = (files: readonly string[]) => kib(sum(files.map((file) => sentBytes(path.join(siteDir, file)))));
    return {
      Manifest: manifest,
      Partitions: indexes.length,
      Pages: titles.length,
      Terms: new Set(indexes.flatMap((index) => index.terms)).size,
      Parts: sum(indexes.map((index) => index.partFiles.length)),
      'Manifest KiB as sent': sent([indexes[0]!.manifestFile]),
      'Parts KiB as sent': sent(indexes.flatMap((index) => index.partFiles)),
      /** Should be 0 (bench/HISTORY.md, "Problems found"). */
      'Pages indexed with an empty title': titles.filter((title) => title?.k !== DocKind.Title || title.t.trim() === '').length,
    };
  });
}

/** What the login page's scripts weigh (gzip -9): every script its HTML loads or preloads. */
export function loginScriptBytes(buildDir: string): number {
  const login = path.join(buildDir, LOGIN_DIR);
  const scripts = assetsReferencedBy(readFileSync(path.join(login, LOGIN_PAGE), 'utf8')).filter((asset) => asset.endsWith('.js'));
  return sum(scripts.map((script) => gzip9(path.join(login, script))));
}

/**
 * Every page of a build that every signed-in reader may open (its map says who may open each), but the
 * authors' insights page: the gate opens it to INSIGHTS_AUDIENCE's readers only (a 404 for the others).
 */
export function pagesForEveryReader(buildDir: string): string[] {
  const map = JSON.parse(readFileSync(path.join(buildDir, SITE_DIR, AUDIENCE_MAP), 'utf8')) as AudienceMap;
  return listBuildFiles(path.join(buildDir, SITE_DIR))
    .filter((file) => file.endsWith('.html') && file !== '404.html' && map.files[file] === '*')
    .map((file) => `/${file.replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`.split('/').map(encodeURIComponent).join('/'))
    .filter((page) => page !== INSIGHTS_PAGE)
    .sort();
}
