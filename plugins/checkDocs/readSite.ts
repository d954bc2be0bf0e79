/** Reads a site's docs, every version, into what plugins/checkDocs/check.ts checks. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {conditionOfKey} from '../../contracts/audiences';
import {canonicalPath} from '../../contracts/paths';
import {SEARCH_PATH} from '../../contracts/searchIndexFiles';
import {siteVersions, versionFiles, type SiteVersion} from '../../contracts/siteVersions';
import {addedFrontMatter} from '../markdown/docFrontMatter';
import {docFormat} from '../markdown/mdxFormat';
import type {Doc, Problem, Site} from './check';
import {loadDocsModel, type DocsModel} from './docsModel';
import {importResolver} from './imports';
import {mayHoldExternalMedia, parseDoc, type ParsedDoc} from './parse';
import {docPermalink} from './permalinks';

// The site's own pages. /login is the login build's (docusaurus.login.config.ts): a doc's link to it is broken in the site's build.
const SITE_PAGES = ['/', SEARCH_PATH];

function docFiles(siteDir: string, version: SiteVersion): string[] {
  return versionFiles(siteDir, version).filter((file) => /\.mdx?$/i.test(file) && !file.split('/').some((part) => part.startsWith('_')));
}

interface DocSource {
  file: string;
  fileContent: string;
  /** As the author wrote it. */
  frontMatter: Record<string, unknown>;
  /** With what the site adds (docFrontMatter.ts): what Docusaurus reads. */
  complete: Record<string, unknown>;
  format: 'md' | 'mdx';
  readProblems: Problem[];
}

/** A doc's file, its front matter and the compiler it gets: what every rule starts from. */
async function readDocSource(
  siteDir: string,
  version: SiteVersion,
  relativePath: string,
  fileContent = readFileSync(path.join(siteDir, version.docsDir, relativePath), 'utf8'),
): Promise<DocSource> {
  const file = `${version.docsDir}/${relativePath}`;
  const readProblems: Problem[] = [];
  let frontMatter: Record<string, unknown> = {};
  let body = fileContent;
  try {
    const parsed = await DEFAULT_PARSE_FRONT_MATTER({filePath: file, fileContent});
    frontMatter = parsed.frontMatter;
    body = parsed.content;
  } catch (error) {
    const line = (error as {mark?: {line?: number}}).mark?.line;
    readProblems.push({
      file,
      line: (line ?? 0) + 1,
      severity: 'error',
      rule: 'front-matter',
      message: `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    });
  }
  if (frontMatter.sidebar_position !== undefined && typeof frontMatter.sidebar_position !== 'number') {
    readProblems.push({
      file,
      line: 1,
      severity: 'error',
      rule: 'front-matter',
      message: `sidebar_position must be a number; got ${JSON.stringify(frontMatter.sidebar_position)}`,
    });
  }
  const added = addedFrontMatter({relativePath, atSiteRoot: version.route === ''}, frontMatter, body);
  const complete = {...added, ...frontMatter};
  return {file, fileContent, frontMatter, complete, format: docFormat(file, complete, body), readProblems};
}

/** What the parser finds in a doc; a doc it cannot parse gets a problem naming the line, as the build would stop there. */
function parsedDoc({file, fileContent, format, readProblems}: DocSource): ParsedDoc {
  try {
    // The parser counts lines from the start of the file: it reads the front matter itself.
    return parseDoc(fileContent, format);
  } catch (error) {
    const {line, reason} = error as {line?: number; reason?: string};
    const message = `not valid ${format === 'mdx' ? 'MDX' : 'Markdown'}: ${reason ?? (error as Error).message}`;
    readProblems.push({file, line: line ?? 1, severity: 'error', rule: 'format', message});
    return {ids: [], references: [], imports: []};
  }
}

async function readDoc(siteDir: string, version: SiteVersion, relativePath: string): Promise<Doc> {
  const source = await readDocSource(siteDir, version, relativePath);
  const {file, complete, readProblems} = source;
  const parsed = parsedDoc(source);
  const permalink = docPermalink({versionRoute: version.route, relativePath, frontMatter: complete});
  return {...parsed, file, permalink, readProblems, titleFromFileName: complete.title === undefined};
}

/**
 * Every media address from another site in the docs, with its file and line: what the build warns of
 * (plugins/blockedMedia.ts). Only the docs whose text may hold one are parsed (most docs have none).
 */
export async function readExternalMedia(siteDir: string): Promise<{file: string; line: number; url: string}[]> {
  const found: {file: string; line: number; url: string}[] = [];
  for (const version of siteVersions(siteDir)) {
    for (const relativePath of docFiles(siteDir, version)) {
      const text = readFileSync(path.join(siteDir, version.docsDir, relativePath), 'utf8');
      if (!mayHoldExternalMedia(text)) continue;
      const source = await readDocSource(siteDir, version, relativePath, text);
      for (const {url, line, kind} of parsedDoc(source).references) if (kind === 'media') found.push({file: source.file, line, url});
    }
  }
  return found;
}

/**
 * Who may read each page and the site's pages besides its docs (categories' and versions' generated pages,
 * tags pages), from the docs as the build loads them (docsModel.ts); what the author wrote wrong about
 * audiences. A site whose docs Docusaurus cannot load gets that as a problem, unless the docs' own
 * problems (front matter, Markdown) say why already.
 */
async function siteModel(siteDir: string, docs: readonly Doc[]): Promise<Pick<Site, 'readers' | 'audienceProblems' | 'otherPages'>> {
  let model: DocsModel;
  try {
    model = await loadDocsModel(siteDir);
  } catch (error) {
    const explained = docs.some((doc) => doc.readProblems.length > 0);
    const message = `Docusaurus cannot load the docs: ${(error as Error).message.split('\n')[0]}`;
    return {
      readers: new Map(),
      audienceProblems: explained ? [] : [{file: 'docs', line: 1, severity: 'error', rule: 'format', message} satisfies Problem],
      otherPages: new Set(SITE_PAGES),
    };
  }
  const {conditions, problems, declares} = model.audiences;
  const docPages = new Set(docs.map((doc) => canonicalPath(doc.permalink)));
  return {
    readers: declares ? new Map(Object.entries(conditions.pages).map(([page, key]) => [page, conditionOfKey(key)])) : new Map(),
    audienceProblems: problems.map(({file, line, message}): Problem => ({file, line, severity: 'error', rule: 'audience', message})),
    otherPages: new Set([...SITE_PAGES, ...Object.keys(conditions.pages).filter((page) => !docPages.has(page))]),
  };
}

/** Every doc of every version, the other pages of the site, and its files; `mediaOrigins` is the gate's setting. */
export async function readSite(siteDir: string, mediaOrigins: readonly string[]): Promise<Site> {
  const docs: Doc[] = [];
  for (const version of siteVersions(siteDir)) {
    docs.push(...(await Promise.all(docFiles(siteDir, version).map((file) => readDoc(siteDir, version, file)))));
  }
  return {
    docs,
    ...(await siteModel(siteDir, docs)),
    fileExists: (file) => existsSync(path.join(siteDir, file)) && statSync(path.join(siteDir, file)).isFile(),
    resolvesImport: importResolver(siteDir),
    staticDirs: ['static', 'static-docs'],
    docsDirs: siteVersions(siteDir).map((version) => version.docsDir),
    mediaOrigins,
  };
}
