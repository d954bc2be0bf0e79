/**
 * A small docs site's search index, built the way the search plugin builds one (lunrIndexOf, by partitionIndex), split into parts by the site's build
 * code, and served from memory to the site's search engine: what the unit tests of ranking and
 * loading search.
 */
import {type PluginDoc, type SplitOptions} from '../../src/search/engine/indexWriter';
import {partitionIndex, versionIndexFiles} from '../../plugins/search/partitions';
import {DocKind, MANIFEST_FILE, PARTS_DIR, type SearchManifest} from '../../contracts/searchIndexFiles';
import {READERS, readerView, type Condition, type View} from '../../contracts/audiences';
import {assemble, MarkerSyntax} from '../../contracts/audienceMarkers';
import {lunrRules} from '../../src/search/engine/lunrRules';
import {VersionIndex} from '../../src/search/engine/versionIndex';

export interface FixturePage {
  url: string;
  title: string;
  description?: string;
  breadcrumbs?: string[];
  /** Sections: a heading (none for the text above the first heading) and its text. */
  sections: {heading?: string; text: string}[];
}

function anchorOf(heading: string): string {
  return `#${heading.toLowerCase().replace(/[^\w]+/g, '-')}`;
}

/** The plugin's five document lists for these pages (ids as it numbers them: a page's id is its title's and description's). */
export function pluginDocs(pages: readonly FixturePage[]): PluginDoc[][] {
  const docs: PluginDoc[][] = [[], [], [], [], []];
  let id = 0;
  for (const page of pages) {
    const pageId = id++;
    docs[DocKind.Title]!.push({i: pageId, t: page.title, u: page.url, b: page.breadcrumbs ?? []});
    if (page.description) docs[DocKind.Description]!.push({i: pageId, t: page.description, s: page.title, u: page.url, p: pageId});
    for (const section of page.sections) {
      const hash = section.heading ? anchorOf(section.heading) : '';
      if (section.heading) docs[DocKind.Heading]!.push({i: id++, t: section.heading, u: page.url, h: hash, p: pageId});
      docs[DocKind.Content]!.push({i: id++, t: section.text, s: section.heading ?? page.title, u: page.url, h: hash, p: pageId});
    }
  }
  return docs;
}

/** Who may read each page, and who reads: the index is cut by audience, the manifest as the gate sends it to `view`. */
export interface FixtureAudiences {
  conditionOf: (url: string) => Condition;
  view: View;
}

/**
 * The pages' index, split (and cut by audience, as the build does) and served from memory. `fetched`
 * lists every address the engine asked for; `failOnce(test)` makes the next request whose address
 * passes `test` fail with a 503.
 */
export function servedIndex(pages: readonly FixturePage[], options: Partial<SplitOptions> & {audiences?: FixtureAudiences} = {}) {
  const baseUrl = options.baseUrl ?? '/';
  // Each top-level folder of the pages is a section, as on the site.
  const folders = [...new Set(pages.map((page) => page.url.split('/')[1]!).filter((folder, _, all) => all.length > 0 && folder !== ''))];
  const sections = options.sections ?? folders.map((path) => ({path, label: path}));
  const {audiences = {conditionOf: () => READERS, view: readerView([])}, ...split} = options;
  const markers = new MarkerSyntax('f1xture');
  const written = versionIndexFiles(partitionIndex(pluginDocs(pages), audiences.conditionOf), {...split, baseUrl, sections}, markers);
  const template = markers.templateOf(written.manifest, {commas: true});
  const manifest = JSON.parse(template ? assemble(written.manifest, template, audiences.view) : written.manifest) as SearchManifest;
  const parts = new Map([...written.parts].map(([name, {json}]) => [name, json]));
  const files = new Map<string, unknown>([[`${baseUrl}${MANIFEST_FILE}`, manifest]]);
  for (const [name, json] of parts) files.set(`${baseUrl}${PARTS_DIR}/${name}.json`, JSON.parse(json));
  const fetched: string[] = [];
  const failures: ((url: string) => boolean)[] = [];
  const failOnce = (test: (url: string) => boolean) => failures.push(test);
  const fetchJson = async (url: string) => {
    fetched.push(url);
    const failure = failures.findIndex((test) => test(url));
    if (failure !== -1) {
      failures.splice(failure, 1);
      throw new Error(`${url}: HTTP 503`);
    }
    if (!files.has(url)) throw new Error(`${url}: HTTP 404`);
    return structuredClone(files.get(url));
  };
  const index = new VersionIndex(`${baseUrl}${MANIFEST_FILE}`, baseUrl, fetchJson, lunrRules);
  return {
    index,
    manifest,
    parts,
    partConditions: new Map([...written.parts].map(([name, {condition}]) => [name, condition])),
    fetched,
    failOnce,
  };
}
