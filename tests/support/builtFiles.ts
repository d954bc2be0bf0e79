/** The built site as a visitor can address it: every file, under the URL that serves it. */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {AUDIENCE_MAP, BUILD_ROOT, listBuildFiles, LOGIN_DIR, SITE_DIR, urlOfBuildFile, type AudienceMap} from '../../contracts/buildLayout';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {docsSourceFiles} from '../../contracts/siteVersions';

const ROOT = path.resolve(__dirname, '../..');

/** What `npm run build` makes: the readers' site and the public login build, side by side. */
export const BUILD_DIR = path.join(ROOT, BUILD_ROOT);
export const SITE_BUILD_DIR = path.join(BUILD_DIR, SITE_DIR);
export const LOGIN_BUILD_DIR = path.join(BUILD_DIR, LOGIN_DIR);

export interface BuiltFile {
  file: string;
  url: string;
}

/** A built site's map (who may fetch what), as its build wrote it last. */
export function audienceMapOf(siteDir = SITE_BUILD_DIR): AudienceMap {
  return JSON.parse(readFileSync(path.join(siteDir, AUDIENCE_MAP), 'utf8')) as AudienceMap;
}

/** The markers of a built site (its map says their key). */
export function markersOf(siteDir = SITE_BUILD_DIR): MarkerSyntax {
  return new MarkerSyntax(audienceMapOf(siteDir).markerKey);
}

/** Every file of a build (the site's unless told otherwise) under the URL that serves it. */
export function builtFiles(dir = SITE_BUILD_DIR): BuiltFile[] {
  return listBuildFiles(dir).map((file) => ({file, url: urlOfBuildFile(file)}));
}

/**
 * Sentences of the docs' own prose (up to three per doc, a run of plain words as the page shows them),
 * to look for in responses that must not carry them. A doc of code and lists alone has none.
 */
export function docTextSamples(): {doc: string; text: string}[] {
  const samples: {doc: string; text: string}[] = [];
  for (const file of docsSourceFiles(ROOT).filter((name) => /\.mdx?$/.test(name))) {
    const body = readFileSync(path.join(ROOT, file), 'utf8').replace(/^---[\s\S]*?---/, '');
    const prose = body
      .split('\n')
      .filter((line) => /^[A-Z]/.test(line) && !line.startsWith('import '))
      .map((line) => line.match(/[A-Za-z][A-Za-z0-9 ,./-]{44,}/)?.[0])
      .filter((text): text is string => text !== undefined)
      .slice(0, 3);
    for (const text of prose) samples.push({doc: file, text: text.slice(0, 44)});
  }
  return samples;
}

/** The address of the main script a page loads (a reader's own copy's, when the gate names one). */
export function mainScriptOf(html: string): string {
  const found = /src="?(\/assets\/js\/main\.[^"\s>]+\.js)/.exec(html)?.[1];
  if (found === undefined) throw new Error('the page loads no main script');
  return found;
}
