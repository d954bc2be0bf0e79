/**
 * What names each thing of the site some readers may not know of, for the leak proof (leakProof.ts):
 * each docs page (its address, last segment, title, sidebar label, description and headings), each
 * category of a sidebar (its label, its page's address), each version (its label and address) and each
 * search section (its label and address), with who may read it. Every page counts, wide or narrow: a name
 * a wider page shares names nothing hidden.
 */
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import {decodeHTML} from 'entities';
import {canonicalPath} from '../../contracts/paths';
import type {Condition} from '../../contracts/audiences';
import type {SearchSection} from '../../contracts/searchSections';
import type {Identity, IdentifierKind} from './leakProof';
import {itemCondition, type SidebarItem} from './sidebarRules';
import type {Conditions} from './siteConditions';

/** An HTML fragment's text, as a reader reads it. */
export const textOf = (html: string) => decodeHTML(html.replace(/<[^>]+>/g, '')).trim();

/** The headings (h2, h3) of a page's HTML, as text without their anchor links. */
export function headingsOf(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)].map(([, heading]) =>
    textOf(heading!.replace(/<a[^>]*class="?hash-link[\s\S]*?<\/a>/g, '')),
  );
}

/**
 * A page's address and its last segment; for a page of a version below the root, its address inside the
 * version too (`/1.0/category/integrations` is also `/category/integrations`, its slug and its id in the
 * version's data): a wider version's page of that name then shares it with a narrower one's.
 */
function pathIdentifiers(address: string, versionPath = '/'): {kind: IdentifierKind; value: string}[] {
  const decoded = canonicalPath(decodeURI(address));
  const last = decoded.slice(decoded.lastIndexOf('/'));
  const prefix = canonicalPath(decodeURI(versionPath));
  const inVersion = prefix !== '/' && decoded.startsWith(`${prefix}/`) ? decoded.slice(prefix.length) : undefined;
  return [
    {kind: 'address', value: decoded},
    ...(inVersion === undefined ? [] : [{kind: 'address' as const, value: inVersion}]),
    ...(last === decoded ? [] : [{kind: 'last segment' as const, value: last}]),
  ];
}

export interface IdentitiesInput {
  versions: readonly LoadedVersion[];
  conditions: Conditions;
  sections: readonly (SearchSection & {condition: Condition})[];
  /** A docs page's HTML, by its address (null: no file). */
  html: (permalink: string) => Promise<string | null>;
}

export async function siteIdentities({versions, conditions, sections, html}: IdentitiesInput): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (const version of versions) {
    identities.push({
      name: `version ${version.label}`,
      condition: conditions.version(version.versionName),
      identifiers: [{kind: 'label', value: version.label}, ...(version.path === '/' ? [] : pathIdentifiers(version.path))],
    });
    // The labels a sidebars file gives a doc (`{type: 'doc', id, label}`), which its front matter does not hold.
    const sidebarLabels = new Map<string, string[]>();
    const labelsIn = (items: readonly SidebarItem[]): void => {
      for (const item of items) {
        if ((item.type === 'doc' || item.type === 'ref') && item.label !== undefined)
          sidebarLabels.set(item.id, [...(sidebarLabels.get(item.id) ?? []), item.label]);
        if (item.type === 'category') labelsIn(item.items);
      }
    };
    for (const sidebar of Object.values(version.sidebars) as SidebarItem[][]) labelsIn(sidebar);
    for (const doc of version.docs) {
      const frontMatter = doc.frontMatter as {sidebar_label?: string; pagination_label?: string};
      const page = await html(doc.permalink);
      const labels = [frontMatter.sidebar_label, frontMatter.pagination_label, ...(sidebarLabels.get(doc.id) ?? [])];
      identities.push({
        name: doc.permalink,
        condition: conditions.page(doc.permalink),
        identifiers: [
          ...pathIdentifiers(doc.permalink, version.path),
          {kind: 'title', value: doc.title},
          {kind: 'description', value: doc.description},
          ...labels.filter((label) => label !== undefined).map((value) => ({kind: 'sidebar label' as const, value})),
          ...(page === null ? [] : headingsOf(page).map((value) => ({kind: 'heading' as const, value}))),
        ],
      });
    }
    const categories = (items: readonly SidebarItem[]): void => {
      for (const item of items) {
        if (item.type !== 'category') continue;
        const link = item.link?.type === 'generated-index' ? item.link : undefined;
        // A category with a page of its own is that page's readers' (the model's); one without, its items' union.
        const condition = link
          ? conditions.page(link.permalink)
          : itemCondition(item, (id) => conditions.knownDoc(version.versionName, id));
        if (condition !== undefined) {
          identities.push({
            name: link ? link.permalink : `category "${item.label}"`,
            condition,
            identifiers: [
              {kind: 'sidebar label', value: item.label},
              ...(link
                ? [
                    ...pathIdentifiers(link.permalink, version.path),
                    ...(link.title ? [{kind: 'title' as const, value: link.title}] : []),
                    ...(link.description ? [{kind: 'description' as const, value: link.description}] : []),
                  ]
                : []),
            ],
          });
        }
        categories(item.items);
      }
    };
    for (const sidebar of Object.values(version.sidebars) as SidebarItem[][]) categories(sidebar);
  }
  for (const section of sections) {
    identities.push({
      name: `section "${section.label}"`,
      condition: section.condition,
      identifiers: [{kind: 'label', value: section.label}, ...pathIdentifiers(`/${section.path}`)],
    });
  }
  return identities;
}
