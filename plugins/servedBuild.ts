/**
 * What the site's build needs beyond Docusaurus's own before the gate server serves it, in order:
 * preloads of each page's chunks (routeChunkPreloads.ts); who may fetch each file (audiences/servedFiles.ts),
 * the runtime's chunk tables marked; the search index (search/); the leak proof, with the pages that need
 * it rendered per view (audiences/buildProof.ts); when asked, the precompressed copies of the files; and
 * last, the gate's map of who may fetch what (contracts/buildLayout.ts, AUDIENCE_MAP), which the gate needs
 * to serve the site at all: a build that stops half-way is never served.
 *
 * Precompression happens here, once per file, as soon as the file is final: while the search plugin's
 * postBuild indexes every page on one thread (bench/HISTORY.md, "Build", measures how long), a child
 * process compresses everything but the search indexes on the other cores; then the indexes, once
 * written. Docusaurus waits for every plugin's postBuild, so the build ends compressed.
 */
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin, Props} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {MarkerSyntax} from '../contracts/audienceMarkers';
import {READERS, type Condition} from '../contracts/audiences';
import {listBuildFiles, SITE_PLACES} from '../contracts/buildLayout';
import type {SitePlaces} from '../contracts/insights';
import {writeRouteChunkPreloads, type RouteChunkPreloadsOptions} from './routeChunkPreloads';
import {runTsChild} from './tsChild';
import {precompress} from './precompress';
import {routeConditions, type ChunkNames, type RouteReaders} from './audiences/clientModules';
import {fileConditions, htmlFileOf, markRuntime, writeAudienceMap, type ClientManifest} from './audiences/servedFiles';
import {BuildProof} from './audiences/buildProof';
import {IndexedPages} from './audiences/indexedPages';
import {keptServerBundle} from './audiences/viewRender';
import {markerKeyOf} from './audiences';
import {allSections, sectionCondition, writeSearchIndex, type SearchOptions} from './search';
import type {IndexedCopyOf} from './search/indexer';
import {conditionsIn, type Conditions} from './audiences/siteConditions';

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
async function precompressAllButSearchIndexes(outDir: string, indexing: boolean, markers?: MarkerSyntax): Promise<void> {
  await runTsChild(
    PRECOMPRESS,
    [outDir, ...(markers ? [`--markers=${markers.key}`] : []), ...(indexing ? ['--skip-search-indexes'] : [])],
    `Precompression of ${outDir}`,
    {...process.env, UV_THREADPOOL_SIZE: String(Math.max(1, availableParallelism() - (indexing ? 1 : 0)))},
  );
}

interface Steps {
  context: LoadContext;
  props: Props;
  options: ServedBuildOptions;
  docs: LoadedContent | undefined;
  conditions: Conditions | undefined;
  markers: MarkerSyntax;
}

/**
 * Who may fetch each file of the site, and the route table it is decided by (audiences/servedFiles.ts);
 * with audiences, the runtime's chunk tables marked, before anything is compressed.
 */
