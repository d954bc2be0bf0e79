/**
 * The indexer's own steps (`@easyops-cn/docusaurus-search-local` 0.55, its CommonJS modules: the package
 * has no exports map and ships no types for them), as its postBuild runs them
 * (dist/server/server/utils/postBuildFactory.js): the docs' built pages by version, each page parsed into
 * documents, a lunr index of each kind. indexer.ts runs them itself, so that the index is written once,
 * in its final form, rather than written whole to disk by the plugin and read back. (The plugin offers no
 * such API; none is asked for upstream.)
 */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions' {
  import type {LoadContext} from '@docusaurus/types';
  import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
  /** The options with the indexer's derived settings (its `ProcessedPluginOptions`). */
  export function processPluginOptions(options: PluginOptions, context: LoadContext): unknown;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos' {
  /** Per version, the folder its index belongs in (the newest version's at the root) and its pages' built files. */
  export function processDocInfos(
    buildData: {routesPaths: string[]; outDir: string; baseUrl: string; siteConfig: unknown; plugins: unknown[]},
    config: unknown,
  ): {outDir: string; paths: {filePath: string; url: string; type: string}[]}[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments' {
  import type {PluginDoc} from '@site/src/search/engine/indexWriter';
  /** The documents of each kind (titles, headings, descriptions, keywords, section texts), ids running on across calls. */
  export function scanDocuments(paths: {filePath: string; url: string; type: string}[], config: unknown): Promise<PluginDoc[][]>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex' {
  import type {PluginDoc, SerialisedLunrIndex} from '@site/src/search/engine/indexWriter';
  /** A lunr index of each kind, with its documents (lunr's Index; its JSON is the serialised form). */
  export function buildIndex(documents: PluginDoc[][], config: unknown): {documents: PluginDoc[]; index: {toJSON(): SerialisedLunrIndex}}[];
}
