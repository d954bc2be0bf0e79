/**
 * How a doc written for GitHub gets its title, and how its name is shown once. GitHub shows a file's
 * name above it and whatever the file starts with; Docusaurus takes a title from front matter, from a
 * first `#` heading, or else from the file name, and adds that title as an H1 above the content unless
 * the content starts with one. Docs brought from GitHub often open with an HTML banner and then a `##`
 * heading that repeats the file's name (`## Lifecycle` in `Lifecycle.md`): the page then showed its
 * name twice. These rules are pure; docFrontMatter.ts and remarkPageHeading.ts apply them when Docusaurus reads a doc.
 */

export interface LeadingHeading {
  depth: number;
  /** The heading as a reader sees it: inline Markdown and a `{#id}` removed. */
  text: string;
}

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const IMPORT_OR_EXPORT = /^(?:import|export)\s/;

/** A heading's text without the `{#id}` Docusaurus reads as its anchor. */
export const withoutHeadingId = (text: string): string => text.replace(/\s*\{#[\w-]+\}\s*$/, '').trim();

/**
 * A heading's text without its inline Markdown, from its source line: what the reader reads and what
 * the title becomes, before any parser has run (Docusaurus reads front matter and titles first).
 */
export function plainHeadingText(source: string): string {
  return (
    withoutHeadingId(source)
      // HTML tags first, so that a link's text (`\<[RequestGeneric][x]>`) is not taken for one.
      .replace(/(?<!\\)<\/?[A-Za-z][\w-]*(?:\s[^>]*)?>/g, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/(`+)(.*?)\1/g, '$2')
      .replace(/(\*\*|__)(.*?)\1/g, '$2')
      .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, '$1$2')
      .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
      .trim()
  );
}

/**
 * The heading a doc opens with, when only blank lines, HTML (a banner, an anchor, a badge) and
 * comments come before it; undefined when text comes first.
 */
export function leadingHeading(body: string): LeadingHeading | undefined {
  let inComment = false;
  for (const line of body.split(/\r?\n/)) {
    if (inComment) {
      inComment = !line.includes('-->');
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || IMPORT_OR_EXPORT.test(trimmed)) continue;
    if (trimmed.startsWith('<!--')) {
      inComment = !trimmed.includes('-->');
      continue;
    }
    if (trimmed.startsWith('<')) continue;
    const heading = ATX_HEADING.exec(line);
    return heading ? {depth: heading[1]!.length, text: plainHeadingText(heading[2]!)} : undefined;
  }
  return undefined;
}

/** Whether two names name the same page: `Getting-Started` and `Getting Started`, `HTTP2` and `HTTP/2`. */
export function sameName(a: string, b: string): boolean {
  const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return key(a) !== '' && key(a) === key(b);
}

export interface DocFile {
  /** The file's name without `.md`/`.mdx`, as Docusaurus would title it (number prefix removed). */
  name: string;
  /** The name of the folder it is in ('' at the version's root). */
  folder: string;
}

const INDEX_NAMES = /^(index|readme)$/i;

/** A folder's own page: `index.md`, `README.md`, or a file named like its folder (Docusaurus's category index rule). */
export function isFolderIndex({name, folder}: DocFile): boolean {
  return INDEX_NAMES.test(name) || (folder !== '' && name.toLowerCase() === folder.toLowerCase());
}

/**
 * The title a doc gets when its front matter has none: its opening heading if that is a `#` heading or
 * names the file; for a folder's own page, whatever its opening heading says; else undefined
 * (Docusaurus then takes the file name).
 */
export function titleFromContent(body: string, file: DocFile): string | undefined {
  const heading = leadingHeading(body);
  if (heading === undefined || heading.text === '') return undefined;
  if (heading.depth === 1 || isFolderIndex(file) || sameName(heading.text, file.name)) return heading.text;
  return undefined;
}

/** Whether the opening heading is the page's name, to be shown as its H1 instead of beside one. */
export function isPageHeading(heading: LeadingHeading | undefined, title: string | undefined): boolean {
  return heading !== undefined && heading.depth > 1 && title !== undefined && sameName(heading.text, title);
}
