/** A version's search index as a build wrote it (contracts/searchIndexFiles.ts), read whole: what the content and authoring tests and the benchmarks check. */
import {readFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {DocKind, MANIFEST_FILE, PARTS_DIR, type DocPart, type SearchManifest, type TermPart} from '../contracts/searchIndexFiles';
import {CURRENT_VERSION, type SiteVersion} from '../contracts/siteVersions';
import {lunrRules} from '../src/search/engine/lunrRules';
import {VersionIndex} from '../src/search/engine/versionIndex';

export interface BuiltSearchIndex {
  /** The manifest's file below the build folder: `search-index.manifest.json`, `1.0/search-index.manifest.json`. */
  manifestFile: string;
  manifest: SearchManifest;
  /** Every part the manifest names, as its file below the build folder, term parts first. */
  partFiles: string[];
  termParts: TermPart[];
  docParts: DocPart[];
  /** Every term, in the order of the parts. */
  terms: string[];
  /** Every document, numbered as the manifest numbers them. */
  docs: IndexedDocs;
  /** Each page's address, from its title document. */
  pageUrls: (string | undefined)[];
}

type IndexedDocs = DocPart['docs'];

export const partFile = (name: string): string => `${PARTS_DIR}/${name}.json`;

const manifestFileOf = (folder: string) => (folder === '' ? MANIFEST_FILE : `${folder}/${MANIFEST_FILE}`);

/**
 * The folder of a version's indexes below the build folder: the search plugin writes the newest version's
 * (the current docs: `lastVersion`) at the root whatever its path, each other one in its own.
 */
export const manifestFolderOf = ({name, route}: Pick<SiteVersion, 'name' | 'route'>): string => (name === CURRENT_VERSION ? '' : route);

/** A version's manifest below the build folder: `search-index.manifest.json`, `1.0/search-index.manifest.json`. */
export const versionManifestFile = (version: Pick<SiteVersion, 'name' | 'route'>): string => manifestFileOf(manifestFolderOf(version));

/**
 * The manifest's own index and those of its partitions (the pages only some of the version's readers may
 * see, plugins/search/partitions.ts), as the build wrote them: with every reader's pieces.
 */
function manifestsOf(buildDir: string, folder: string): SearchManifest[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, manifestFileOf(folder)), 'utf8')) as SearchManifest;
  return [manifest, ...(manifest.partitions ?? []).filter((partition) => typeof partition === 'object')];
}

function indexOf(buildDir: string, folder: string, manifest: SearchManifest): BuiltSearchIndex {
  const read = <T>(file: string) => JSON.parse(readFileSync(path.join(buildDir, file), 'utf8')) as T;
  const termParts = manifest.termParts.names.map((name) => read<TermPart>(partFile(name)));
  const docParts = manifest.docParts.names.map((name) => read<DocPart>(partFile(name)));
  const docs = docParts.flatMap((part) => part.docs);
  return {
    manifestFile: manifestFileOf(folder),
    manifest,
    partFiles: [...manifest.termParts.names, ...manifest.docParts.names].map(partFile),
    termParts,
    docParts,
    terms: termParts.flatMap((part) => part.terms),
    docs,
    pageUrls: manifest.pages.first.map((first) => (docs[first]?.k === DocKind.Title ? docs[first].u : undefined)),
  };
}

/** The version whose indexes are in `folder` (manifestFolderOf: '' for the newest, else `1.0`): the index of its manifest's own pages. */
export function readBuiltSearchIndex(buildDir: string, folder: string): BuiltSearchIndex {
  return indexOf(buildDir, folder, manifestsOf(buildDir, folder)[0]!);
}

/** Every index of the version: its manifest's own, then each partition's (more than one when its pages have different readers). */
export function readBuiltSearchIndexes(buildDir: string, folder: string): BuiltSearchIndex[] {
  return manifestsOf(buildDir, folder).map((manifest) => indexOf(buildDir, folder, manifest));
}

/** What a version's indexes hold together, its partitions included: every page, term and section. */
export function builtVersionIndex(
  buildDir: string,
  folder: string,
): {pageUrls: (string | undefined)[]; terms: string[]; sections: string[]} {
  const indexes = readBuiltSearchIndexes(buildDir, folder);
  return {
    pageUrls: indexes.flatMap((index) => index.pageUrls),
    terms: [...new Set(indexes.flatMap((index) => index.terms))].sort(),
    sections: [...new Set(indexes.flatMap((index) => index.manifest.sections))],
  };
}

/**
 * A version's index as the search worker loads it, read from a build's files instead of fetched: the engine
 * over it, and every address it asked for, in order.
 */
export function builtSearchEngine(buildDir: string, manifestUrl: string): {index: VersionIndex; fetched: string[]} {
  const fetched: string[] = [];
  const fetchJson = async (url: string) => {
    fetched.push(url);
    return JSON.parse(await readFile(path.join(buildDir, decodeURIComponent(url)), 'utf8')) as unknown;
  };
  return {index: new VersionIndex(manifestUrl, '/', fetchJson, lunrRules), fetched};
}
