/**
 * Pages rendered once per view. Docusaurus renders each page once, from data that holds every reader's
 * pieces: the product's own components mark what only some readers may see (src/audiences/Restricted.tsx)
 * and the gate cuts it. A team's code does not: a component that lists the version's pages with
 * Docusaurus's hooks (useDocsVersion, useDocsSidebar, useAllDocsData…) renders them all, unmarked. When
 * the leak proof (leakProof.ts) finds such a page, it is rendered again for each kind of reader it has,
 * from data that holds only what that reader may see (src/audiences/ssrView.ts): what the component
 * lists is then each reader's own, whole items and counts alike, and the gate sends each reader their
 * copy (contracts/buildLayout.ts, ViewPages).
 *
 * The render is Docusaurus's own: its server bundle, kept from the build (bundleCopies.ts), loaded once
 * per view, renders the page's app; the page's HTML around it (head, scripts, preloads) is the build's.
 */
import {cp, mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import {compileFunction} from 'node:vm';
import {assemble, SSR_VIEW_GLOBAL, type MarkerSyntax} from '../../contracts/audienceMarkers';
import {
  conditionKey,
  isVisible,
  READERS,
  readerView,
  sharedBy,
  sightOf,
  VISITOR_VIEW,
  type Condition,
  type Sight,
  type View,
} from '../../contracts/audiences';
import {VIEW_PAGES_DIR, viewKind, type ViewPages} from '../../contracts/buildLayout';

/** Where the build keeps Docusaurus's server bundle for these renders: in its generated files, never in what is served. */
export function keptServerBundle(generatedFilesDir: string): string {
  return path.join(generatedFilesDir, 'audiences-server', 'bundle');
}

/** A plugin of the server bundle's compiler that keeps a copy of the bundle before Docusaurus removes it. */
export function keepServerBundle(into: string) {
  return {
    apply(compiler: {
      hooks: {afterEmit: {tapPromise: (name: string, fn: (compilation: {outputOptions: {path?: string}}) => Promise<void>) => void}};
    }) {
      compiler.hooks.afterEmit.tapPromise('keep-server-bundle', async (compilation) => {
        const from = compilation.outputOptions.path;
        if (from === undefined) return;
        // This build's bundle alone: one of a build before would name chunks this one does not have.
        await rm(into, {recursive: true, force: true});
        await cp(from, into, {recursive: true});
      });
    },
  };
}

/** More views than this per page is more renders than a build should take: the build asks for marks instead. */
const MOST_VIEWS = 1024;

/** The conditions a view's kind is told by: whether it is signed in, and each audience. */
export const viewConditions = (audiences: readonly string[]): string[] => [READERS, ...[...audiences].sort()];

/** Every view a page of some readers has: every set of the audiences, and a visitor when public pages are on. */
export function viewsOf(condition: Condition, audiences: readonly string[], publicPages: boolean): View[] {
  if (2 ** audiences.length > MOST_VIEWS) {
    throw new Error(`${audiences.length} audiences make ${2 ** audiences.length} kinds of reader: too many to render a page for each`);
  }
  const views: View[] = publicPages ? [VISITOR_VIEW] : [];
  for (let set = 0; set < 2 ** audiences.length; set++) views.push(readerView(audiences.filter((_name, bit) => set & (1 << bit))));
  return views.filter((view) => isVisible(condition, view));
}

/** The app's root in a built page, and where its content ends: React's HTML nests its divs properly. */
function appRange(html: string): {start: number; end: number} {
  const open = /<div id="?__docusaurus"?>/.exec(html);
  if (open === null) throw new Error('the page has no Docusaurus root (<div id="__docusaurus">)');
  const start = open.index + open[0].length;
  let depth = 1;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start;
  for (let match = tags.exec(html); match !== null; match = tags.exec(html)) {
    depth += match[0] === '</div>' ? -1 : 1;
    if (depth === 0) return {start, end: match.index};
  }
  throw new Error('the page’s Docusaurus root does not end');
}

type Render = (options: {pathname: string; v4RemoveLegacyPostBuildHeadAttribute: boolean}) => Promise<{html: string}>;

/** Docusaurus's server bundle, evaluated anew with the sight every data module reads (src/audiences/ssrView.ts). */
async function rendererFor(bundleDir: string, sight: Sight): Promise<Render> {
  const file = path.join(bundleDir, 'server.bundle.js');
  const source = await readFile(file, 'utf8');
  const module = {exports: {} as {default?: Render}};
  const globals = globalThis as {[SSR_VIEW_GLOBAL]?: Sight};
  globals[SSR_VIEW_GLOBAL] = sight;
  const run = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {filename: file});
  run(module.exports, createRequire(file), module, file, bundleDir);
  const render = module.exports.default;
  if (typeof render !== 'function') throw new Error(`${file} does not export Docusaurus's render`);
  return async (options) => {
    // Modules are read as a render first needs them: the sight stays set while it runs.
    globals[SSR_VIEW_GLOBAL] = sight;
    try {
      return await render(options);
    } finally {
      delete globals[SSR_VIEW_GLOBAL];
    }
  };
}

