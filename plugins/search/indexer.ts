/**
 * The search plugin's indexing, run here rather than through its postBuild: the same steps
 * (searchLocalSteps.d.ts), but each version's documents are handed on in memory, its pages titled as
 * Docusaurus titles them, for lunr to index them once, as a whole or by audience (partitions.ts),
 * instead of written whole to disk, read back and its titles indexed a second time.
 */
import path from 'node:path';
import type {LoadContext, Props} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex';
import {withDocTitles, type PluginDoc, type PluginIndex} from '../../src/search/engine/indexWriter';

export interface IndexedVersion {
  /** The folder its manifest belongs in: the site's root for the newest version, its own folder for the others. */
  outDir: string;
  /** The documents of each kind the plugin parsed from the version's pages, titled as Docusaurus titles them. */
  documents: PluginDoc[][];
  /** A lunr index of each kind of some of those documents, as the plugin builds them (its languages, its stop words). */
  build: (documents: PluginDoc[][]) => PluginIndex;
}

/** The copy the index reads instead of a page (`file`: of the build, relative; the copy: an absolute path), if it has one. */
export type IndexedCopyOf = (file: string) => string | undefined;

/**
 * Each docs version's index, as the search plugin builds it, its pages titled with `titles` (address →
 * title); a page is read from the copy `indexedCopyOf` names, if any (plugins/audiences/indexedPages.ts).
 */
export async function indexVersions(
  context: LoadContext,
  options: PluginOptions,
  props: Props,
  titles: ReadonlyMap<string, string>,
  indexedCopyOf: IndexedCopyOf,
): Promise<IndexedVersion[]> {
  const config = processPluginOptions(options, context);
  const indexes: IndexedVersion[] = [];
  const read = (filePath: string) => {
    return indexedCopyOf(path.relative(props.outDir, filePath).split(path.sep).join('/')) ?? filePath;
  };
  for (const {outDir, paths} of processDocInfos(props, config)) {
    const [pageTitles = [], ...rest] = await scanDocuments(
      paths.map((page) => ({...page, filePath: read(page.filePath)})),
      config,
    );
    indexes.push({
      outDir,
      documents: [withDocTitles(pageTitles, titles), ...rest],
      build: (documents) => buildIndex(documents, config).map(({documents: kept, index}) => ({documents: kept, index: index.toJSON()})),
    });
  }
  return indexes;
}
