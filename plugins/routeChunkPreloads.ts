/**
 * Docusaurus Faster (Rspack) builds HTML that names only the main bundle: its client manifest
 * keys chunk groups by chunk name, which the SSR bundle lookup does not match. Every page then
 * waits for main.js before it even asks for its own chunks. After the build (plugins/servedBuild.ts), each built page gets
 * a preload for every chunk of that page's own routes (and of the named groups it is told about).
 */
import {readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';

interface ClientManifest {
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {file: string}[]; css?: {file: string}[]}>;
}

type ChunkNames = string | {[key: string]: ChunkNames};

export interface RouteChunkPreloadsOptions {
  /** Lazily imported chunk groups (by webpackChunkName) a page needs at once, by route path. */
  extraChunkGroups?: Record<string, string[]>;
}

function collectNames(value: ChunkNames, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else for (const nested of Object.values(value)) collectNames(nested, into);
}

/** Chunk group names per route path (route keys are `${path}-${hash}`). */
export function chunkGroupsByPath(routesChunkNames: Record<string, ChunkNames>): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const [routeKey, names] of Object.entries(routesChunkNames)) {
    const routePath = routeKey.slice(0, routeKey.lastIndexOf('-'));
    const groups = byPath.get(routePath) ?? new Set<string>();
    collectNames(names, groups);
    byPath.set(routePath, groups);
  }
  return byPath;
}

export function filesOfGroups(groups: Iterable<string>, manifest: ClientManifest): {js: string[]; css: string[]} {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const group of groups) {
    for (const chunkId of manifest.origins[group] ?? []) {
      const assets = manifest.assets[chunkId];
      for (const {file} of assets?.js ?? []) js.add(`/${file}`);
      for (const {file} of assets?.css ?? []) css.add(`/${file}`);
    }
  }
  return {js: [...js], css: [...css]};
}

export function htmlFileFor(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${decodeURI(routePath).slice(1)}.html`;
}

export function withPreloads(html: string, files: {js: string[]; css: string[]}): string {
  const links = [
    ...files.css.filter((file) => !html.includes(file)).map((file) => `<link rel=preload as=style href="${encodeURI(file)}">`),
    ...files.js.filter((file) => !html.includes(file)).map((file) => `<link rel=preload as=script href="${encodeURI(file)}">`),
  ];
  if (links.length === 0) return html;
  const body = html.indexOf('<body');
  if (body === -1) return html;
  return html.slice(0, body) + links.join('') + html.slice(body);
}

/**
 * Writes into each built page a preload for every chunk of its own routes. Other plugins (the
 * search indexer) read these pages during postBuild too: each is replaced in one step, so a reader
 * sees the old page or the new one, never a truncated one.
 */
export async function writeRouteChunkPreloads(
  context: LoadContext,
  options: RouteChunkPreloadsOptions,
  {outDir, routesPaths}: {outDir: string; routesPaths: string[]},
): Promise<void> {
  const read = async <T>(file: string): Promise<T> => JSON.parse(await readFile(path.join(context.generatedFilesDir, file), 'utf8')) as T;
  const manifest = await read<ClientManifest>('client-manifest.json');
  const groupsByPath = chunkGroupsByPath(await read<Record<string, ChunkNames>>('routesChunkNames.json'));
  await Promise.all(
    routesPaths.map(async (routePath) => {
      const groups = [...(groupsByPath.get(routePath) ?? []), ...(options.extraChunkGroups?.[routePath] ?? [])];
      if (groups.length === 0) return;
      const file = path.join(outDir, htmlFileFor(routePath));
      let html: string;
      try {
        html = await readFile(file, 'utf8');
      } catch {
        return; // Routes such as the 404 page's are written under another name.
      }
      const updated = withPreloads(html, filesOfGroups(groups, manifest));
      if (updated === html) return;
      await writeFile(`${file}.preloads`, updated);
      await rename(`${file}.preloads`, file);
    }),
  );
}
