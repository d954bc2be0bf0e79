/**
 * What the site's build needs beyond Docusaurus's own before the gate server serves it: preloads of
 * each page's chunks (routeChunkPreloads.ts), then, when asked, the precompressed copies of its files.
 *
 * Precompression happens here, in postBuild, once per file, as soon as the file is final: while the
 * search plugin's postBuild indexes every page on one thread (bench/HISTORY.md, "Build", measures how
 * long), a child process compresses everything but the search indexes on the other cores; then the
 * indexes, once written. Docusaurus waits for every plugin's postBuild, so the build ends compressed.
 */
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {writeRouteChunkPreloads, type RouteChunkPreloadsOptions} from './routeChunkPreloads';
import {precompress} from './precompress';
import {servedFileConditions, writeAudienceMap} from './audiences/servedFiles';
import {writeSearchIndex, type SearchOptions} from './search';
import {conditionsIn} from './audiences/siteConditions';

export interface ServedBuildOptions extends RouteChunkPreloadsOptions {
  /** Precompress the build while the search plugin indexes it (`npm run build` sets it; a plain `docusaurus build` does not). */
  precompress?: boolean;
  /** The search index to write (plugins/search), for a build with docs. */
  search?: SearchOptions;
}

const PRECOMPRESS = path.resolve(__dirname, 'precompress/child.ts');

/**
 * Precompresses the built site in a child process (precompress/child.ts), leaving the search indexes: one
 * compression job per core, but for the core of the indexer when there is one.
 */
async function precompressAllButSearchIndexes(outDir: string, indexing: boolean): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', PRECOMPRESS, outDir, ...(indexing ? ['--skip-search-indexes'] : [])], {
    stdio: 'inherit',
    env: {...process.env, UV_THREADPOOL_SIZE: String(Math.max(1, availableParallelism() - (indexing ? 1 : 0)))},
  });
  // `once` rejects on the child's 'error' (it could not start).
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`Precompression of ${outDir} failed (${signal ?? `exit code ${code}`}).`);
}

export default function servedBuild(context: LoadContext, options: ServedBuildOptions): Plugin {
  return {
    name: 'served-build',
    async postBuild(props) {
      const {outDir, routesPaths, plugins} = props;
      await writeRouteChunkPreloads(context, options, {outDir, routesPaths});
      const docs = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs')?.content as LoadedContent | undefined;
      const conditions = conditionsIn(docs);
      // Who may fetch each file, before anything is compressed: the runtime's chunk tables get their markers here.
      const allDocs = docs?.loadedVersions.flatMap((version) => version.docs) ?? [];
      const served = conditions && (await servedFileConditions(context, outDir, conditions, allDocs));
      const search = docs && options.search;
      const compressing = options.precompress ? precompressAllButSearchIndexes(outDir, !!search) : Promise.resolve();
      const indexed = search ? await writeSearchIndex(context, search, props, conditions) : new Map();
      if (served) await writeAudienceMap(outDir, conditions!, new Map([...served, ...indexed]));
      await Promise.all([compressing, search && options.precompress ? precompress(outDir, {searchIndexes: 'only'}) : undefined]);
    },
  };
}
