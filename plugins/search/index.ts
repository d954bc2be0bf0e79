/**
 * The site's search, build side. `@easyops-cn/docusaurus-search-local` stays what indexes the docs:
 * after the build it parses every doc page into the specification's documents (title, heading,
 * description, keywords, content) and builds a lunr index of each kind per version. `writeSearchIndex`
 * runs its steps (indexer.ts; from plugins/servedBuild.ts, in the build's order of steps), cuts each
 * version's index by audience (partitions.ts) and splits it into the parts the search box loads
 * (src/search/engine/indexWriter.ts): the index is written once, in that form. It is the indexer only:
 * this plugin (the project's own) adds the search page's route and the sections' global data.
 *
 * The box and the search page are the site's own (src/theme/SearchBar, src/theme/SearchPage, the
 * worker in src/search): nothing of the indexer's theme is used.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin, Props} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import * as searchLocal from '@easyops-cn/docusaurus-search-local';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import {aliasedSitePathToRelativePath, normalizeUrl, parseMarkdownFile} from '@docusaurus/utils';
import {MANIFEST_FILE, PARTS_DIR, SEARCH_PATH} from '../../contracts/searchIndexFiles';
import {holds, SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchSection} from '../../contracts/searchSections';
import {AUDIENCE_FIELD, type MarkerSyntax} from '../../contracts/audienceMarkers';
import {annotationFor, Conditions, conditionsIn, unionOfAll} from '../audiences/siteConditions';
import type {DocMetadata, LoadedContent} from '@docusaurus/plugin-content-docs';
import {indexVersions, type IndexedCopyOf, type IndexedVersion} from './indexer';
import {categorySections} from './sections';
import type {SidebarItem} from '../audiences/sidebarRules';
import {partitionIndex, versionIndexFiles} from './partitions';
import {conditionKey, READERS, type Condition} from '../../contracts/audiences';

export interface SearchOptions {
  /** What the indexer is told (which routes are docs, the language, what to leave out). */
  indexer: PluginOptions;
  /** The top-level sections (folders) of every version, for the box's "your section first" and the search page's menu. */
  sections: SearchSection[];
  /** The versions whose docs folder is flat: their sections are their sidebars' top-level categories (sections.ts). */
  flatVersions: string[];
}

// The plugin's typings declare its options only; of its module, its option validation is used here (its
// indexing steps are indexer.ts's).
const indexer = searchLocal as unknown as {
  validateOptions: (context: OptionValidationContext<PluginOptions, PluginOptions>) => PluginOptions;
};

/** Every section: the folders' (found with the config), then the sidebar categories of each flat version. */
export function allSections(
  options: Pick<SearchOptions, 'sections' | 'flatVersions'>,
  docs: LoadedContent | undefined,
  baseUrl: string,
): SearchSection[] {
  const flat = (docs?.loadedVersions ?? []).filter((version) => options.flatVersions.includes(version.versionName));
  return [
    ...options.sections,
    ...flat.flatMap((version) =>
      categorySections(
        {path: version.path, label: version.label, sidebars: version.sidebars as Record<string, SidebarItem[]>, docs: version.docs},
        baseUrl,
      ),
    ),
  ];
}

/**
 * Each doc's address and title as its page shows it. Docusaurus heads a page with the Markdown title at its
 * top (`# Mocking`) where it has one, and keeps the front matter's `title` ("Mocking | Guide") for the sidebar
 * and the browser's tab; DocSearch and Pagefind title a page by the heading it shows too. The docs' content
 * keeps the front matter's, so a doc that has both is read again with Docusaurus's own parser.
 */
export async function docTitles(plugins: readonly {name: string; content: unknown}[], context: LoadContext): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const shown = async ({source, title, frontMatter}: DocMetadata): Promise<string> => {
    if (frontMatter.title === undefined) return title;
    const filePath = path.join(context.siteDir, aliasedSitePathToRelativePath(source));
    const {contentTitle} = await parseMarkdownFile({
      filePath,
      fileContent: await readFile(filePath, 'utf8'),
      parseFrontMatter: context.siteConfig.markdown.parseFrontMatter,
    });
    return contentTitle || title;
  };
  for (const {name, content} of plugins) {
    if (name !== 'docusaurus-plugin-content-docs') continue;
    const docs = (content as LoadedContent).loadedVersions.flatMap((version) => version.docs);
    const shownTitles = await Promise.all(docs.map(shown));
    docs.forEach((doc, at) => titles.set(doc.permalink, shownTitles[at]!));
  }
  return titles;
}

