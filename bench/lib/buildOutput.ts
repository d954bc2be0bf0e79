/** What a build produced: its search indexes and the login page's scripts, sized. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listBuildFiles} from '../../contracts/buildLayout';
import {
  DocKind,
  MANIFEST_FILE,
  PARTS_DIR,
  type DocPart,
  type IndexedDoc,
  type SearchManifest,
  type TermPart,
} from '../../contracts/searchIndexFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {gateBuildLayout} from './docusaurus';
import {runOf} from '../../src/search/engine/rank';

const gzip9 = (file: string) => gzipSync(readFileSync(file), {level: 9}).length;
const readJson = <T>(buildDir: string, file: string) => JSON.parse(readFileSync(path.join(buildDir, file), 'utf8')) as T;
const partFile = (name: string) => `${PARTS_DIR}/${name}.json`;

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

/** Each page a version's index holds: its title document (undefined when the page has none) and the page's address. */
export function indexedPages(buildDir: string, manifestFile: string): {url: string | null; title: IndexedDoc | undefined}[] {
  const manifest = readJson<SearchManifest>(buildDir, manifestFile);
  const docParts = manifest.docParts.names.map((name) => readJson<DocPart>(buildDir, partFile(name)));
  // Parts in order of their first document: a document is in the last part that starts at or before it.
  const docAt = (doc: number) => {
    const part = docParts[runOf(doc, manifest.docParts.first)];
    return part && part.first <= doc ? part.docs[doc - part.first] : undefined;
  };
  return manifest.pages.first.map((first) => {
    const title = docAt(first);
    return title?.k === DocKind.Title ? {url: title.u ?? null, title} : {url: null, title: undefined};
  });
}

/** One version's search index (contracts/searchIndexFiles.ts): its manifest and the parts it names. */
function versionIndexStats(buildDir: string, manifestFile: string) {
  const manifest = readJson<SearchManifest>(buildDir, manifestFile);
  const dir = path.posix.dirname(manifestFile);
  return {
    /** The version's folder below the site's root: '' for the current version (2.0), '1.0'. */
    version: dir === '.' ? '' : dir,
    manifest: filesBytes(buildDir, [manifestFile]),
    pages: manifest.pages.first.length,
    terms: manifest.termParts.names.reduce((sum, name) => sum + readJson<TermPart>(buildDir, partFile(name)).terms.length, 0),
    termParts: filesBytes(buildDir, manifest.termParts.names.map(partFile)),
    docParts: filesBytes(buildDir, manifest.docParts.names.map(partFile)),
    /** Pages indexed with an empty title (or none): should be 0 (bench/HISTORY.md, "Problems found"). */
    emptyPages: indexedPages(buildDir, manifestFile).filter(({title}) => title === undefined || title.t.trim() === '').length,
  };
}
export type VersionIndexStats = ReturnType<typeof versionIndexStats>;

/** Every version's index in a build folder, the current version first. */
export function searchIndexStats(buildDir: string): VersionIndexStats[] {
  return listBuildFiles(buildDir)
    .filter((file) => path.posix.basename(file) === MANIFEST_FILE)
    .map((file) => versionIndexStats(buildDir, file))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** What the login page's scripts weigh (gzip -9): every script its HTML loads or preloads. */
export function loginScriptWeight(build: string, buildDir: string, docs: number) {
  const {login} = gateBuildLayout(buildDir);
  const scripts = assetsReferencedBy(readFileSync(path.join(login, 'login.html'), 'utf8')).filter((asset) => asset.endsWith('.js'));
  return {build, docs, scripts: scripts.length, gzip9Bytes: scripts.reduce((sum, script) => sum + gzip9(path.join(login, script)), 0)};
}
