/**
 * What names a private doc, read from the build and the sources: every private page's path and
 * last path segment, its <title>, every doc source path, the version labels, the section labels,
 * and each section's search context (its path and label, as the search plugin is configured with
 * them). A signed-out answer must contain none of them.
 *
 * Each is looked for where it would stand as a name (in a URL, a quoted string, a tag's text),
 * not as any substring: "test" as a last segment must not match `RegExp.prototype.test` in a
 * bundle, nor "1.0" match `initial-scale=1.0`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {builtFiles, SITE_BUILD_DIR} from './builtFiles';
import {searchSectionsFor} from '../../plugins/search/sections';
import {docsSourceFiles, siteVersions} from '../../contracts/siteVersions';
import site from '../../site.config';
import {API_PREFIX} from '../../contracts/paths';
import {INSIGHTS_PAGE} from '../../contracts/insights';

export interface PrivateIdentifier {
  kind:
    'path' | 'last segment' | 'title' | 'source path' | 'version label' | 'section label' | 'search context' | 'heading' | 'description';
  value: string;
  pattern: RegExp;
}

const ROOT = path.resolve(__dirname, '../..');
const SITE_TITLE_SUFFIX = ` | ${site.title}`;
/**
 * Pages every visitor knows exist (the site's root is titled just "Home"): they name no doc. The authors'
 * insights page is the product's, named by the account menu's code in every build, the login page's too.
 */
const NOT_PRIVATE = new Set(['/', '/login', '/404', INSIGHTS_PAGE]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Not inside an address of another site: `https://docusaurus.io/docs/api/themes/configuration` in a
 * library's message names no doc here. An address of this site (site.config.ts's `url`) still counts.
 */
const NOT_IN_A_URL = `(?<![a-z][a-z0-9+.-]*://(?!${escape(new URL(site.url).host)})[^\\s"'\`<>]*)`;
/** The end of a path or segment: the gate's endpoints are below `/api/` and every bundle names them, so a page `/api` ends there. */
const endOf = (value: string) =>
  value === API_PREFIX.slice(0, -1) || value === API_PREFIX.slice(1, -1) ? `(?=$|[?#"'\`\\s<>])` : `(?=$|[/?#"'\`\\s<>])`;
/** As a URL or one of its segments: after a slash, before the end of the segment. */
export const asPath = (value: string) => new RegExp(`${NOT_IN_A_URL}${escape(value)}${endOf(value)}`);
export const asSegment = (value: string) => new RegExp(`${NOT_IN_A_URL}/${escape(value)}${endOf(value)}`);
/** As a string literal or the text of a tag or attribute. */
export const asText = (value: string) => new RegExp(`(?:["'\`>]|^)${escape(value)}(?:["'\`<]|$)`, 'm');

function privatePages(): string[] {
  return builtFiles()
    .filter(({file}) => file.endsWith('.html'))
    .map(({url}) => decodeURIComponent(url))
    .filter((url) => !NOT_PRIVATE.has(url));
}

function docSources(): string[] {
  return docsSourceFiles(ROOT).filter((file) => /\.mdx?$/.test(file));
}

function sectionLabels(): string[] {
  return docsSourceFiles(ROOT)
    .filter((file) => file.endsWith('_category_.json'))
    .flatMap((file) => (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as {label?: string}).label ?? []);
}

export function privateIdentifiers(): PrivateIdentifier[] {
  const identifiers = new Map<string, PrivateIdentifier>();
  const add = (kind: PrivateIdentifier['kind'], value: string, pattern: RegExp) => {
    if (value.length > 0) identifiers.set(`${kind}:${value}`, {kind, value, pattern});
  };
  for (const page of privatePages()) {
    add('path', page, asPath(page));
    const last = page.split('/').pop()!;
    add('last segment', last, asSegment(last));
    const html = readFileSync(path.join(SITE_BUILD_DIR, `${page}.html`), 'utf8');
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(SITE_TITLE_SUFFIX, '').trim() ?? '';
    add('title', title, asText(title));
  }
  for (const source of docSources()) add('source path', source, new RegExp(escape(source)));
  const versions = siteVersions(ROOT);
  for (const {label} of versions) add('version label', label, new RegExp(`${asText(label).source}|${asSegment(label).source}`, 'm'));
  for (const label of sectionLabels()) add('section label', label, asText(label));
  const contexts = searchSectionsFor(ROOT, versions);
  for (const context of contexts) {
    add('search context', context.path, new RegExp(`${asText(context.path).source}|${asPath(`/${context.path}`).source}`, 'm'));
    add('search context', context.label, asText(context.label));
  }
  return [...identifiers.values()];
}

/** The identifiers a text contains, as `kind "value"`. */
export function identifiersIn(text: string, identifiers: readonly PrivateIdentifier[]): string[] {
  return identifiers.filter(({pattern}) => pattern.test(text)).map(({kind, value}) => `${kind} "${value}"`);
}
