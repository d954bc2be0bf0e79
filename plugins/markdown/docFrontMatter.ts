/**
 * Front matter a doc written for GitHub leaves out, filled in when Docusaurus reads it (the config's
 * `markdown.parseFrontMatter`), so that the docs build as they are: a title from the opening heading
 * (plugins/markdown/pageTitle.ts), a folder's label from the folder rather than from its page's
 * heading, a version's root `index.md`/`README.md` first in the sidebar, and MDX for a `.md` file
 * written in MDX (mdxFormat.ts). Front matter the author wrote always wins. Partials (`_name.md`) are
 * left alone: Docusaurus refuses front matter in them.
 */
import path from 'node:path';
import type {ParseFrontMatter} from '@docusaurus/types';
import type {SiteVersion} from '../../contracts/siteVersions';
import {writtenForMdx} from './mdxFormat';
import {isFolderIndex, titleFromContent, type DocFile} from './pageTitle';

/** Where the root page of the version at the site's root goes: `/` is the home page. */
export const ROOT_INDEX_SLUG = '/overview';

export interface DocPlace {
  /** The doc's path inside its version's docs folder, with `/` separators. */
  relativePath: string;
  /** Whether that version is served at the site's root, where the home page is. */
  atSiteRoot: boolean;
}

const NUMBER_PREFIX = /^\d+[-_.]\s*/;

function docFile(relativePath: string): DocFile {
  const parts = relativePath.split('/');
  const name = parts
    .at(-1)!
    .replace(/\.mdx?$/, '')
    .replace(NUMBER_PREFIX, '');
  return {name, folder: (parts.at(-2) ?? '').replace(NUMBER_PREFIX, '')};
}

/** Pure but for parsing a `.md` body that may be MDX: what to add to a doc's front matter. */
export function addedFrontMatter(place: DocPlace, frontMatter: Readonly<Record<string, unknown>>, body: string): Record<string, unknown> {
  const file = docFile(place.relativePath);
  const added: Record<string, unknown> = {};
  if (frontMatter.title === undefined) {
    const title = titleFromContent(body, file);
    if (title !== undefined) added.title = title;
  }
  if (isFolderIndex(file)) {
    if (file.folder === '') {
      if (frontMatter.sidebar_position === undefined) added.sidebar_position = 0;
      if (frontMatter.title === undefined && added.title === undefined) added.title = 'Overview';
      if (place.atSiteRoot && frontMatter.slug === undefined) added.slug = ROOT_INDEX_SLUG;
    } else if (frontMatter.sidebar_label === undefined) {
      // The folder's category takes its label from this page: the folder's name, not the page's heading.
      added.sidebar_label = file.folder;
    }
  }
  // A `.md` file the author gave no `mdx.format`: MDX when its body is (an `.mdx` file is MDX already).
  if (frontMatter.mdx === undefined && /\.md$/i.test(place.relativePath) && writtenForMdx(body)) added.mdx = {format: 'mdx'};
  return added;
}

/** Pure: where a file is among the site's versions, or undefined when it is not a doc (a page, a partial). */
export function docPlace(
  siteDir: string,
  versions: readonly Pick<SiteVersion, 'docsDir' | 'route'>[],
  filePath: string,
): DocPlace | undefined {
  for (const version of versions) {
    const relativePath = path.relative(path.join(siteDir, version.docsDir), filePath).split(path.sep).join('/');
    if (relativePath.startsWith('../') || path.isAbsolute(relativePath)) continue;
    if (relativePath.split('/').some((part) => part.startsWith('_'))) return undefined;
    return {relativePath, atSiteRoot: version.route === ''};
  }
  return undefined;
}

export function parseDocFrontMatter(siteDir: string, versions: readonly Pick<SiteVersion, 'docsDir' | 'route'>[]): ParseFrontMatter {
  return async (params) => {
    const parsed = await params.defaultParseFrontMatter(params);
    const place = docPlace(siteDir, versions, params.filePath);
    if (place === undefined) return parsed;
    return {...parsed, frontMatter: {...addedFrontMatter(place, parsed.frontMatter, parsed.content), ...parsed.frontMatter}};
  };
}
