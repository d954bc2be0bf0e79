/**
 * The docs plugin, with audiences: Docusaurus's own `@docusaurus/plugin-content-docs` loads and routes
 * the docs as always; this wrapper works out who may read each page (plugins/audiences/model.ts), fails
 * the build on a mistake with its file and line, and hands the plugin's data on with every list item a
 * reader might not be allowed to see annotated (AUDIENCE_FIELD) and every shared link pointing to a page
 * all its readers may open (sidebarRules.ts). A site without audiences gets the plugin unchanged.
 */
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, MarkdownConfig, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import type {DocMetadata, LoadedContent, LoadedVersion, PluginOptions} from '@docusaurus/plugin-content-docs';
import docsPlugin from '@docusaurus/plugin-content-docs';
import {AUDIENCE_FIELD, CHOICES_FIELD, type Choice} from '../../contracts/audienceMarkers';
import {
  audienceBadge,
  BADGES_FIELD,
  conditionKey,
  PUBLIC,
  READERS,
  within,
  type AudienceBadge,
  type Condition,
} from '../../contracts/audiences';
import {AUDIENCES_FILE} from './declarations';
import {audienceModel} from './model';
import type {AudienceProblem} from './plan';
import {annotationFor, Conditions, CONDITIONS_FIELD, UndecidedAudience, unionOfAll, type SiteConditions} from './siteConditions';
import {firstWide, navigationItems, sidebarCondition, wideNeighbours, type NavigationItem, type SidebarItem} from './sidebarRules';

export {validateOptions} from '@docusaurus/plugin-content-docs';

type ContentWithConditions = LoadedContent & {[CONDITIONS_FIELD]?: SiteConditions};

export function formatProblems(problems: readonly AudienceProblem[]): string {
  return problems.map(({file, line, message}) => `${file}:${line}: ${message}`).join('\n');
}

/** Who may read each page, or null for a site that says nothing about audiences. Throws on any mistake. */
export function siteConditionsOf(siteDir: string, versions: readonly LoadedVersion[]): SiteConditions | null {
  const {conditions, problems, declares} = audienceModel(siteDir, versions);
  if (problems.length > 0) {
    throw new Error(`Who may read the docs is not clear (${AUDIENCES_FILE}, _category_.json, front matter):\n${formatProblems(problems)}`);
  }
  return declares ? conditions : null;
}

/** A navigation link as the docs plugin writes one (its `toDocNavigationLink`). */
function docLink(doc: DocMetadata, sidebarLabel?: string): {title: string; permalink: string} {
  const frontMatter = doc.frontMatter as {pagination_label?: string; sidebar_label?: string};
  return {title: frontMatter.pagination_label ?? frontMatter.sidebar_label ?? sidebarLabel ?? doc.title, permalink: doc.permalink};
}

/** Previous and next of every doc: the nearest pages in the sidebar that every reader of the doc may open. */
function withWideNavigation(version: LoadedVersion, conditions: Conditions): LoadedVersion {
  const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
  const navigable = (item: NavigationItem) => item.type !== 'doc' || !docsById.get(item.id)?.unlisted;
  const conditionOf = (item: NavigationItem) =>
    item.type === 'doc' ? conditions.doc(version.versionName, item.id) : conditions.page(item.permalink);
  const linkOf = (item: NavigationItem | undefined) => {
    if (item === undefined) return undefined;
    return item.type === 'index' ? {title: item.label, permalink: item.permalink} : docLink(docsById.get(item.id)!, item.label);
  };
  const docs = version.docs.map((doc) => {
    const readers = conditions.doc(version.versionName, doc.id);
    const frontMatter = {...doc.frontMatter} as Record<string, unknown>;
    delete frontMatter.audience;
    const opens = (link: DocMetadata['previous']) => (link && within(readers, conditions.page(link.permalink)) ? link : undefined);
    const sidebar = doc.sidebar === undefined ? undefined : (version.sidebars[doc.sidebar] as SidebarItem[] | undefined);
    const items = sidebar === undefined ? [] : navigationItems(sidebar).filter(navigable);
    const index = items.findIndex((item) => item.type === 'doc' && item.id === doc.id);
    // A doc outside every sidebar, or one its sidebar does not walk (an unlisted one), keeps what the docs
    // plugin gave it, if its readers may open that.
    if (index === -1) return {...doc, frontMatter, previous: opens(doc.previous), next: opens(doc.next)};
    const {previous, next} = wideNeighbours(items, index, readers, conditionOf);
    return {
      ...doc,
      frontMatter,
      previous: frontMatter.pagination_prev !== undefined ? opens(doc.previous) : linkOf(previous),
      next: frontMatter.pagination_next !== undefined ? opens(doc.next) : linkOf(next),
    };
  });
  return {...version, docs};
}

