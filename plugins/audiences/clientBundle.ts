/**
 * Points the browser bundle at marked copies of the modules Docusaurus generates (clientModules.ts),
 * written beside them once the site's content is loaded. The server-side render keeps the originals:
 * it renders every piece, with the markers the gate cuts by (src/audiences/Restricted.tsx).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {AUDIENCE_FIELD} from '../../contracts/audienceMarkers';
import {clientConfigModule, markedChunkNamesModule, markedDataModule, markedRegistryModule, markedRoutesModule} from './clientModules';

/** The folder of the browser's copies, inside Docusaurus's generated files. */
export const CLIENT_COPIES = 'audiences-client';
const ANNOTATION = `"${AUDIENCE_FIELD}"`;

/**
 * Writes the copies and returns the aliases that make the browser bundle load them (request → file),
 * or null when nothing generated carries an audience (a site without audiences is bundled as always).
 */
export function writeClientCopies(generatedFilesDir: string): Record<string, string> | null {
  const read = (file: string) => readFileSync(path.join(generatedFilesDir, file), 'utf8');
  const routes = read('routes.js');
  const globalData = read('globalData.json');
  if (!routes.includes(`${AUDIENCE_FIELD}:`) && !globalData.includes(ANNOTATION)) return null;

  const out = path.join(generatedFilesDir, CLIENT_COPIES);
  mkdirSync(path.join(out, 'data'), {recursive: true});
  const write = (file: string, code: string) => {
    const full = path.join(out, file);
    mkdirSync(path.dirname(full), {recursive: true});
    writeFileSync(full, code);
    return full;
  };
  const chunkNames = read('routesChunkNames.json');
  /** A route's data module with annotations gets a marked copy; the registry loads that instead. */
  const dataModule = (request: string): string | undefined => {
    if (!request.startsWith('@generated/') || !request.endsWith('.json')) return undefined;
    const file = request.slice('@generated/'.length);
    if (!existsSync(path.join(generatedFilesDir, file))) return undefined;
    const json = read(file);
    if (!json.includes(ANNOTATION)) return undefined;
    const copy = `data/${file.replace(/\.json$/, '.js')}`;
    write(copy, markedDataModule(json, file));
    return `@generated/${CLIENT_COPIES}/${copy}`;
  };
  return {
    '@generated/routes$': write('routes.js', markedRoutesModule(routes)),
    '@generated/routesChunkNames$': write('routesChunkNames.js', markedChunkNamesModule(chunkNames, routes)),
    '@generated/registry$': write('registry.js', markedRegistryModule(read('registry.js'), routes, chunkNames, dataModule)),
    '@generated/globalData$': write('globalData.js', markedDataModule(globalData, 'globalData')),
    '@generated/docusaurus.config$': write('docusaurus.config.mjs', clientConfigModule(read('docusaurus.config.mjs'))),
  };
}
