/**
 * Points the bundles at copies of the modules Docusaurus generates, written beside them once the site's
 * content is loaded:
 * - the browser's copies are marked for the gate (clientModules.ts), which sends each reader theirs;
 * - the server-side render's copies of the data (the global data, each route's props) give it what one
 *   view sees when a page is rendered for that view alone (viewRender.ts, src/audiences/ssrView.ts), and
 *   the whole of it, annotated, otherwise: it then renders every piece with the markers the gate cuts by
 *   (src/audiences/Restricted.tsx).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {AUDIENCE_FIELD, type MarkerSyntax} from '../../contracts/audienceMarkers';
import type {Condition} from '../../contracts/audiences';
import {
  chunkConditions,
  clientConfigModule,
  markedChunkNamesModule,
  markedDataModule,
  markedRegistryModule,
  markedRoutesModule,
  routeConditions,
  type ChunkNames,
} from './clientModules';

/** The folders of the copies, inside Docusaurus's generated files. */
export const CLIENT_COPIES = 'audiences-client';
export const SERVER_COPIES = 'audiences-server';
const ANNOTATION = `"${AUDIENCE_FIELD}"`;
/** What the server's copies call on their data (src/audiences/ssrView.ts). */
const SSR_VIEW_MODULE = '@site/src/audiences/ssrView';

export interface BundleCopies {
  /** Request → file, for the browser bundle. */
  client: Record<string, string>;
  /** Request → file, for the server-side render's bundle. */
  server: Record<string, string>;
}

/**
 * Writes the copies and returns the aliases that make each bundle load them, or null when nothing
 * generated carries an audience (a site without audiences is bundled as always).
 */
export function writeBundleCopies(
  generatedFilesDir: string,
  {markers, base}: {markers: MarkerSyntax; base: Condition},
): BundleCopies | null {
  const read = (file: string) => readFileSync(path.join(generatedFilesDir, file), 'utf8');
  const routes = read('routes.js');
  const globalData = read('globalData.json');
  if (!routes.includes(`${AUDIENCE_FIELD}:`) && !globalData.includes(ANNOTATION)) return null;

  const write = (folder: string, file: string, code: string) => {
    const full = path.join(generatedFilesDir, folder, file);
    mkdirSync(path.dirname(full), {recursive: true});
    writeFileSync(full, code);
    return full;
  };
  const serverData = (request: string) =>
    `import data from ${JSON.stringify(request)};\nimport {ssrView} from ${JSON.stringify(SSR_VIEW_MODULE)};\nexport default ssrView(data);\n`;
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, ChunkNames>;
  const routeReaders = routeConditions(routes, base);
  /** A route's data module with annotations: the requests of its two copies. */
  const copies = new Map<string, {client: string; server: string}>();
  const copiesOf = (request: string) => {
    if (!request.startsWith('@generated/') || !request.endsWith('.json')) return undefined;
    if (!copies.has(request)) {
      const file = request.slice('@generated/'.length);
      if (!existsSync(path.join(generatedFilesDir, file)) || !read(file).includes(ANNOTATION)) return undefined;
      const copy = `data/${file.replace(/\.json$/, '.js')}`;
      write(CLIENT_COPIES, copy, markedDataModule(read(file), file, markers));
      write(SERVER_COPIES, copy, serverData(request));
      copies.set(request, {client: `@generated/${CLIENT_COPIES}/${copy}`, server: `@generated/${SERVER_COPIES}/${copy}`});
    }
    return copies.get(request);
  };
  const registry = read('registry.js');
  const clientRegistry = markedRegistryModule(
    registry,
    chunkConditions(routeReaders, chunkNames),
    base,
    (request) => copiesOf(request)?.client,
    markers,
  );
  let serverRegistry = registry;
  for (const [request, {server}] of copies) serverRegistry = serverRegistry.split(JSON.stringify(request)).join(JSON.stringify(server));
  return {
    client: {
      '@generated/routes$': write(CLIENT_COPIES, 'routes.js', markedRoutesModule(routes, base, markers)),
      '@generated/routesChunkNames$': write(
        CLIENT_COPIES,
        'routesChunkNames.js',
        markedChunkNamesModule(chunkNames, routeReaders, base, markers),
      ),
      '@generated/registry$': write(CLIENT_COPIES, 'registry.js', clientRegistry),
      '@generated/globalData$': write(CLIENT_COPIES, 'globalData.js', markedDataModule(globalData, 'globalData', markers)),
      '@generated/docusaurus.config$': write(CLIENT_COPIES, 'docusaurus.config.mjs', clientConfigModule(read('docusaurus.config.mjs'))),
    },
    server: {
      '@generated/registry$': write(SERVER_COPIES, 'registry.js', serverRegistry),
      '@generated/globalData$': write(SERVER_COPIES, 'globalData.js', serverData('@generated/globalData.json')),
    },
  };
}
