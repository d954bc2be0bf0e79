/**
 * The search plugin's indexing, run here rather than through its postBuild: the same steps
 * (searchLocalSteps.d.ts), but each version's index is handed on in memory, its pages titled as
 * Docusaurus titles them before lunr indexes them, instead of written whole to disk, read back and its
 * titles indexed a second time.
 */
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

/** Each docs version's index, as the search plugin builds it, its pages titled with `titles` (address → title). */
export async function indexVersions(
  context: LoadContext,
  options: PluginOptions,
  props: Props,
  titles: ReadonlyMap<string, string>,
): Promise<IndexedVersion[]> {
  const config = processPluginOptions(options, context);
  const indexes: IndexedVersion[] = [];
  for (const {outDir, paths} of processDocInfos(props, config)) {
    const [pageTitles = [], ...rest] = await scanDocuments(paths, config);
    const built = buildIndex([withDocTitles(pageTitles, titles), ...rest], config);
    indexes.push({outDir, index: built.map(({documents, index}) => ({documents, index: index.toJSON()}))});
  }
  return indexes;
}
