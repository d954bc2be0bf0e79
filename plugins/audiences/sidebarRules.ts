/**
 * What the sidebars mean once pages have audiences. A list (the sidebar itself, a category's cards,
 * the versions, the navbar's links to the sidebars) is marked item by item and each reader gets their
 * own; a single link the readers of a page or a version share (previous and next, a version's first
 * page, the navbar's link to a sidebar) goes to the first page that every one of those readers may
 * open, so that it is the same for all of them and names no page some of them may not see. Pure.
 */
import {unionOf, within, type Condition} from '../../contracts/audiences';
import {AUDIENCE_FIELD} from '../../contracts/audienceMarkers';
import {navbarSidebars, type SiteSettings} from '../../contracts/siteSettings';
import {annotationFor} from './siteConditions';

/** A sidebar item as the docs plugin loads it (the parts read here). */
export type SidebarItem =
  | {type: 'doc' | 'ref'; id: string; label?: string}
  | {type: 'category'; label: string; items: SidebarItem[]; link?: CategoryLink}
  | {type: 'link' | 'html'};

export type CategoryLink = {type: 'doc'; id: string} | {type: 'generated-index'; permalink: string; title?: string; description?: string};

/** A page a sidebar leads to, in reading order. */
export type NavigationItem =
  /** A doc: its sidebar label, or the label of the category whose own page it is (which the previous/next links do not use). */
  {type: 'doc'; id: string; label?: string; categoryLabel?: string} | {type: 'index'; permalink: string; label: string};

/** Docs and category pages in reading order, as the previous/next links walk them. */
export function navigationItems(items: readonly SidebarItem[]): NavigationItem[] {
  return items.flatMap((item): NavigationItem[] => {
    if (item.type === 'doc') return [{type: 'doc', id: item.id, ...(item.label === undefined ? {} : {label: item.label})}];
    if (item.type !== 'category') return [];
    const own: NavigationItem[] =
      item.link?.type === 'doc'
        ? [{type: 'doc', id: item.link.id, categoryLabel: item.label}]
        : item.link?.type === 'generated-index'
          ? [{type: 'index', permalink: item.link.permalink, label: item.label}]
          : [];
    return [...own, ...navigationItems(item.items)];
  });
}

/**
 * Who may see a sidebar item: a doc's readers; a category's, the union of what it holds and links to.
 * Undefined for an item with no page (an external link, a category of them).
 */
export function itemCondition(item: SidebarItem, docCondition: (id: string) => Condition | undefined): Condition | undefined {
  if (item.type === 'doc' || item.type === 'ref') return docCondition(item.id);
  if (item.type !== 'category') return undefined;
  let union = item.link?.type === 'doc' ? docCondition(item.link.id) : undefined;
  for (const child of item.items) {
    const condition = itemCondition(child, docCondition);
    if (condition !== undefined) union = union === undefined ? condition : unionOf(union, condition);
  }
  return union;
}

/** Who may see anything of a sidebar: the union of its items' readers; undefined for one without pages. */
export function sidebarCondition(
  items: readonly SidebarItem[],
  docCondition: (id: string) => Condition | undefined,
): Condition | undefined {
  let union: Condition | undefined;
  for (const item of items) {
    const condition = itemCondition(item, docCondition);
    if (condition !== undefined) union = union === undefined ? condition : unionOf(union, condition);
  }
  return union;
}

/** A navbar link to a sidebar; annotated (AUDIENCE_FIELD) when some reader of the site may see no page of it. */
export interface NavbarSidebarLink {
  id: string;
  label: string;
  [AUDIENCE_FIELD]?: string;
}

/**
 * The navbar's links to the sidebars of the current version, as the team labels them (navbarSidebars),
 * each marked for the readers of its pages when they are fewer than the site's (`base`): a reader who
 * may open no page of a sidebar gets neither its link nor its label.
 */
export function navbarSidebarLinks(
  sidebars: Readonly<Record<string, readonly SidebarItem[]>>,
  labels: SiteSettings['sidebarLabels'],
  docCondition: (id: string) => Condition | undefined,
  base: Condition,
): NavbarSidebarLink[] {
  return navbarSidebars(Object.keys(sidebars), labels).map(({id, label}) => {
    const annotation = annotationFor(sidebarCondition(sidebars[id]!, docCondition), base);
    return annotation === undefined ? {id, label} : {id, label, [AUDIENCE_FIELD]: annotation};
  });
}

/** Each category index page (generated index) with its condition: the union of what its category holds. */
export function generatedIndexConditions(
  items: readonly SidebarItem[],
  docCondition: (id: string) => Condition | undefined,
  into = new Map<string, Condition>(),
): Map<string, Condition> {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.link?.type === 'generated-index') {
      const condition = itemCondition(item, docCondition);
      if (condition !== undefined) into.set(item.link.permalink, condition);
    }
    generatedIndexConditions(item.items, docCondition, into);
  }
  return into;
}

/** The nearest item before and after `index` that every reader of `readers` may open. */
export function wideNeighbours<T>(
  items: readonly T[],
  index: number,
  readers: Condition,
  conditionOf: (item: T) => Condition | undefined,
): {previous?: T; next?: T} {
  const opens = (item: T) => {
    const condition = conditionOf(item);
    return condition !== undefined && within(readers, condition);
  };
  let previous: T | undefined;
  for (let i = index - 1; i >= 0 && previous === undefined; i--) if (opens(items[i]!)) previous = items[i];
  let next: T | undefined;
  for (let i = index + 1; i < items.length && next === undefined; i++) if (opens(items[i]!)) next = items[i];
  return {...(previous === undefined ? {} : {previous}), ...(next === undefined ? {} : {next})};
}

/** The first item every reader of `readers` may open. */
export function firstWide<T>(items: readonly T[], readers: Condition, conditionOf: (item: T) => Condition | undefined): T | undefined {
  return items.find((item) => {
    const condition = conditionOf(item);
    return condition !== undefined && within(readers, condition);
  });
}