interface WriteOptions {
  baseUrl: string;
  sections: readonly SearchSection[];
  /** Who may read each page, when the docs have audiences: the index is then cut by audience (partitions.ts). */
  conditions?: Conditions;
  markers: MarkerSyntax;
}

/**
 * Writes each version's manifest (in its folder) and parts (in the site's). Returns who may fetch each
 * file written, for the gate's list (plugins/audiences/servedFiles.ts).
 */
async function writeIndexParts(
  outDir: string,
  versions: readonly IndexedVersion[],
  {baseUrl, sections, conditions, markers}: WriteOptions,
): Promise<Map<string, Condition>> {
  const partsDir = path.join(outDir, PARTS_DIR);
  await mkdir(partsDir, {recursive: true});
  const written = new Map<string, Condition>();
  for (const version of versions) {
    // Every entry is a page of the docs, which the model decides (it throws for any other); a site without audiences has one reader.
    const partitions = partitionIndex(
      version.documents,
      conditions === undefined ? () => READERS : (url) => conditions.page(url),
      version.build,
    );
    const {manifest, manifestCondition, parts} = versionIndexFiles(partitions, {baseUrl, sections}, markers);
    await Promise.all([...parts].map(([name, {json}]) => writeFile(path.join(partsDir, `${name}.json`), json)));
    for (const [name, {condition}] of parts) written.set(`${PARTS_DIR}/${name}.json`, condition);
    const manifestFile = path.join(version.outDir, MANIFEST_FILE);
    await writeFile(manifestFile, manifest);
    written.set(path.relative(outDir, manifestFile).split(path.sep).join('/'), manifestCondition);
  }
  return written;
}

/**
 * The indexer's work after the build (plugins/servedBuild.ts runs it, in its order of steps): each
 * version's index, then the parts the box loads. Returns who may fetch each file written.
 */
export async function writeSearchIndex(
  context: LoadContext,
  options: SearchOptions,
  props: Props,
  {conditions, markers, indexedCopyOf}: {conditions: Conditions | undefined; markers: MarkerSyntax; indexedCopyOf: IndexedCopyOf},
): Promise<Map<string, Condition>> {
  // The indexer's defaults, as Docusaurus fills them in for the plugin's own instance.
  const indexerOptions = indexer.validateOptions({options: options.indexer, validate: normalizePluginOptions} as never);
  const versions = await indexVersions(context, indexerOptions, props, await docTitles(props.plugins, context), indexedCopyOf);
  const docs = props.plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs')?.content as LoadedContent | undefined;
  return writeIndexParts(props.outDir, versions, {
    baseUrl: props.baseUrl,
    sections: allSections(options, docs, props.baseUrl),
    markers,
    ...(conditions ? {conditions} : {}),
  });
}

/** Who may see a section: the union of its pages' readers (none for a section without pages: it names nothing). */
export function sectionCondition(section: SearchSection, conditions: Conditions): Condition | undefined {
  const inside = Object.keys(conditions.data.pages).filter((permalink) => holds(section, permalink.replace(/^\/+/, '')));
  return unionOfAll(inside.map((permalink) => conditions.page(permalink)));
}

/** Each section annotated with who may see it, when only some readers may. */
function annotatedSections(sections: readonly SearchSection[], conditions: Conditions): SearchSection[] {
  return sections.map((section) => {
    const annotation = annotationFor(sectionCondition(section, conditions), conditions.base);
    return annotation === undefined ? section : {...section, [AUDIENCE_FIELD]: annotation};
  });
}

export default function search(context: LoadContext, options: SearchOptions): Plugin<void> {
  return {
    name: SEARCH_PLUGIN_NAME,
    allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const conditions = conditionsIn(docs);
      // The search page is for whoever may read a page of the site: the public too, once a page is theirs.
      const route = {path: normalizeUrl([context.baseUrl, SEARCH_PATH]), component: '@theme/SearchPage', exact: true};
      actions.addRoute(conditions ? {...route, [AUDIENCE_FIELD]: conditionKey(conditions.base)} : route);
      const sections = allSections(options, docs, context.baseUrl);
      actions.setGlobalData({sections: conditions ? annotatedSections(sections, conditions) : sections} satisfies SearchGlobalData);
    },
  };
}

/** The indexer's options through its own schema (which fills in its defaults); the plugin's id as Docusaurus's own validation gives it. */
export function validateOptions({options, validate}: OptionValidationContext<SearchOptions, SearchOptions & {id: string}>) {
  const {id: _id, ...indexerOptions} = indexer.validateOptions({options: options.indexer, validate} as never) as PluginOptions & {
    id?: string;
  };
  return {id: 'default', ...options, indexer: indexerOptions};
}
