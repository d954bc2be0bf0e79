/** What a build produced: its search indexes and the login page's scripts, sized. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listBuildFiles} from '../../shared/buildLayout';
import {
  DocKind,
  MANIFEST_FILE,
  PARTS_DIR,
  type DocPart,
  type IndexedDoc,
  type SearchManifest,
  type TermPart,
} from '../../shared/searchIndexFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {gateBuildLayout} from './docusaurus';
import {runOf} from '../../src/search/engine/rank';

/**
 * Raw, gzip -9 and as-served bytes of a build file. `served` is what the gate sends a browser that
 * accepts brotli: the precompressed copy, or the file itself when the build kept no copy of it
 * (too small to gain); `brotli` says whether there was one.
 */
export interface FileBytes {
  raw: number;
  gzip9: number;
  served: number;
  brotli: boolean;
}

export function fileBytes(buildDir: string, file: string): FileBytes {
  const full = path.join(buildDir, file);
  const raw = readFileSync(full);
  const brotli = existsSync(`${full}.br`);
  return {raw: raw.length, gzip9: gzipSync(raw, {level: 9}).length, served: brotli ? statSync(`${full}.br`).size : raw.length, brotli};
}

/** Sums of several files' bytes (`brotli`: every one of them has a copy). */
export function totalBytes(files: readonly FileBytes[]): FileBytes {
  return {
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip9: files.reduce((sum, file) => sum + file.gzip9, 0),
    served: files.reduce((sum, file) => sum + file.served, 0),
    brotli: files.every((file) => file.brotli),
  };
}

export interface PartsStats extends FileBytes {
  count: number;
  /** The largest part's raw bytes. */
  largestRaw: number;
}

function partsStats(buildDir: string, names: readonly string[]): PartsStats {
  const files = names.map((name) => fileBytes(buildDir, `${PARTS_DIR}/${name}.json`));
  return {count: names.length, ...totalBytes(files), largestRaw: Math.max(0, ...files.map((file) => file.raw))};
}

/** One version's search index (shared/searchIndexFiles.ts): its manifest and the parts it names. */
export interface VersionIndexStats {
  /** The version's folder below the site's root: '' for the current version (2.0), '1.0'. */
  version: string;
  /** The manifest, relative to the build. */
  manifestFile: string;
  manifest: FileBytes;
  pages: number;
  terms: number;
  termParts: PartsStats;
  docParts: PartsStats;
  /** Pages indexed with an empty title (or none): should be 0 (bench/HISTORY.md, "Problems found"). */
  emptyPages: number;
  /** The first few of them. */
  emptyPageUrls: string[];
}

const readJson = <T>(buildDir: string, file: string) => JSON.parse(readFileSync(path.join(buildDir, file), 'utf8')) as T;

/** Each page a version's index holds: its title document (undefined when the page has none) and the page's address. */
export function indexedPages(buildDir: string, manifestFile: string): {url: string | null; title: IndexedDoc | undefined}[] {
  const manifest = readJson<SearchManifest>(buildDir, manifestFile);
  const docParts = manifest.docParts.names.map((name) => readJson<DocPart>(buildDir, `${PARTS_DIR}/${name}.json`));
  // Parts in order of their first document: a document is in the last part that starts at or before it.
  const docAt = (doc: number) => {
    const part = docParts[runOf(doc, manifest.docParts.first)];
    return part && part.first <= doc ? part.docs[doc - part.first] : undefined;
  };
  return manifest.pages.first.map((first) => {
    const title = docAt(first);
    return {url: title?.k === DocKind.Title ? (title.u ?? null) : null, title: title?.k === DocKind.Title ? title : undefined};
  });
}

export function versionIndexStats(buildDir: string, manifestFile: string): VersionIndexStats {
  const manifest = readJson<SearchManifest>(buildDir, manifestFile);
  const terms = manifest.termParts.names.reduce(
    (sum, name) => sum + readJson<TermPart>(buildDir, `${PARTS_DIR}/${name}.json`).terms.length,
    0,
  );
  const empty = indexedPages(buildDir, manifestFile).filter(({title}) => title === undefined || title.t.trim() === '');
  const dir = path.posix.dirname(manifestFile);
  return {
    version: dir === '.' ? '' : dir,
    manifestFile,
    manifest: fileBytes(buildDir, manifestFile),
    pages: manifest.pages.first.length,
    terms,
    termParts: partsStats(buildDir, manifest.termParts.names),
    docParts: partsStats(buildDir, manifest.docParts.names),
    emptyPages: empty.length,
    emptyPageUrls: empty.slice(0, 5).map(({url}) => url ?? '(no title document)'),
  };
}

/** Every version's index in a build folder, the current version first. */
export function searchIndexStats(buildDir: string, files: readonly string[] = listBuildFiles(buildDir)): VersionIndexStats[] {
  return files
    .filter((file) => path.posix.basename(file) === MANIFEST_FILE)
    .map((file) => versionIndexStats(buildDir, file))
    .sort((a, b) => a.version.localeCompare(b.version));
}

export interface LoginWeight {
  build: string;
  docs: number;
  scripts: number;
  gzip9Bytes: number;
}

/** What the login page's scripts weigh (gzip -9): every script its HTML loads or preloads. */
export function loginScriptWeight(build: string, buildDir: string, docs: number): LoginWeight {
  const {login} = gateBuildLayout(buildDir);
  const scripts = assetsReferencedBy(readFileSync(path.join(login, 'login.html'), 'utf8')).filter((asset) => asset.endsWith('.js'));
  const gzip9Bytes = scripts.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(login, script)), {level: 9}).length, 0);
  return {build, docs, scripts: scripts.length, gzip9Bytes};
}