export interface ViewPage {
  /** The page's file in the build, and its route. */
  file: string;
  route: string;
  condition: Condition;
}

export interface RenderedCopy {
  page: ViewPage;
  view: View;
  /** Its file in the build (below VIEW_PAGES_DIR), and its HTML as the view gets it. */
  file: string;
  html: string;
}

/** A page that could not be rendered for a view (undefined: with what all its readers share): Docusaurus's render threw. */
export interface RenderFailure {
  file: string;
  view?: View;
  message: string;
}

export interface ViewRenders {
  viewPages: ViewPages;
  copies: RenderedCopy[];
  /** Each page as all its readers share it (what the search index reads of it), by its file. */
  shared: Map<string, string>;
  failures: RenderFailure[];
}

/**
 * Renders each page once per view it has and writes each copy; and once more with what all its readers
 * share, for the search index: for a page of several audiences, that is no one reader's copy.
 */
export async function renderForViews(
  outDir: string,
  {
    bundleDir,
    pages,
    audiences,
    publicPages,
    markers,
  }: {bundleDir: string; pages: readonly ViewPage[]; audiences: readonly string[]; publicPages: boolean; markers: MarkerSyntax},
): Promise<ViewRenders> {
  const conditions = viewConditions(audiences);
  const viewPages: ViewPages = {conditions, pages: {}};
  const copies: RenderedCopy[] = [];
  const failures: RenderFailure[] = [];
  const wide = new Map(
    await Promise.all(pages.map(async (page) => [page.file, await readFile(path.join(outDir, page.file), 'utf8')] as const)),
  );
  /** Renders some pages with one sight: each page's HTML with its app rendered anew and cut to what the sight sees. */
  const renderAll = async (sight: Sight, some: readonly ViewPage[], failed: (page: ViewPage, message: string) => void) => {
    const render = await rendererFor(bundleDir, sight);
    const rendered: [ViewPage, string][] = [];
    for (const page of some) {
      const html = wide.get(page.file)!;
      const {start, end} = appRange(html);
      let app: string;
      try {
        ({html: app} = await render({pathname: page.route, v4RemoveLegacyPostBuildHeadAttribute: true}));
      } catch (error) {
        // A component that asks for a page this view's data does not have (useDocById of another's page) cannot be cut.
        failed(page, (error as Error).message.split('\n')[0]!);
        continue;
      }
      const whole = html.slice(0, start) + app + html.slice(end);
      const template = markers.templateOf(whole, {commas: false});
      rendered.push([page, template === null ? whole : assemble(whole, template, sight)]);
    }
    return rendered;
  };
  const views = new Map<string, View>();
  for (const page of pages) for (const view of viewsOf(page.condition, audiences, publicPages)) views.set(viewKind(view, conditions), view);
  for (const [kind, view] of views) {
    const some = pages.filter(({condition}) => isVisible(condition, view));
    for (const [page, own] of await renderAll(sightOf(view), some, (page, message) => failures.push({file: page.file, view, message}))) {
      const file = `${VIEW_PAGES_DIR}/${kind}/${page.file}`;
      await mkdir(path.dirname(path.join(outDir, file)), {recursive: true});
      await writeFile(path.join(outDir, file), own);
      (viewPages.pages[page.file] ??= {})[kind] = file;
      copies.push({page, view, file, html: own});
    }
  }
  const shared = new Map<string, string>();
  const byCondition = new Map<string, ViewPage[]>();
  for (const page of pages) byCondition.set(conditionKey(page.condition), [...(byCondition.get(conditionKey(page.condition)) ?? []), page]);
  for (const some of byCondition.values()) {
    for (const [page, html] of await renderAll(sharedBy(some[0]!.condition), some, (page, message) =>
      failures.push({file: page.file, message}),
    ))
      shared.set(page.file, html);
  }
  return {viewPages, copies, shared, failures};
}
