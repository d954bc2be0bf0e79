/**
 * After the build: who may fetch each file of the site, for the gate (contracts/buildLayout.ts,
 * AudienceMap), by the rule the browser bundle's marks follow (clientModules.ts):
 * - a page: its route's readers (routeConditions); the not-found page is every reader's of the site;
 * - a chunk: the union of the routes that load it (chunkConditions), through the bundler's manifest; a
 *   bundle no route names (the entry bundles, code the app loads by itself) is every reader's of the
 *   site, and the leak proof (leakProof.ts) checks that it names nothing narrower;
 * - any other file: the union of the pages, chunks, styles and docs that name it (files of the same
 *   bytes as one). A file nothing names is for nobody: the gate does not send it, and the build says so.
 * The runtime's chunk tables are marked entry by entry, so that no reader learns of the chunks of pages
 * they may not open, not even how many there are.
 */
import {createHash, randomBytes} from 'node:crypto';
import {mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {MarkerSyntax} from '../../contracts/audienceMarkers';
import {conditionKey, unionOf, within, type Condition} from '../../contracts/audiences';
import {AUDIENCE_MAP, type AudienceMap, type ViewPages} from '../../contracts/buildLayout';
import {chunkConditions, chunkNamesIn, type ChunkNames, type RouteReaders} from './clientModules';

export interface ClientManifest {
  /** The entry bundles' chunk names (main). */
  entrypoints?: string[];
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {file: string}[]; css?: {file: string}[]}>;
}

