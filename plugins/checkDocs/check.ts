/**
 * Everything wrong with the docs, at once: broken links and anchors, front matter Docusaurus cannot
 * use, media from sites the gate's policy blocks, mistakes in who reads what and links some readers of
 * a page may not follow; warnings for what an author may want to fix.
 * Pure: readSite.ts reads the files (for the build's plugins and for the CLI, scripts/checkDocs/cli.ts).
 */
import path from 'node:path';
import {PUBLIC, READERS, within, type Condition} from '../../contracts/audiences';
import {isAllowedMediaUrl, mediaOriginOf} from '../../contracts/mediaOrigins';
import {matchingAnchor} from '../../contracts/anchors';
import type {ParsedDoc} from './parse';
import {unresolvedImport} from './imports';

export interface Doc extends ParsedDoc {
  /** Repository-relative path, `/`-separated. */
  file: string;
  permalink: string;
  /** Problems found while reading it (front matter). */
  readProblems: Problem[];
  /** Set when its title would be its file name. */
  titleFromFileName: boolean;
}

export interface Problem {
  file: string;
  line: number;
  severity: 'error' | 'warning';
  /** Which rule found it: `media` problems are also what the build lists, `audience` ones what fails it. */
  rule: 'link' | 'media' | 'front-matter' | 'title' | 'format' | 'audience' | 'import';
  message: string;
}

