/**
 * The search plugin's indexing, run here rather than through its postBuild: the same steps
 * (searchLocalSteps.d.ts), but each version's index is handed on in memory, its pages titled as
 * Docusaurus titles them before lunr indexes them, instead of written whole to disk, read back and its
 * titles indexed a second time.
 */
import path from 'node:path';
import type {LoadContext, Props} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex';
import {withDocTitles, type PluginIndex} from '../../src/search/engine/indexWriter';

export interface IndexedVersion {
  /** The folder its manifest belongs in: the site's root for the newest version, its own folder for the others. */
  outDir: string;
  index: PluginIndex;
}

/** The copy of a page the index reads instead of the page (a file of the build, relative), if it has one. */
export type IndexedCopyOf = (file: string) => string | undefined;

/**
 * Each docs version's index, as the search plugin builds it, its pages titled with `titles` (address →
 * title); a page rendered per view is read from the copy `indexedCopyOf` names (plugins/audiences/buildProof.ts).
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
    const copy = indexedCopyOf(path.relative(props.outDir, filePath).split(path.sep).join('/'));
    return copy === undefined ? filePath : path.join(props.outDir, copy);
  };
  for (const {outDir, paths} of processDocInfos(props, config)) {
    const [pageTitles = [], ...rest] = await scanDocuments(
      paths.map((page) => ({...page, filePath: read(page.filePath)})),
      config,
    );
    const built = buildIndex([withDocTitles(pageTitles, titles), ...rest], config);
    indexes.push({outDir, index: built.map(({documents, index}) => ({documents, index: index.toJSON()}))});
  }
  return indexes;
}
