/**
 * What the home page lists, read from each version's docs and sidebar (never from doc ids written in
 * code, so that renaming, adding or replacing docs cannot break it): each version's landing page and
 * the top-level entries of its sidebar. Pure; plugins/docsOverview/index.ts feeds it the docs plugin's content.
 */

export const DOCS_OVERVIEW_PLUGIN = 'docs-overview';

export interface OverviewEntry {
  title: string;
  to: string;
  description?: string;
}

export interface VersionOverview {
  label: string;
  /** Whether this is the version served at the site's root. */
  isCurrent: boolean;
  /** Where a reader starts: the version's landing page, else its first page. */
  start: string;
  /** How many pages the version's sidebar holds. */
  pages: number;
  entries: OverviewEntry[];
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

function firstPage(items: readonly SidebarItem[], docs: ReadonlyMap<string, Doc>): string | undefined {
  for (const item of items) {
    if (item.type === 'doc' || item.type === 'ref') return docs.get(item.id)?.permalink;
    if (item.type !== 'category') continue;
    if (item.link?.type === 'doc') return docs.get(item.link.id)?.permalink;
    if (item.link?.type === 'generated-index') return item.link.permalink;
    const inside = firstPage(item.items, docs);
    if (inside !== undefined) return inside;
  }
  return undefined;
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

function entryOf(item: SidebarItem, docs: ReadonlyMap<string, Doc>): OverviewEntry | undefined {
  if (item.type === 'doc' || item.type === 'ref') {
    const doc = docs.get(item.id);
    return doc && {title: item.label ?? doc.title, to: doc.permalink, description: doc.description};
  }
  if (item.type !== 'category') return undefined;
  const to = firstPage([item], docs);
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

export function versionOverview(version: DocsVersion): VersionOverview {
  const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
  const sidebar = Object.values(version.sidebars)[0] ?? [];
  const entries = topLevel(sidebar, version.path).flatMap((item) => entryOf(item, docs) ?? []);
  return {
    label: version.label,
    isCurrent: version.isLast,
    start: firstPage(sidebar, docs) ?? version.path,
    pages: pageCount(sidebar),
    entries,
  };
}
