/** What a build produced: its search indexes and the login page's scripts, sized. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listBuildFiles, LOGIN_DIR, SITE_DIR} from '../../contracts/buildLayout';
import {DocKind, MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {readBuiltSearchIndex} from '../../testkit/builtSearchIndex';

export const gzip9 = (file: string) => gzipSync(readFileSync(file), {level: 9}).length;

/**
 * Raw, gzip -9 and as-served bytes of build files. `served` is what the gate sends a browser that
 * accepts brotli: the precompressed copy, or the file itself when the build kept none (too small to
 * gain); `brotli`: every file has a copy.
 */
function filesBytes(buildDir: string, files: readonly string[]) {
  const each = files.map((file) => path.join(buildDir, file));
  const sum = (size: (full: string) => number) => each.reduce((total, full) => total + size(full), 0);
  const brotli = (full: string) => existsSync(`${full}.br`);
  return {
    raw: sum((full) => statSync(full).size),
    gzip9: sum(gzip9),
    served: sum((full) => statSync(brotli(full) ? `${full}.br` : full).size),
    brotli: each.every(brotli),
    count: files.length,
    largestRaw: Math.max(0, ...each.map((full) => statSync(full).size)),
  };
}

/** One version's search index (contracts/searchIndexFiles.ts): its manifest and the parts it names. */
function versionIndexStats(siteDir: string, route: string) {
  const index = readBuiltSearchIndex(siteDir, route);
  const titles = index.manifest.pages.first.map((first) => index.docs[first]);
  return {
    /** The version's folder below the site's root: '' for the current version (2.0), '1.0'. */
    version: route,
    manifest: filesBytes(siteDir, [index.manifestFile]),
    pages: titles.length,
    terms: index.terms.length,
    termParts: filesBytes(siteDir, index.partFiles.slice(0, index.termParts.length)),
    docParts: filesBytes(siteDir, index.partFiles.slice(index.termParts.length)),
    /** Pages indexed with an empty title (or none): should be 0 (bench/HISTORY.md, "Problems found"). */
    emptyPages: titles.filter((title) => title?.k !== DocKind.Title || title.t.trim() === '').length,
  };
}
export type VersionIndexStats = ReturnType<typeof versionIndexStats>;

/** Every version's index in a build (as `npm run build` lays it out), the current version first. */
export function searchIndexStats(buildDir: string): VersionIndexStats[] {
  const siteDir = path.join(buildDir, SITE_DIR);
  return listBuildFiles(siteDir)
    .filter((file) => path.posix.basename(file) === MANIFEST_FILE)
    .map((file) => versionIndexStats(siteDir, path.posix.dirname(file).replace(/^\.$/, '')))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** What the login page's scripts weigh (gzip -9): every script its HTML loads or preloads. */
export function loginScriptWeight(build: string, buildDir: string, docs: number) {
  const login = path.join(buildDir, LOGIN_DIR);
  const scripts = assetsReferencedBy(readFileSync(path.join(login, 'login.html'), 'utf8')).filter((asset) => asset.endsWith('.js'));
  return {build, docs, scripts: scripts.length, gzip9Bytes: scripts.reduce((sum, script) => sum + gzip9(path.join(login, script)), 0)};
}