/** A sidebar as the page components get it (the docs plugin's `PropSidebarItem`), the parts read here. */
type PropItem = {
  type: string;
  docId?: string;
  href?: string;
  items?: PropItem[];
  customProps?: Record<string, unknown>;
  [AUDIENCE_FIELD]?: string;
};

function propCondition(item: PropItem, version: string, conditions: Conditions): Condition | undefined {
  if (item.type === 'link' && item.docId !== undefined) return conditions.doc(version, item.docId);
  if (item.type !== 'category') return undefined;
  return unionOfAll([
    ...(item.href === undefined ? [] : [conditions.page(item.href)]),
    ...(item.items ?? []).map((child) => propCondition(child, version, conditions)),
  ]);
}

function annotateProps(items: PropItem[], container: Condition, version: string, conditions: Conditions): void {
  for (const item of items) {
    if (item.customProps) delete item.customProps.audience;
    const condition = propCondition(item, version, conditions);
    const annotation = annotationFor(condition, container);
    if (annotation !== undefined) item[AUDIENCE_FIELD] = annotation;
    if (item.items) annotateProps(item.items, condition ?? container, version, conditions);
  }
}

interface VersionProp {
  version: string;
  docsSidebars: Record<string, PropItem[]>;
  docs: Record<string, Record<string, unknown>>;
}

interface CategoryIndexProp {
  permalink: string;
  navigation: {previous?: {permalink: string}; next?: {permalink: string}};
}

type AnnotatedRoute = RouteConfig & {[AUDIENCE_FIELD]?: string};

/**
 * Annotates the route tree the docs plugin adds, and returns who may open `route`: a page is the model's,
 * a version's route its pages' union, any other route around pages its routes' union. Every route a
 * reader of the route around it may not open is annotated, and the props a route carries.
 */
function annotateRoute(
  route: RouteConfig,
  conditions: Conditions,
  navigation: (permalink: string) => CategoryIndexProp['navigation'],
): Condition {
  const props = route.props as {version?: VersionProp; categoryGeneratedIndex?: CategoryIndexProp} | undefined;
  const children = (route.routes ?? []).map((child) => [child, annotateRoute(child, conditions, navigation)] as const);
  const condition =
    route.routes === undefined
      ? conditions.page(route.path)
      : props?.version
        ? conditions.version(props.version.version)
        : unionOfAll(children.map(([, childCondition]) => childCondition));
  if (condition === undefined) throw new UndecidedAudience(`the route ${route.path}, which holds no page`);
  if (props?.version) {
    const name = props.version.version;
    for (const sidebar of Object.values(props.version.docsSidebars)) annotateProps(sidebar, condition, name, conditions);
    // The browser's copy lists these entries one by one (clientModules.ts), the server's keeps the map.
    for (const [id, doc] of Object.entries(props.version.docs)) {
      const annotation = annotationFor(conditions.doc(name, id), condition);
      if (annotation !== undefined) doc[AUDIENCE_FIELD] = annotation;
    }
  }
  if (props?.categoryGeneratedIndex) props.categoryGeneratedIndex.navigation = navigation(props.categoryGeneratedIndex.permalink);
  for (const [child, childCondition] of children) {
    const annotation = annotationFor(childCondition, condition);
    if (annotation !== undefined) (child as AnnotatedRoute)[AUDIENCE_FIELD] = annotation;
  }
  return condition;
}

interface GlobalVersion {
  name: string;
  label: string;
  path: string;
  mainDocId: string;
  docs: {
    id: string;
    path: string;
    alsoIn?: string[];
    [BADGES_FIELD]?: (AudienceBadge & {[AUDIENCE_FIELD]: string})[];
    [AUDIENCE_FIELD]?: string;
  }[];
  sidebars?: Record<string, {link?: {path: string; label: string}; [AUDIENCE_FIELD]?: string; [CHOICES_FIELD]?: Record<string, Choice[]>}>;
  [AUDIENCE_FIELD]?: string;
  [CHOICES_FIELD]?: Record<string, Choice[]>;
}

