/**
 * What the home page lists, read from each version's docs and sidebar (never from doc ids written in
 * code, so that renaming, adding or replacing docs cannot break it): each version's landing page and
 * the top-level entries of its sidebar. With audiences, an entry or a version only some readers may see
 * is annotated (the home page marks it for the gate), the start is a page every reader of the version
 * may open, and the count of pages is left out when readers would count differently. Pure;
 * plugins/docsOverview/index.ts feeds it the docs plugin's content.
 */
import {AUDIENCE_FIELD} from '../../contracts/audienceMarkers';
import {READERS, within, type Condition} from '../../contracts/audiences';
import {annotationFor, unionOfAll} from '../audiences/siteConditions';
import type {OverviewEntry, VersionOverview} from '../../contracts/docsOverview';

/** Who may read what, when the site has audiences: a page's condition by its address, the version's, the site's widest. */
export interface OverviewConditions {
  page: (permalink: string) => Condition | undefined;
  version: Condition;
  base: Condition;
}

interface Doc {
  id: string;
  title: string;
  description: string;
  permalink: string;
}

type CategoryLink = {type: 'doc'; id: string} | {type: 'generated-index'; permalink: string; title?: string; description?: string};

export type SidebarItem =
  | {type: 'doc' | 'ref'; id: string; label?: string}
  | {type: 'category'; label: string; items: SidebarItem[]; link?: CategoryLink}
  | {type: 'link' | 'html'};

export interface DocsVersion {
  label: string;
  path: string;
  isLast: boolean;
  docs: Doc[];
  sidebars: Record<string, SidebarItem[]>;
}

/** The first page of some items that `opens` accepts. */
function firstPage(
  items: readonly SidebarItem[],
  docs: ReadonlyMap<string, Doc>,
  opens: (permalink: string) => boolean = () => true,
): string | undefined {
  const accept = (permalink: string | undefined) => (permalink !== undefined && opens(permalink) ? permalink : undefined);
  for (const item of items) {
    if (item.type === 'doc' || item.type === 'ref') {
      const found = accept(docs.get(item.id)?.permalink);
      if (found !== undefined) return found;
      continue;
    }
    if (item.type !== 'category') continue;
    const own = accept(
      item.link?.type === 'doc'
        ? docs.get(item.link.id)?.permalink
        : item.link?.type === 'generated-index'
          ? item.link.permalink
          : undefined,
    );
    if (own !== undefined) return own;
    const inside = firstPage(item.items, docs, opens);
    if (inside !== undefined) return inside;
  }
  return undefined;
}

/** Every page an item leads to: a doc, or a category's own page and what it holds. */
function pagesOf(item: SidebarItem, docs: ReadonlyMap<string, Doc>): string[] {
  if (item.type === 'doc' || item.type === 'ref') return [docs.get(item.id)?.permalink ?? []].flat();
  if (item.type !== 'category') return [];
  const own =
    item.link?.type === 'doc' ? docs.get(item.link.id)?.permalink : item.link?.type === 'generated-index' ? item.link.permalink : undefined;
  return [...(own === undefined ? [] : [own]), ...item.items.flatMap((child) => pagesOf(child, docs))];
}

function pageCount(items: readonly SidebarItem[]): number {
  return items.reduce(
    (count, item) =>
      item.type === 'doc' || item.type === 'ref'
        ? count + 1
        : item.type === 'category'
          ? count + (item.link?.type === 'doc' ? 1 : 0) + pageCount(item.items)
          : count,
    0,
  );
}

function entryOf(item: SidebarItem, docs: ReadonlyMap<string, Doc>, opens: (permalink: string) => boolean): OverviewEntry | undefined {
  if (item.type === 'doc' || item.type === 'ref') {
    const doc = docs.get(item.id);
    return doc && {title: item.label ?? doc.title, to: doc.permalink, description: doc.description};
  }
  if (item.type !== 'category') return undefined;
  const to = firstPage([item], docs, opens);
  if (to === undefined) return undefined;
  const description =
    item.link?.type === 'generated-index'
      ? item.link.description
      : item.link?.type === 'doc'
        ? docs.get(item.link.id)?.description
        : undefined;
  return {title: item.label, to, ...(description ? {description} : {})};
}

/** A sidebar that is one landing category (plugins/versionLanding.ts) lists what is inside it. */
function topLevel(items: readonly SidebarItem[], landing: string): readonly SidebarItem[] {
  const only = items.length === 1 ? items[0] : undefined;
  return only?.type === 'category' && only.link?.type === 'generated-index' && only.link.permalink === landing ? only.items : items;
}

export function versionOverview(version: DocsVersion, conditions?: OverviewConditions): VersionOverview {
  const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
  const sidebar = Object.values(version.sidebars)[0] ?? [];
  const readers = conditions?.version ?? READERS;
  const conditionOf = (permalink: string) => conditions?.page(permalink) ?? readers;
  /** Whether every reader who may open some of `pages` may open `permalink`. */
  const opensFor = (pages: readonly string[]) => {
    const among = unionOfAll(pages.map(conditionOf)) ?? readers;
    return (permalink: string) => within(among, conditionOf(permalink));
  };
  const entries = topLevel(sidebar, version.path).flatMap((item) => {
    const pages = pagesOf(item, docs);
    const entry = entryOf(item, docs, opensFor(pages));
    if (entry === undefined) return [];
    const annotation = annotationFor(unionOfAll(pages.map(conditionOf)), readers);
    return [annotation === undefined ? entry : {...entry, [AUDIENCE_FIELD]: annotation}];
  });
  const allPages = sidebar.flatMap((item) => pagesOf(item, docs));
  const sameForAll = allPages.every((permalink) => within(readers, conditionOf(permalink)));
  const annotation = conditions && annotationFor(conditions.version, conditions.base);
  return {
    label: version.label,
    isCurrent: version.isLast,
    start: firstPage(sidebar, docs, opensFor(allPages)) ?? version.path,
    pages: sameForAll ? pageCount(sidebar) : null,
    entries,
    ...(annotation === undefined ? {} : {[AUDIENCE_FIELD]: annotation}),
  };
}
