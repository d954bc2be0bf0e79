/**
 * Each version below the root has a landing page at its own path (`/1.0`, or `/docs` for current docs a
 * team keeps there): its root `index.md`/`README.md` when the docs have one, else a generated index of its
 * pages. The sidebar is generated from the folder (sidebars.ts, versioned_sidebars/) and this generator adds
 * the landing, so that no sidebar is written by hand and replacing a version's docs never leaves a landing
 * page pointing at nothing. The version at the root needs none: `/` is the home page.
 */
import path from 'node:path';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import type {SiteVersion} from '../contracts/siteVersions';
import {isFolderIndex} from './markdown/pageTitle';

/** Pure: whether a version's docs have a page of their own for its root. */
function hasRootIndex(docs: readonly {source: string; sourceDirName: string}[]): boolean {
  return docs.some((doc) => doc.sourceDirName === '.' && isFolderIndex({name: path.parse(doc.source).name, folder: ''}));
}

/**
 * Pure: whether a version gets the generated landing, given its route and its docs (where its sidebar
 * is generated from the folder): below the root, with no root page of its own. The sidebar generator
 * (versionLanding) adds it.
 */
export function getsGeneratedLanding(route: string | undefined, docs: readonly {source: string; sourceDirName: string}[]): boolean {
  return route !== '' && !hasRootIndex(docs);
}

/** The sidebar generator with the landing of each version below the root, named by the version's label. */
export function versionLanding(
  siteTitle: string,
  versions: readonly Pick<SiteVersion, 'name' | 'label' | 'route'>[],
): PluginOptions['sidebarItemsGenerator'] {
  return async ({defaultSidebarItemsGenerator, ...args}) => {
    const items = await defaultSidebarItemsGenerator(args);
    const version = versions.find(({name}) => name === args.version.versionName);
    if (args.item.dirName !== '.' || !getsGeneratedLanding(version?.route, args.docs)) return items;
    const label = version?.label ?? args.version.versionName;
    const title = `${siteTitle} ${label}`;
    return [
      {
        type: 'category',
        label: title,
        collapsible: false,
        link: {
          type: 'generated-index',
          slug: '/',
          title,
          description: `Every page of version ${label}, in reading order.`,
        },
        items,
      },
    ];
  };
}