function annotateGlobalData(data: {versions: GlobalVersion[]}, versions: readonly LoadedVersion[], conditions: Conditions): void {
  const docPath = (version: LoadedVersion, id: string) => version.docs.find((doc) => doc.id === id)?.permalink;
  for (const global of data.versions) {
    const loaded = versions.find((version) => version.versionName === global.name)!;
    const visible = conditions.version(global.name);
    const annotation = annotationFor(visible, conditions.base);
    if (annotation !== undefined) global[AUDIENCE_FIELD] = annotation;
    for (const doc of global.docs) {
      const readers = conditions.page(doc.path);
      const docAnnotation = annotationFor(readers, visible);
      if (docAnnotation !== undefined) doc[AUDIENCE_FIELD] = docAnnotation;
      // Each of its audiences, marked for its own readers: a reader is told of theirs, never of another.
      if (typeof readers !== 'string') {
        doc[BADGES_FIELD] = readers.map((name) => ({
          ...audienceBadge(name, conditions.data.descriptions[name] ?? ''),
          [AUDIENCE_FIELD]: name,
        }));
      }
      // The versions whose page of the same doc every reader of this one may open: the version menu's targets.
      const alsoIn = versions
        .filter((other) => other !== loaded)
        .filter((other) => {
          const there = conditions.knownDoc(other.versionName, doc.id);
          return there !== undefined && within(readers, there);
        })
        .map((other) => other.versionName);
      if (alsoIn.length > 0) doc.alsoIn = alsoIn;
    }
    const sidebars = Object.entries(loaded.sidebars) as [string, SidebarItem[]][];
    const items = sidebars.flatMap(([, sidebar]) => navigationItems(sidebar));
    const conditionOf = (item: NavigationItem) =>
      item.type === 'doc' ? conditions.doc(global.name, item.id) : conditions.page(item.permalink);
    // The version's first page for its signed-in readers; a visitor of its public pages gets a public one, if any.
    const readers = visible === PUBLIC ? READERS : visible;
    const forVisitors = conditions.base === PUBLIC && visible === PUBLIC;
    const choose = (forReaders: unknown, target: Condition | undefined, forVisitor: () => unknown): Choice[] | undefined => {
      if (!forVisitors || target === PUBLIC) return undefined;
      const visitor = forVisitor();
      return [{audience: conditionKey(READERS), value: forReaders}, ...(visitor === undefined ? [] : [{value: visitor}])];
    };
    const docs = items.filter((item) => item.type === 'doc');
    if (!within(readers, conditions.doc(global.name, global.mainDocId))) {
      const first = firstWide(docs, readers, conditionOf);
      if (first?.type === 'doc') global.mainDocId = first.id;
    }
    const mainChoice = choose(global.mainDocId, conditions.doc(global.name, global.mainDocId), () => {
      const first = firstWide(docs, PUBLIC, conditionOf);
      return first?.type === 'doc' ? first.id : undefined;
    });
    if (mainChoice) global[CHOICES_FIELD] = {mainDocId: mainChoice};
    const linkOf = (item: NavigationItem, label: string) =>
      item.type === 'index'
        ? {path: item.permalink, label: item.label}
        : {
            path: docPath(loaded, item.id)!,
            label: item.label ?? item.categoryLabel ?? loaded.docs.find((doc) => doc.id === item.id)?.title ?? label,
          };
    for (const [id, sidebar] of sidebars) {
      const entry = global.sidebars?.[id];
      const link = entry?.link;
      if (entry === undefined || link === undefined) continue;
      // A sidebar of pages only some readers of the version may open is theirs: the others get no entry
      // (nor its navbar link: plugins/audiences/index.ts), and its link goes to a page every one of its readers may open.
      const own = sidebarCondition(sidebar, (doc) => conditions.doc(global.name, doc));
      const annotation = annotationFor(own, visible);
      if (annotation !== undefined) entry[AUDIENCE_FIELD] = annotation;
      const sidebarReaders = annotation === undefined ? readers : own!;
      if (!within(sidebarReaders, conditions.page(link.path))) {
        const first = firstWide(navigationItems(sidebar), sidebarReaders, conditionOf);
        // The version's own label: the first page's, which the docs plugin gave, may be one some of these readers may not open.
        entry.link = first === undefined ? {path: global.path, label: global.label} : linkOf(first, global.label);
      }
      // The version's own path when no page of the sidebar is for all its readers: not a page of its own, maybe.
      const linkChoice = choose(entry.link, conditions.knownPage(entry.link!.path), () => {
        const first = firstWide(navigationItems(sidebar), PUBLIC, conditionOf);
        return first && linkOf(first, link.label);
      });
      if (linkChoice) entry[CHOICES_FIELD] = {link: linkChoice};
    }
  }
}

/** What is read here of the docs plugin's Markdown loader's options (@docusaurus/mdx-loader). */
interface MdxLoaderOptions {
  dependencies?: string[];
  markdownConfig?: MarkdownConfig;
}

/** The site's Markdown settings for the page modules: their front matter without `audience:`. */
export function withoutAudience(markdown: MarkdownConfig): MarkdownConfig {
  return {
    ...markdown,
    async parseFrontMatter(params) {
      const parsed = await markdown.parseFrontMatter(params);
      const {audience: _audience, ...frontMatter} = parsed.frontMatter;
      return {...parsed, frontMatter};
    },
  };
}