/** The HTML file of a route (Docusaurus's with trailing slashes off). */
export function htmlFileOf(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${decodeURI(routePath).slice(1)}.html`;
}

/** The page every missing address answers with (Docusaurus renders it at /404.html). */
const NOT_FOUND_PAGE = '404.html';

export interface ServedFilesInput {
  files: readonly string[];
  /** Every route of the build with its readers (routeConditions). */
  routes: ReadonlyMap<string, RouteReaders>;
  chunkNames: Record<string, ChunkNames>;
  /** The widest condition: the entry bundles' and the not-found page's. */
  base: Condition;
  manifest: ClientManifest;
  /** A text file's content (pages, scripts, styles), to find the other files it names. */
  read: (file: string) => Promise<string>;
  /** Any other file's bytes, to find the copies of one file. */
  readBytes: (file: string) => Promise<Buffer>;
  /**
   * The docs' sources with their readers: a docs image the bundler inlines into its page leaves the
   * image itself in the build, named by no built file, but by the doc's Markdown.
   */
  sources?: readonly {text: string; condition: Condition}[];
}

export interface ServedFiles {
  /** Every file some reader may fetch, and who. */
  conditions: Map<string, Condition>;
  /** The files nothing names: nobody gets them. */
  unnamed: string[];
  /** The chunks of a few routes (a page's content, a version's data), with those routes' paths (AudienceMap, fileRoutes). */
  routesOf: Map<string, string[]>;
}

/** A chunk more routes load than this is shared code, of no page in particular. */
const FEW_ROUTES = 8;

const TEXT = /\.(?:html|js|css|json)$/;
const CODE = /^assets\/(?:js|css)\//;
/** What stands for a file's address in a page, a script or a style: a path with an extension. */
const FILE_REFERENCE = /[\w.~%@+-]+(?:\/[\w.~%@+-]+)*\.[A-Za-z0-9]{1,8}/g;

function decoded(reference: string): string | null {
  try {
    return decodeURIComponent(reference);
  } catch {
    return null;
  }
}

/** Each file's condition, and the files nothing names. */
export async function fileConditions(input: ServedFilesInput): Promise<ServedFiles> {
  const {files, routes, chunkNames, base, manifest, read, readBytes} = input;
  const fileSet = new Set(files);
  const conditions = new Map<string, Condition>();
  const add = (file: string, condition: Condition) => {
    const known = conditions.get(file);
    conditions.set(file, known === undefined ? condition : unionOf(known, condition));
  };

  for (const {path: routePath, condition, page} of routes.values()) {
    if (page && fileSet.has(htmlFileOf(routePath))) add(htmlFileOf(routePath), condition);
  }
  if (fileSet.has(NOT_FOUND_PAGE)) add(NOT_FOUND_PAGE, base);

  const chunkFiles = (ids: readonly string[]) =>
    ids.flatMap((id) => [...(manifest.assets[id]?.js ?? []), ...(manifest.assets[id]?.css ?? [])].map(({file}) => file));
  for (const [name, condition] of chunkConditions(routes, chunkNames)) {
    for (const file of chunkFiles(manifest.origins[name] ?? [])) add(file, condition);
  }
  for (const entry of manifest.entrypoints ?? []) for (const file of chunkFiles(manifest.origins[entry] ?? [])) add(file, base);
  const routesOf = new Map<string, Set<string>>();
  for (const [routeKey, names] of Object.entries(chunkNames)) {
    for (const file of chunkNamesIn(names).flatMap((name) => chunkFiles(manifest.origins[name] ?? []))) {
      routesOf.set(file, (routesOf.get(file) ?? new Set()).add(routes.get(routeKey)!.path));
    }
  }
  for (const file of files) if (CODE.test(file) && !conditions.has(file)) add(file, base);

  // Any other file: the union of the pages, chunks and docs that name it.
  const named = new Map<string, Condition>();
  const nameIn = (text: string, condition: Condition, self?: string) => {
    for (const [reference] of text.matchAll(FILE_REFERENCE)) {
      const target = decoded(reference.replace(/^\/+/, ''));
      if (target === null || target === self || !fileSet.has(target) || CODE.test(target)) continue;
      const known = named.get(target);
      named.set(target, known === undefined ? condition : unionOf(known, condition));
    }
  };
  for (const [file, condition] of [...conditions]) if (TEXT.test(file)) nameIn(await read(file), condition, file);
  for (const {text, condition} of input.sources ?? []) nameIn(text, condition);
  for (const [file, condition] of named) if (!conditions.has(file)) conditions.set(file, condition);
  // A docs image is both a file of its own (static-docs/) and the bundler's hashed copy a page names:
  // files of the same bytes are one file, for the union of their readers.
  const sameBytes = new Map<string, string[]>();
  for (const file of files) {
    if (TEXT.test(file)) continue;
    const digest = createHash('sha256')
      .update(await readBytes(file))
      .digest('base64');
    sameBytes.set(digest, [...(sameBytes.get(digest) ?? []), file]);
  }
  for (const group of sameBytes.values()) {
    const decided = group.filter((file) => named.has(file)).map((file) => named.get(file)!);
    if (group.length < 2 || decided.length === 0) continue;
    const union = decided.reduce(unionOf);
    for (const file of group) conditions.set(file, union);
  }
  return {
    conditions,
    unnamed: files.filter((file) => !conditions.has(file)),
    routesOf: new Map([...routesOf].filter(([, paths]) => paths.size <= FEW_ROUTES).map(([file, paths]) => [file, [...paths].sort()])),
  };
}

/** The chunk ids of files some readers may not fetch, with the names and hashes the runtime knows them by. */
function restrictedChunks(manifest: ClientManifest, conditions: ReadonlyMap<string, Condition>, base: Condition): Map<string, Condition> {
  const chunks = new Map<string, Condition>();
  for (const [id, assets] of Object.entries(manifest.assets)) {
    for (const {file} of [...(assets.js ?? []), ...(assets.css ?? [])]) {
      const condition = conditions.get(file);
      if (condition !== undefined && !within(base, condition))
        chunks.set(id, chunks.has(id) ? unionOf(chunks.get(id)!, condition) : condition);
    }
  }
  return chunks;
}

/** A key of an object literal as the minifier wrote it (`"ab12"`, `ab12`, `0x11113f9`, `106`), as a string. */
function keyValue(key: string): string {
  if (/^["']/.test(key)) return key.slice(1, -1);
  if (/^0x[0-9a-f]+$/i.test(key)) return String(parseInt(key, 16));
  return key;
}

/**
 * The runtime with each table entry of a restricted chunk between comment markers: `id:"name"`,
 * `id:"hash"` (where the files are) and `name:"id"` (Docusaurus's chunk-name lookup).
 */
export function markedRuntime(runtime: string, chunks: ReadonlyMap<string, Condition>, markers: MarkerSyntax): string {
  return runtime.replace(/([{,])((?:"[^"]*"|'[^']*'|[\w$]+)):("[^"]*")(?=[,}])/g, (entry, before: string, key: string, value: string) => {
    // `id:"name"` and `id:"hash"` by their key; `name:"id"` by its value.
    const condition = chunks.get(keyValue(key)) ?? chunks.get(value.slice(1, -1));
    if (condition === undefined) return entry;
    return `${before}${markers.comment('begin', conditionKey(condition))}${key}:${value}${markers.comment('end')}`;
  });
}

/** The runtime's files of a build (Docusaurus's `runtime~main`). */
export const isRuntime = (file: string) => /^assets\/js\/runtime~main\.[^/]+\.js$/.test(file);

/** Marks the chunk tables of the build's runtime, before anything is compressed. */
export async function markRuntime(
  outDir: string,
  {
    files,
    manifest,
    conditions,
    base,
    markers,
  }: {
    files: readonly string[];
    manifest: ClientManifest;
    conditions: ReadonlyMap<string, Condition>;
    base: Condition;
    markers: MarkerSyntax;
  },
): Promise<void> {
  const chunks = restrictedChunks(manifest, conditions, base);
  if (chunks.size === 0) return;
  for (const file of files.filter(isRuntime)) {
    const full = path.join(outDir, file);
    await writeFile(full, markedRuntime(await readFile(full, 'utf8'), chunks, markers));
  }
}

/** What the gate's map is made of (writeAudienceMap). */
export interface MapInput {
  audiences: readonly string[];
  markers: MarkerSyntax;
  served: ReadonlyMap<string, Condition>;
  routes: ReadonlyMap<string, RouteReaders>;
  routesOf: ReadonlyMap<string, readonly string[]>;
  viewPages?: ViewPages;
}

/** Who may open anything at each route path (a version's route and its landing page share one): the union. */
function routePaths(routes: ReadonlyMap<string, RouteReaders>): Map<string, Condition> {
  const paths = new Map<string, Condition>();
  for (const {path: route, condition} of routes.values())
    paths.set(route, paths.has(route) ? unionOf(paths.get(route)!, condition) : condition);
  return paths;
}

const sortedEntries = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));

/** Writes the gate's list of who may fetch what, inside the site's folder, in one step (the gate reads it whole or not at all). */
export async function writeAudienceMap(outDir: string, {audiences, markers, served, routes, routesOf, viewPages}: MapInput): Promise<void> {
  const map: AudienceMap = {
    format: 2,
    audiences: [...audiences].sort(),
    markerKey: markers.key,
    cutSecret: randomBytes(24).toString('base64url'),
    files: Object.fromEntries(sortedEntries([...served].map(([file, condition]) => [file, conditionKey(condition)]))),
    routes: Object.fromEntries(sortedEntries([...routePaths(routes)].map(([route, condition]) => [route, conditionKey(condition)]))),
    fileRoutes: Object.fromEntries(
      sortedEntries([...routesOf].filter(([file]) => served.has(file)).map(([file, paths]) => [file, [...paths]])),
    ),
    ...(viewPages === undefined ? {} : {viewPages}),
  };
  const file = path.join(outDir, AUDIENCE_MAP);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(`${file}.partial`, `${JSON.stringify(map, null, 1)}\n`);
  await rename(`${file}.partial`, file);
}
