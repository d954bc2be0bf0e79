/** Reads a site's docs, every version, into what plugins/checkDocs/check.ts checks. */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {DEFAULT_PARSE_FRONT_MATTER, DEFAULT_PLUGIN_ID} from '@docusaurus/utils';
import {loadSidebarsFile} from '@docusaurus/plugin-content-docs/lib/sidebars/index.js';
import {getVersionSidebarsPath} from '@docusaurus/plugin-content-docs/lib/versions/files.js';
import {SEARCH_PATH} from '../../contracts/searchIndexFiles';
import {CURRENT_VERSION, siteVersions, versionFiles, type SiteVersion} from '../../contracts/siteVersions';
import {sidebarsFile} from '../sidebarsFile';
import {pageDeclarations, readFolderAudiences, readSiteAudiences} from '../audiences/declarations';
import {addedFrontMatter} from '../markdown/docFrontMatter';
import {docFormat} from '../markdown/mdxFormat';
import {getsGeneratedLanding, sidebarsGeneratedAtTop} from '../versionLanding';
import {siteReaders, type AudiencePage, type IndexPage} from './audiences';
import type {Doc, Problem, Site} from './check';
import {importResolver} from './imports';
import {mayHoldExternalMedia, parseDoc, type ParsedDoc} from './parse';
import {docPermalink, generatedIndexPermalink} from './permalinks';

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

async function readDoc(siteDir: string, version: SiteVersion, relativePath: string): Promise<{doc: Doc; page: AudiencePage}> {
  const source = await readDocSource(siteDir, version, relativePath);
  const {file, fileContent, frontMatter, complete, readProblems} = source;
  const parsed = parsedDoc(source);
  const permalink = docPermalink({versionRoute: version.route, relativePath, frontMatter: complete});
  const folder = path.posix.dirname(relativePath);
  return {
    doc: {...parsed, file, permalink, readProblems, titleFromFileName: complete.title === undefined},
    page: {
      file,
      permalink,
      version: version.name,
      folder: folder === '.' ? '' : folder,
      ...pageDeclarations(file, fileContent, frontMatter),
    },
  };
}

function generatedIndexes(siteDir: string, version: SiteVersion): IndexPage[] {
  return versionFiles(siteDir, version)
    .filter((file) => path.posix.basename(file) === '_category_.json')
    .flatMap((file) => {
      const category = JSON.parse(readFileSync(path.join(siteDir, version.docsDir, file), 'utf8')) as {
        label?: string;
        link?: {type?: string; slug?: string};
      };
      if (category.link?.type !== 'generated-index') return [];
      const folder = path.posix.dirname(file);
      const label = category.label ?? path.posix.basename(folder);
      return [{permalink: generatedIndexPermalink(version.route, label, category.link.slug), version: version.name, folder}];
    });
}

/**
 * A version's sidebars as Docusaurus loads them, from the file it reads: the team's sidebars file (in
 * whatever format) for the current docs, `versioned_sidebars/` for a frozen version. The current docs
 * without a file get Docusaurus's generated sidebar; a frozen version without one has no sidebar.
 */
async function versionSidebars(siteDir: string, versionName: string): Promise<Record<string, unknown>> {
  return (await loadSidebarsFile(sidebarsPath(siteDir, versionName))) as Record<string, unknown>;
}

function sidebarsPath(siteDir: string, versionName: string): string | undefined {
  if (versionName !== CURRENT_VERSION) return getVersionSidebarsPath(siteDir, DEFAULT_PLUGIN_ID, versionName);
  const file = sidebarsFile(siteDir);
  return file === undefined ? undefined : path.join(siteDir, file);
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

/** Every doc of every version, the other pages of the site, and its files; `mediaOrigins` is the gate's setting. */
export async function readSite(siteDir: string, mediaOrigins: readonly string[]): Promise<Site> {
  const versions = siteVersions(siteDir);
  const read: {doc: Doc; page: AudiencePage}[] = [];
  const indexPages: IndexPage[] = [];
  for (const version of versions) {
    const files = docFiles(siteDir, version);
    read.push(...(await Promise.all(files.map((file) => readDoc(siteDir, version, file)))));
    indexPages.push(...generatedIndexes(siteDir, version));
    const roots = files.map((file) => ({source: file, sourceDirName: path.posix.dirname(file)}));
    if (getsGeneratedLanding(version.route, roots) && sidebarsGeneratedAtTop(await versionSidebars(siteDir, version.name))) {
      indexPages.push({permalink: `/${version.route}`, version: version.name, folder: ''});
    }
  }
  const audiences = siteReaders({
    declared: readSiteAudiences(siteDir),
    folders: readFolderAudiences(siteDir, versions),
    versions: versions.map((version) => version.name),
    pages: read.map(({page}) => page),
    indexPages,
  });
  return {
    docs: read.map(({doc}) => doc),
    otherPages: new Set([...SITE_PAGES, ...indexPages.map((page) => page.permalink)]),
    fileExists: (file) => existsSync(path.join(siteDir, file)) && statSync(path.join(siteDir, file)).isFile(),
    resolvesImport: importResolver(siteDir),
    staticDirs: ['static', 'static-docs'],
    mediaOrigins,
    readers: audiences.readers,
    audienceProblems: audiences.problems,
  };
}