/** Where the build's later steps that run apart from the plugins' content (the Markdown loader's plugins) read the conditions. */
export function conditionsFile(generatedFilesDir: string): string {
  return path.join(generatedFilesDir, 'audiences', 'conditions.json');
}

async function writeConditionsFile(generatedFilesDir: string, conditions: SiteConditions | null): Promise<void> {
  const file = conditionsFile(generatedFilesDir);
  if (conditions === null) return rm(file, {force: true});
  const text = JSON.stringify(conditions);
  // Unchanged, it is left alone: every doc's compile depends on it (configureWebpack below).
  if ((await readFile(file, 'utf8').catch(() => null)) === text) return;
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, text);
}

export default async function docsWithAudiences(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  return {
    ...plugin,
    async loadContent() {
      const content: ContentWithConditions = await plugin.loadContent!();
      const siteConditions = siteConditionsOf(context.siteDir, content.loadedVersions);
      await writeConditionsFile(context.generatedFilesDir, siteConditions);
      if (siteConditions === null) return content;
      const conditions = new Conditions(siteConditions);
      return {
        ...content,
        loadedVersions: content.loadedVersions.map((version) => withWideNavigation(version, conditions)),
        [CONDITIONS_FIELD]: siteConditions,
      };
    },
    // The Markdown loader's remarkAudienceLinks.ts reads the conditions file: a doc compiles again when it
    // changes. Its front matter, which the page's module exports, goes without the audience: a page's readers
    // need not learn who else reads it (the docs plugin has read it already, from its own parse).
    configureWebpack(...args) {
      const configured = plugin.configureWebpack!(...args);
      const dependency = conditionsFile(context.generatedFilesDir);
      for (const rule of (configured?.module?.rules ?? []) as {use?: {options?: MdxLoaderOptions}[]}[]) {
        for (const use of rule.use ?? []) {
          const options = use.options;
          if (options?.dependencies !== undefined && !options.dependencies.includes(dependency)) options.dependencies.push(dependency);
          if (options?.markdownConfig !== undefined) options.markdownConfig = withoutAudience(options.markdownConfig);
        }
      }
      return configured;
    },
    // Docusaurus hands contentLoaded the translated content: the conditions go along.
    translateContent({content, translationFiles}) {
      const translated = plugin.translateContent!({content, translationFiles});
      const conditions = (content as ContentWithConditions)[CONDITIONS_FIELD];
      return conditions === undefined ? translated : {...translated, [CONDITIONS_FIELD]: conditions};
    },
    async contentLoaded({content, actions, ...rest}) {
      const siteConditions = (content as ContentWithConditions)[CONDITIONS_FIELD];
      if (siteConditions === undefined) return plugin.contentLoaded!({content, actions, ...rest});
      const conditions = new Conditions(siteConditions);
      const versions = content.loadedVersions;
      const navigation = (permalink: string): CategoryIndexProp['navigation'] => {
        const version = versions.find((candidate) =>
          Object.values(candidate.sidebars).some((sidebar) =>
            navigationItems(sidebar as SidebarItem[]).some((item) => item.type === 'index' && item.permalink === permalink),
          ),
        )!;
        const sidebar = Object.values(version.sidebars).find((candidate) =>
          navigationItems(candidate as SidebarItem[]).some((item) => item.type === 'index' && item.permalink === permalink),
        ) as SidebarItem[];
        const items = navigationItems(sidebar);
        const index = items.findIndex((item) => item.type === 'index' && item.permalink === permalink);
        const conditionOf = (item: NavigationItem) =>
          item.type === 'doc' ? conditions.doc(version.versionName, item.id) : conditions.page(item.permalink);
        const {previous, next} = wideNeighbours(items, index, conditions.page(permalink), conditionOf);
        const linkOf = (item: NavigationItem | undefined) =>
          item === undefined
            ? undefined
            : item.type === 'index'
              ? {title: item.label, permalink: item.permalink}
              : docLink(
                  version.docs.find((doc) => doc.id === item.id)!,
                  item.label,
                );
        return {previous: linkOf(previous), next: linkOf(next)};
      };
      const annotating: PluginContentLoadedActions = {
        ...actions,
        addRoute(route) {
          // Every route of the top level says who may open it: one that does not is for signed-in readers only (clientModules.ts).
          (route as AnnotatedRoute)[AUDIENCE_FIELD] = conditionKey(annotateRoute(route, conditions, navigation));
          actions.addRoute(route);
        },
        setGlobalData(data) {
          annotateGlobalData(data as {versions: GlobalVersion[]}, versions, conditions);
          actions.setGlobalData(data);
        },
      };
      return plugin.contentLoaded!({content, actions: annotating, ...rest});
    },
  };
}
