/**
 * Where authors say who reads what, read from disk: `audiences.json` (the audiences a site defines,
 * and the versions given to one), each folder's `_category_.json` (`customProps.audience`), and a
 * page's `audience:` front matter, each with its file and line for messages.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isAudienceName} from '../../contracts/audiences';
import type {SiteVersion} from '../../contracts/siteVersions';
import {folderKey, type AudienceProblem, type Declared, type PageInput} from './plan';

/** The site's file of audiences, beside `versions.json`. */
export const AUDIENCES_FILE = 'audiences.json';

export interface SiteAudiences {
  /** Audience name → what it is for (one line, for the operator's `readers audiences`). */
  defined: Map<string, string>;
  /** Version name → its audience. */
  versions: Map<string, Declared>;
  problems: AudienceProblem[];
}

/** The line (from 1) of the first match of `pattern` in `text`, else 1. */
function lineOf(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  return match ? text.slice(0, match.index).split('\n').length : 1;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `audiences.json`: `{"audiences": {"partners": "Partner companies"}, "versions": {"1.0": "legacy"}}`; none: no audiences. */
export function readSiteAudiences(siteDir: string): SiteAudiences {
  const file = AUDIENCES_FILE;
  const result: SiteAudiences = {defined: new Map(), versions: new Map(), problems: []};
  const full = path.join(siteDir, file);
  if (!existsSync(full)) return result;
  const text = readFileSync(full, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    result.problems.push({file, line: 1, message: `is not valid JSON: ${(error as Error).message}`});
    return result;
  }
  const {audiences, versions, ...rest} = (data ?? {}) as {audiences?: unknown; versions?: unknown};
  for (const key of Object.keys(rest)) {
    result.problems.push({
      file,
      line: lineOf(text, new RegExp(`"${escape(key)}"`)),
      message: `"${key}" is not a setting of ${file} (it has "audiences" and "versions")`,
    });
  }
  if (audiences !== undefined && (typeof audiences !== 'object' || audiences === null || Array.isArray(audiences))) {
    result.problems.push({file, line: lineOf(text, /"audiences"/), message: '"audiences" must map each audience name to a description'});
  } else {
    for (const [name, description] of Object.entries(audiences ?? {})) {
      const line = lineOf(text, new RegExp(`"${escape(name)}"\\s*:`));
      if (!isAudienceName(name)) {
        result.problems.push({
          file,
          line,
          message: `"${name}" is not an audience name: lower case letters, digits and inner hyphens, at most 40 (and not "public", which needs no definition)`,
        });
      } else result.defined.set(name, typeof description === 'string' ? description : '');
    }
  }
  if (versions !== undefined && (typeof versions !== 'object' || versions === null || Array.isArray(versions))) {
    result.problems.push({file, line: lineOf(text, /"versions"/), message: '"versions" must map version names to an audience'});
  } else {
    const versionsAt = Math.max(0, text.search(/"versions"/));
    for (const [version, value] of Object.entries(versions ?? {})) {
      const at = text.slice(versionsAt).search(new RegExp(`"${escape(version)}"\\s*:`));
      result.versions.set(version, {value, file, line: text.slice(0, versionsAt + Math.max(0, at)).split('\n').length});
    }
  }
  return result;
}

const CATEGORY_FILE = '_category_.json';

/** Every folder's `customProps.audience`, by `<version>:<folder>`. */
export function readFolderAudiences(siteDir: string, versions: readonly SiteVersion[]): Map<string, Declared> {
  const folders = new Map<string, Declared>();
  for (const version of versions) {
    const docsDir = path.join(siteDir, version.docsDir);
    if (!existsSync(docsDir)) continue;
    for (const relative of readdirSync(docsDir, {recursive: true, encoding: 'utf8'})) {
      const posix = relative.split(path.sep).join('/');
      if (path.posix.basename(posix) !== CATEGORY_FILE) continue;
      const folder = path.posix.dirname(posix);
      if (folder === '.') continue;
      const file = `${version.docsDir}/${posix}`;
      const text = readFileSync(path.join(docsDir, relative), 'utf8');
      let category: {customProps?: {audience?: unknown}};
      try {
        category = JSON.parse(text) as typeof category;
      } catch {
        continue; // Docusaurus reports a malformed category file itself.
      }
      const value = category.customProps?.audience;
      if (value !== undefined) folders.set(folderKey(version.name, folder), {value, file, line: lineOf(text, /"audience"/)});
    }
  }
  return folders;
}

/** The line (from 1) of a front matter key in a doc's text. */
function frontMatterLine(fileText: string, key: string): number {
  return lineOf(fileText, new RegExp(`^${escape(key)}\\s*:`, 'm'));
}

const hasTags = (frontMatter: Record<string, unknown>) => Array.isArray(frontMatter.tags) && frontMatter.tags.length > 0;

/** Whether a page's front matter says anything of its readers: only then is its text needed, for the lines. */
export function declaresReaders(frontMatter: Record<string, unknown>): boolean {
  return frontMatter.audience !== undefined || hasTags(frontMatter);
}

/**
 * What a page's front matter (already parsed) says of its readers, with lines in its text: its
 * audience, and its tags (a page with an audience may have none). The build and `check:docs` both
 * read a page through this, so that they judge it alike.
 */
export function pageDeclarations(
  file: string,
  fileText: string,
  frontMatter: Record<string, unknown>,
): Pick<PageInput, 'audience' | 'tagsLine'> {
  return {
    ...(frontMatter.audience !== undefined
      ? {audience: {value: frontMatter.audience, file, line: frontMatterLine(fileText, 'audience')}}
      : {}),
    ...(hasTags(frontMatter) ? {tagsLine: frontMatterLine(fileText, 'tags')} : {}),
  };
}
