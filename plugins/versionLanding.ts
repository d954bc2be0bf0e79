/**
 * Each frozen version has a landing page at its own path (`/1.0`): its root `index.md`/`README.md`
 * when the docs have one, else a generated index of its pages. The sidebar is generated from the
 * folder (sidebars.ts, versioned_sidebars/) and this generator adds the landing, so that no sidebar
 * is written by hand and replacing a version's docs never leaves a landing page pointing at nothing.
 * The version at the root needs none: `/` is the home page.
 */
import path from 'node:path';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import {isFolderIndex} from './markdown/pageTitle';

/** Pure: whether a version's docs have a page of their own for its root. */
export function hasRootIndex(docs: readonly {source: string; sourceDirName: string}[]): boolean {
  return docs.some((doc) => doc.sourceDirName === '.' && isFolderIndex({name: path.parse(doc.source).name, folder: ''}));
}

export function versionLanding(siteTitle: string): PluginOptions['sidebarItemsGenerator'] {
  return async ({defaultSidebarItemsGenerator, ...args}) => {
    const items = await defaultSidebarItemsGenerator(args);
    const atRoot = args.version.versionName === 'current';
    if (atRoot || args.item.dirName !== '.' || hasRootIndex(args.docs)) return items;
    const title = `${siteTitle} ${args.version.versionName}`;
    return [
      {
        type: 'category',
        label: title,
        collapsible: false,
        link: {
          type: 'generated-index',
          slug: '/',
          title,
          description: `Every page of version ${args.version.versionName}, in reading order.`,
        },
        items,
      },
    ];
  };
}