export interface Site {
  docs: readonly Doc[];
  /** Pages that are not docs (`/`, `/search`, generated indexes…), by path. */
  otherPages: ReadonlySet<string>;
  /** Whether a repository-relative file exists (static files, images beside the docs). */
  fileExists: (file: string) => boolean;
  /** Whether the build resolves a module a doc imports (imports.ts). */
  resolvesImport: (source: string, fromFile: string) => boolean;
  /** Where `/x` files are served from: static/ and static-docs/. */
  staticDirs: readonly string[];
  /** Each version's docs folder (`docs`, `versioned_docs/version-1.0`), from which a link may name a Markdown file. */
  docsDirs: readonly string[];
  mediaOrigins: readonly string[];
  /** Who may read each page, by its path (docs and generated indexes); empty for a site without audiences. */
  readers: ReadonlyMap<string, Condition>;
  /** Mistakes in who reads what (audiences.json, _category_.json, front matter). */
  audienceProblems: readonly Problem[];
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
/** A link Docusaurus resolves to a doc's file: its extension in lower case (`Guide.MD` stays a plain link). */
const MARKDOWN_LINK = /\.mdx?$/;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An id the fragment was probably meant to be: the same letters and digits. */
function suggestion(ids: readonly string[], fragment: string): string | undefined {
  const key = (id: string) => id.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return ids.find((id) => key(id) === key(fragment));
}

function anchorProblem(target: Doc, fragment: string): string | undefined {
  const wanted = decode(fragment);
  if (target.ids.includes(wanted) || matchingAnchor(target.ids, wanted) !== undefined) return undefined;
  const near = suggestion(target.ids, wanted);
  return `broken anchor #${fragment}: ${target.permalink} has no such heading or id${near ? ` (did you mean #${near}?)` : ''}`;
}

/** Who reads a page, in a message's words. */
function readersInWords(condition: Condition): string {
  if (condition === PUBLIC) return 'anyone (public)';
  if (condition === READERS) return 'signed-in readers';
  return `${condition.join(' and ')} only`;
}

/** A link some readers of its page may not follow: it names the page, and is broken for them. */
function crossingProblem(readers: ReadonlyMap<string, Condition>, from: string, to: string): string | undefined {
  const own = readers.get(from);
  const target = readers.get(to);
  if (own === undefined || target === undefined || within(own, target)) return undefined;
  return `links to ${to}, a page for ${readersInWords(target)}, from a page for ${readersInWords(own)}: for the other readers of this page it is a broken link (the built page shows its text only)`;
}

export function checkSite(site: Site): Problem[] {
  const byFile = new Map(site.docs.map((doc) => [doc.file, doc]));
  const byPermalink = new Map<string, Doc[]>();
  for (const doc of site.docs) byPermalink.set(doc.permalink, [...(byPermalink.get(doc.permalink) ?? []), doc]);

  const problems: Problem[] = [...site.audienceProblems];
  for (const doc of site.docs) {
    problems.push(...doc.readProblems);
    const others = byPermalink.get(doc.permalink)!;
    if (others.length > 1) {
      const rest = others.filter((other) => other !== doc).map((other) => other.file);
      problems.push({
        file: doc.file,
        line: 1,
        severity: 'error',
        rule: 'front-matter',
        message: `served at ${doc.permalink}, like ${rest.join(', ')}`,
      });
    }
    if (doc.titleFromFileName) {
      problems.push({
        file: doc.file,
        line: 1,
        severity: 'warning',
        rule: 'title',
        message: 'no title: the page is named after its file (add `title` front matter or a `#` heading)',
      });
    }
    for (const {source, line} of doc.imports) {
      if (!site.resolvesImport(source, doc.file))
        problems.push({file: doc.file, line, severity: 'error', rule: 'import', message: unresolvedImport(source)});
    }
    for (const reference of doc.references) {
      const {problem, page} = resolveReference(site, byFile, byPermalink, doc, reference.url, reference.kind);
      const rule = problem?.startsWith('media from another site') ? 'media' : 'link';
      if (problem) problems.push({file: doc.file, line: reference.line, severity: 'error', rule, message: problem});
      const crossing = page === undefined ? undefined : crossingProblem(site.readers, doc.permalink, page);
      if (crossing) problems.push({file: doc.file, line: reference.line, severity: 'error', rule: 'audience', message: crossing});
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * The files a link to a Markdown file may name, in the order Docusaurus tries them (@docusaurus/utils'
 * resolveMarkdownLinkPathname): unless the link starts with `./` or `../`, from the doc's version folder and
 * from the site's folder; unless it starts with `/`, beside the doc. So `/Guides/Start.md` names the version's
 * `Guides/Start.md`, and `Start.md` the version's own before the one beside the doc.
 */
export function markdownLinkSources(docFile: string, link: string, docsDirs: readonly string[]): string[] {
  const sources: string[] = [];
  if (!link.startsWith('./') && !link.startsWith('../')) {
    const versionDir = docsDirs.find((dir) => docFile.startsWith(`${dir}/`));
    for (const dir of [...(versionDir === undefined ? [] : [versionDir]), '']) sources.push(path.posix.join(dir, link).replace(/^\/+/, ''));
  }
  if (!link.startsWith('/')) sources.push(path.posix.normalize(path.posix.join(path.posix.dirname(docFile), link)));
  return [...new Set(sources)];
}

/** Where a reference leads: the path of the page of the site it opens, if any, and what is wrong with it. */
function resolveReference(
  site: Site,
  byFile: ReadonlyMap<string, Doc>,
  byPermalink: ReadonlyMap<string, Doc[]>,
  doc: Doc,
  url: string,
  kind: 'link' | 'media',
): {problem?: string; page?: string} {
  if (EXTERNAL.test(url)) return kind === 'media' ? {problem: blockedMediaMessage(url, site.mediaOrigins)} : {};
  const hashAt = url.indexOf('#');
  const fragment = hashAt === -1 ? '' : url.slice(hashAt + 1);
  const target = (hashAt === -1 ? url : url.slice(0, hashAt)).replace(/\?.*$/, '');
  const opens = (page: Doc) => ({page: page.permalink, problem: fragment === '' ? undefined : anchorProblem(page, fragment)});
  if (target === '') return opens(doc);

  const decoded = decode(target);
  const sources = MARKDOWN_LINK.test(decoded) ? markdownLinkSources(doc.file, decoded, site.docsDirs) : [];
  const linked = sources.map((file) => byFile.get(file)).find((found) => found !== undefined);
  if (linked) return opens(linked);
  if (!decoded.startsWith('/')) {
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(doc.file), decoded));
    if (sources.length > 0) {
      const looked = sources.length === 1 ? `${sources[0]} does not exist` : `none of ${sources.join(', ')} exists`;
      return {problem: `broken link ${url}: ${looked}`};
    }
    if (site.fileExists(file)) return {};
    if (kind === 'media') return {problem: `broken image ${url}: ${file} does not exist`};
  }
  // A path on the site: absolute, or relative to the page's URL as a browser reads it.
  const pagePath = new URL(decoded, `https://site.invalid${doc.permalink}`).pathname;
  const route = decode(pagePath).replace(/\/$/, '') || '/';
  const page = byPermalink.get(route)?.[0];
  if (page) return opens(page);
  if (site.otherPages.has(route)) return {page: route};
  if (site.staticDirs.some((dir) => site.fileExists(path.posix.join(dir, route)))) return {};
  return {problem: `broken link ${url}: no page or file at ${route}${movedPageHint(route, byPermalink)}`};
}

/** Where a Docusaurus site serves its docs unless its config says otherwise (the docs plugin's `routeBasePath`). */
const DOCUSAURUS_DOCS_PATH = 'docs';

/**
 * A link written for the docs' old place (`/docs/intro`, from a site that served them under /docs) to a page
 * the site serves at its root: where it is, and the two ways to mend every such link at once.
 */
function movedPageHint(route: string, byPermalink: ReadonlyMap<string, readonly Doc[]>): string {
  const [, prefix, ...rest] = route.split('/');
  const moved = `/${rest.join('/')}`;
  if (prefix !== DOCUSAURUS_DOCS_PATH || rest.length === 0 || !byPermalink.has(moved)) return '';
  return ` (the page is at ${moved}: drop "/${prefix}" from the link, or keep the docs' old paths in version-settings.json, as CONTRIBUTING.md's "Bringing a Docusaurus site" says)`;
}

/** Pure: what is wrong with a media address under the gate's policy (MEDIA_ORIGINS), undefined when nothing is. */
export function blockedMediaMessage(url: string, mediaOrigins: readonly string[]): string | undefined {
  if (isAllowedMediaUrl(url, mediaOrigins)) return undefined;
  const origin = mediaOriginOf(url);
  return `media from another site is blocked: ${url}${origin ? ` (add ${origin} to MEDIA_ORIGINS)` : ''}`;
}

export function formatReport(problems: readonly Problem[], docCount: number): string {
  const lines = problems.map((problem) => `${problem.file}:${problem.line}: ${problem.severity}: ${problem.message}`);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  lines.push(
    `check:docs: ${docCount} docs, ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
  );
  return lines.join('\n');
}
