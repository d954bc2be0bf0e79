/** What a build produced: its pages, its search indexes and the login page's scripts, to compare builds and size them. */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listBuildFiles} from '../../shared/buildLayout';
import {isSearchIndex} from '../../shared/searchIndexFiles';
import {assetsReferencedBy} from '../../server/rules/htmlAssets';
import {gateBuildLayout} from './docusaurus';

export const htmlRoutes = (files: readonly string[]) => files.filter((file) => file.endsWith('.html'));
export const searchIndexFiles = (files: readonly string[]) => files.filter(isSearchIndex);

/** The plugin's index: one entry per document type; type 0 has one document per page, `t` its title. */
type SearchIndex = {documents: {t: string; u: string}[]}[];

export interface IndexStats {
  file: string;
  bytes: number;
  gzipBytes: number;
  pages: number;
  /**
   * Pages indexed with no title and no text: the plugin read an empty HTML file. Should be 0;
   * see "Problems found" in BENCHMARKS.md.
   */
  emptyPages: number;
  /** The first few of them. */
  emptyPageUrls: string[];
}

export function indexStats(buildDir: string, file: string): IndexStats {
  const raw = readFileSync(path.join(buildDir, file));
  const titles = (JSON.parse(raw.toString('utf8')) as SearchIndex)[0]?.documents ?? [];
  return {
    file,
    bytes: raw.length,
    gzipBytes: gzipSync(raw, {level: 9}).length,
    pages: titles.length,
    emptyPages: titles.filter((document) => document.t === '').length,
    emptyPageUrls: titles
      .filter((document) => document.t === '')
      .slice(0, 5)
      .map((document) => document.u),
  };
}

export interface Equivalence {
  htmlRoutes: number;
  sameHtmlRoutes: boolean;
  /** A few routes only one of the builds has, when they differ. */
  htmlRouteDifferences: string[];
  searchIndexFiles: string[];
  sameSearchIndexFiles: boolean;
  /** Byte-identical index files: both bundlers feed the plugin the same HTML text. */
  identicalSearchIndexes: boolean;
  emptyIndexedPages: {faster: number; webpack: number};
  emptyIndexedPageUrls: {faster: string[]; webpack: string[]};
}

/** Same set of HTML routes and of search index files, and whether the indexes hold the same text. */
export function compareBuilds(faster: string, webpack: string): Equivalence {
  const [filesF, filesW] = [listBuildFiles(faster), listBuildFiles(webpack)];
  const [routesF, routesW] = [new Set(htmlRoutes(filesF)), new Set(htmlRoutes(filesW))];
  const [indexesF, indexesW] = [searchIndexFiles(filesF), searchIndexFiles(filesW)];
  const differences = [...[...routesF].filter((route) => !routesW.has(route)), ...[...routesW].filter((route) => !routesF.has(route))];
  const sameIndexFiles = indexesF.join('\n') === indexesW.join('\n');
  const [statsF, statsW] = [indexesF.map((file) => indexStats(faster, file)), indexesW.map((file) => indexStats(webpack, file))];
  const emptyPages = (stats: IndexStats[]) => stats.reduce((sum, index) => sum + index.emptyPages, 0);
  const emptyUrls = (stats: IndexStats[]) => stats.flatMap((index) => index.emptyPageUrls).slice(0, 5);
  return {
    htmlRoutes: routesF.size,
    sameHtmlRoutes: differences.length === 0,
    htmlRouteDifferences: differences.slice(0, 5),
    searchIndexFiles: indexesF,
    sameSearchIndexFiles: sameIndexFiles,
    identicalSearchIndexes:
      sameIndexFiles && indexesF.every((file) => readFileSync(path.join(faster, file)).equals(readFileSync(path.join(webpack, file)))),
    emptyIndexedPages: {faster: emptyPages(statsF), webpack: emptyPages(statsW)},
    emptyIndexedPageUrls: {faster: emptyUrls(statsF), webpack: emptyUrls(statsW)},
  };
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