async function servedFiles({context, props, docs, conditions, markers}: Steps) {
  const generated = (file: string) => readFile(path.join(context.generatedFilesDir, file), 'utf8');
  const base: Condition = conditions?.base ?? READERS;
  const routes = routeConditions(await generated('routes.js'), base);
  const manifest = JSON.parse(await generated('client-manifest.json')) as ClientManifest;
  const files = listBuildFiles(props.outDir);
  const served = await fileConditions({
    files,
    routes,
    chunkNames: JSON.parse(await generated('routesChunkNames.json')) as Record<string, ChunkNames>,
    base,
    manifest,
    read: (file) => readFile(path.join(props.outDir, file), 'utf8'),
    readBytes: (file) => readFile(path.join(props.outDir, file)),
    sources: await Promise.all(
      (docs?.loadedVersions.flatMap((version) => version.docs) ?? []).map(async ({source, permalink}) => ({
        text: await readFile(path.join(context.siteDir, source.replace(/^@site\//, '')), 'utf8'),
        condition: conditions?.page(permalink) ?? READERS,
      })),
    ),
  });
  if (conditions) await markRuntime(props.outDir, {files, manifest, conditions: served.conditions, base, markers});
  return {routes, served};
}

/**
 * The search index, and the leak proof of everything the gate may send, which runs beside the indexer
 * on the other core (audiences/buildProof.ts). The index reads each page as all its readers share it
 * (audiences/indexedPages.ts); pages whose code lists other readers' pages are rendered per view, and
 * indexed anew as rendered with what all their readers share. Throws LeakError.
 */
async function indexAndProve(steps: Steps, routes: ReadonlyMap<string, RouteReaders>, served: ReadonlyMap<string, Condition>) {
  const {context, props, options, docs, conditions, markers} = steps;
  const search = docs && options.search;
  const index = (indexedCopyOf: IndexedCopyOf) =>
    search ? writeSearchIndex(context, search, props, {conditions, markers, indexedCopyOf}) : Promise.resolve(new Map<string, Condition>());
  if (conditions === undefined || docs === undefined) return {indexed: await index(() => undefined)};
  const started = performance.now();
  const proof = await BuildProof.start({
    outDir: props.outDir,
    siteUrl: props.siteConfig.url,
    versions: docs.loadedVersions,
    conditions,
    sections: search
      ? allSections(search, docs, props.baseUrl).flatMap((section) => {
          const condition = sectionCondition(section, conditions);
          return condition === undefined ? [] : [{...section, condition}];
        })
      : [],
    markers,
    serverBundle: keptServerBundle(context.generatedFilesDir),
    pageRoutes: new Map([
      ...[...routes.values()].filter(({page}) => page).map(({path: route}) => [htmlFileOf(route), route] as const),
      ['404.html', '/404.html'],
    ]),
  });
  const proving = proof.proveFilesAside(served);
  // Its failure is waited for below, after the index: until then it is not an unhandled one.
  proving.catch(() => undefined);
  const pages = await IndexedPages.of(props.outDir, served, markers);
  try {
    let indexed = await index(pages.copyOf);
    const shared = await proof.renderPages(await proving, served);
    if (shared) {
      for (const [file, html] of shared) await pages.add(file, html);
      const before = indexed;
      indexed = await index(pages.copyOf);
      await Promise.all(
        [...before.keys()].filter((file) => !indexed.has(file)).map((file) => rm(path.join(props.outDir, file), {force: true})),
      );
    }
    await proof.proveFiles(indexed);
    const proven = proof.finish();
    const perView = proven.viewPages
      ? `, ${Object.keys(proven.viewPages.pages).length} page(s) rendered per view (${proven.copies} copies)`
      : '';
    console.log(
      `Leak proof: no reader can learn of a page they may not open in the ${proven.files} text files of ${props.outDir}${perView} (${Math.round(performance.now() - started)} ms).`,
    );
    return {indexed, viewPages: proven.viewPages};
  } finally {
    await pages.dispose();
  }
}

/** Where each page is, for the gate's insights (contracts/insights.ts). */
async function writeSitePlaces(outDir: string, places: SitePlaces): Promise<void> {
  const file = path.join(outDir, SITE_PLACES);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, JSON.stringify(places));
}

export default function servedBuild(context: LoadContext, options: ServedBuildOptions): Plugin {
  return {
    name: 'served-build',
    async postBuild(props) {
      const {outDir, routesPaths, plugins} = props;
      await writeRouteChunkPreloads(context, options, {outDir, routesPaths});
      const markerKey = markerKeyOf(plugins);
      // The login build: anyone may have all of it, and it has no map.
      if (markerKey === undefined) {
        if (options.precompress) await precompressAllButSearchIndexes(outDir, false);
        return;
      }
      const docs = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs')?.content as LoadedContent | undefined;
      const steps: Steps = {context, props, options, docs, conditions: conditionsIn(docs), markers: new MarkerSyntax(markerKey)};
      const {routes, served} = await servedFiles(steps);
      const search = docs !== undefined && options.search !== undefined;
      const compressing = options.precompress ? precompressAllButSearchIndexes(outDir, search, steps.markers) : Promise.resolve();
      const {indexed, viewPages} = await indexAndProve(steps, routes, served.conditions);
      await Promise.all([
        compressing,
        search && options.precompress ? precompress(outDir, {searchIndexes: 'only', markers: steps.markers}) : undefined,
      ]);
      await writeSitePlaces(outDir, {
        versions: (docs?.loadedVersions ?? []).map(({versionName, path: versionPath}) => ({name: versionName, path: versionPath})),
        sections: docs && options.search ? allSections(options.search, docs, props.baseUrl) : [],
      });
      // Last: a build that stopped before this is never served.
      await writeAudienceMap(outDir, {
        audiences: steps.conditions?.data.audiences ?? [],
        markers: steps.markers,
        served: new Map([...served.conditions, ...indexed]),
        routes,
        routesOf: served.routesOf,
        ...(viewPages ? {viewPages} : {}),
      });
      if (served.unnamed.length > 0) {
        console.log(
          `No page, script or doc of the site names ${served.unnamed.length} of its files, so the gate sends them to no reader of the site: ${served.unnamed.join(', ')}`,
        );
      }
    },
  };
}
