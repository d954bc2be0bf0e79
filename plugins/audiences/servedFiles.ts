/**
 * After the build: who may fetch each file of the site, for the gate (contracts/buildLayout.ts,
 * AudienceMap). A page is its readers'; a chunk is for the readers of the routes that load it; an image
 * or another file for the readers of the pages and chunks that name it; what nothing names, for every
 * signed-in reader. The runtime's chunk tables are marked entry by entry, so that no reader learns of
 * the chunks of pages they may not open, not even how many there are.
 */
import {createHash} from 'node:crypto';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {commentMarker} from '../../contracts/audienceMarkers';
import {conditionKey, READERS, unionOf, within, type Condition} from '../../contracts/audiences';
import {AUDIENCE_MAP, listBuildFiles, type AudienceMap} from '../../contracts/buildLayout';
import {routeConditions} from './clientModules';
import {Conditions} from './siteConditions';

interface ClientManifest {
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {file: string}[]; css?: {file: string}[]}>;
}

type ChunkNames = string | {[key: string]: ChunkNames};

function namesIn(value: ChunkNames, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else for (const nested of Object.values(value)) namesIn(nested, into);
  return into;
}

/** The HTML file of a route (Docusaurus's with trailing slashes off). */
export function htmlFileOf(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${decodeURI(routePath).slice(1)}.html`;
}

export interface ServedFilesInput {
  files: readonly string[];
  /** Route path → condition of the page there, for the docs' pages; other pages are for every reader. */
  pages: (routePath: string) => Condition | undefined;
  /** The widest condition: the entry bundles' and the search page's. */
  base: Condition;
  routesSource: string;
  chunkNames: Record<string, ChunkNames>;
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

const TEXT = /\.(?:html|js|css|json)$/;
/** What stands for a file's address in a page, a script or a style: a path with an extension. */
const FILE_REFERENCE = /[\w.~%@+-]+(?:\/[\w.~%@+-]+)*\.[A-Za-z0-9]{1,8}/g;

function decoded(reference: string): string | null {
  try {
    return decodeURIComponent(reference);
  } catch {
    return null;
  }
}

/** Each file's condition. */
export async function fileConditions(input: ServedFilesInput): Promise<Map<string, Condition>> {
  const {files, pages, base, routesSource, chunkNames, manifest, read, readBytes} = input;
  const conditions = new Map<string, Condition>();
  const add = (file: string, condition: Condition) => {
    const known = conditions.get(file);
    conditions.set(file, known === undefined ? condition : unionOf(known, condition));
  };
  const fileSet = new Set(files);

  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const route = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '').replace(/\/index$/, '')}`;
    add(file, pages(route) ?? (route === '/search' ? base : READERS));
  }

  // Chunks: the union of the routes that load them; those of every page (the entry bundles) are the widest.
  const routes = routeConditions(routesSource);
  const chunkFiles = (name: string) =>
    (manifest.origins[name] ?? []).flatMap((id) =>
      [...(manifest.assets[id]?.js ?? []), ...(manifest.assets[id]?.css ?? [])].map(({file}) => file),
    );
  for (const [routeKey, names] of Object.entries(chunkNames)) {
    const condition = routes.get(routeKey) ?? base;
    for (const name of namesIn(names)) for (const file of chunkFiles(name)) add(file, condition);
  }
  for (const file of files) {
    if (/^assets\/(?:js|css)\//.test(file) && !conditions.has(file)) conditions.set(file, base);
  }

  // Any other file: the union of the pages, chunks and docs that name it; named by none, every reader's.
  const named = new Map<string, Condition>();
  const nameIn = (text: string, condition: Condition, self?: string) => {
    for (const [reference] of text.matchAll(FILE_REFERENCE)) {
      const target = decoded(reference.replace(/^\/+/, ''));
      if (target === null || target === self || TEXT.test(target) || !fileSet.has(target)) continue;
      const known = named.get(target);
      named.set(target, known === undefined ? condition : unionOf(known, condition));
    }
  };
  for (const file of files) if (TEXT.test(file) && conditions.has(file)) nameIn(await read(file), conditions.get(file)!, file);
  for (const {text, condition} of input.sources ?? []) nameIn(text, condition);
  for (const file of files) if (!conditions.has(file)) conditions.set(file, named.get(file) ?? READERS);
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
  return conditions;
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
export function markedRuntime(runtime: string, chunks: ReadonlyMap<string, Condition>): string {
  return runtime.replace(/([{,])((?:"[^"]*"|'[^']*'|[\w$]+)):("[^"]*")(?=[,}])/g, (entry, before: string, key: string, value: string) => {
    // `id:"name"` and `id:"hash"` by their key; `name:"id"` by its value.
    const condition = chunks.get(keyValue(key)) ?? chunks.get(value.slice(1, -1));
    if (condition === undefined) return entry;
    return `${before}${commentMarker('begin', conditionKey(condition))}${key}:${value}${commentMarker('end')}`;
  });
}

/**
 * Who may fetch each file of the built site, and the runtime's chunk tables marked entry by entry.
 * Runs before anything is compressed (the runtime changes here) and before the search index is written.
 */
export async function servedFileConditions(
  {generatedFilesDir, siteDir}: {generatedFilesDir: string; siteDir: string},
  outDir: string,
  conditions: Conditions,
  docs: readonly {source: string; permalink: string}[],
): Promise<Map<string, Condition>> {
  const generated = async <T>(file: string) => JSON.parse(await readFile(path.join(generatedFilesDir, file), 'utf8')) as T;
  const manifest = await generated<ClientManifest>('client-manifest.json');
  const files = listBuildFiles(outDir);
  const served = await fileConditions({
    files,
    pages: (route) => conditions.page(route),
    base: conditions.base,
    routesSource: await readFile(path.join(generatedFilesDir, 'routes.js'), 'utf8'),
    chunkNames: await generated('routesChunkNames.json'),
    manifest,
    read: (file) => readFile(path.join(outDir, file), 'utf8'),
    readBytes: (file) => readFile(path.join(outDir, file)),
    sources: await Promise.all(
      docs.map(async ({source, permalink}) => ({
        text: await readFile(path.join(siteDir, source.replace(/^@site\//, '')), 'utf8'),
        condition: conditions.page(permalink) ?? READERS,
      })),
    ),
  });
  const chunks = restrictedChunks(manifest, served, conditions.base);
  for (const file of files.filter((candidate) => /^assets\/js\/runtime~main\.[^/]+\.js$/.test(candidate))) {
    const full = path.join(outDir, file);
    await writeFile(full, markedRuntime(await readFile(full, 'utf8'), chunks));
  }
  return served;
}

/** The gate's list of who may fetch what, beside the site's folder: every file not for every signed-in reader. */
export async function writeAudienceMap(outDir: string, conditions: Conditions, served: ReadonlyMap<string, Condition>): Promise<void> {
  const map: AudienceMap = {
    format: 1,
    audiences: [...conditions.data.audiences].sort(),
    files: Object.fromEntries(
      [...served].filter(([, condition]) => condition !== READERS).map(([file, condition]) => [file, conditionKey(condition)]),
    ),
  };
  await writeFile(path.join(path.dirname(outDir), AUDIENCE_MAP), `${JSON.stringify(map, null, 1)}\n`);
}
