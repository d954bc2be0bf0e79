/**
 * Where Docusaurus serves each doc (its permalink), from the file's place and front matter: the rules
 * of its docs plugin (number prefixes dropped, `id` and `slug` front matter, a folder's own page at the
 * folder's path), plus the front matter the site adds (plugins/markdown/docFrontMatter.ts). A content
 * test compares the result with the built site.
 */
import {isFolderIndex} from '../markdown/pageTitle';

const NUMBER_PREFIX = /^\d+[-_.]\s*/;

export interface PermalinkInput {
  /** The version's route: '' for the version at the site's root, else its name (`1.0`). */
  versionRoute: string;
  /** The doc's path inside its version's folder, `/`-separated. */
  relativePath: string;
  frontMatter: Readonly<Record<string, unknown>>;
}

function joinRoute(...parts: string[]): string {
  const joined = parts
    .join('/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
  return `/${joined}`;
}

export function docPermalink({versionRoute, relativePath, frontMatter}: PermalinkInput): string {
  const parts = relativePath.split('/');
  const fileName = parts.pop()!.replace(/\.mdx?$/, '');
  const folders = parts.map((part) => part.replace(NUMBER_PREFIX, ''));
  const name = fileName.replace(NUMBER_PREFIX, '');
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  const id = typeof frontMatter.id === 'string' ? frontMatter.id : undefined;
  let path: string;
  if (slug !== undefined) path = slug.startsWith('/') ? joinRoute(slug) : joinRoute(...folders, slug);
  else if (id === undefined && isFolderIndex({name, folder: folders.at(-1) ?? ''})) path = joinRoute(...folders);
  else path = joinRoute(...folders, id ?? name);
  return versionRoute === '' ? path : path === '/' ? `/${versionRoute}` : `/${versionRoute}${path}`;
}
