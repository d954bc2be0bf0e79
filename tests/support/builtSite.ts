/**
 * A page of the built site that the server tests open, chosen from the build (whatever docs the site
 * has): a doc with one H1 and a plain path, of the oldest version when there are several, so that the
 * version's route is part of it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {SITE_BUILD_DIR} from './builtFiles';
import {builtDocPages} from './sidebars';
import {isMdxSyntaxLine} from '../../plugins/markdown/mdxFormat';

export interface BuiltPage {
  /** The page's path, as a reader's browser asks for it (letters, digits and `/._-` only). */
  path: string;
  /** Its H1's text, as served. */
  h1: string;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};

/** Markup as a reader reads it: no tags, entities decoded, no zero-width spaces (heading links). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => ENTITIES[name]!)
    .replace(/\u200b/g, '')
    .trim();
}

/** The texts of a page's H1s. */
export function h1sOf(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1]!));
}

/** What a built page says before any script runs: its title(s) and its H1s. */
/**
 * The lines of a page's text, outside code, that are MDX shown as text: an `import`/`export` statement or a
 * capitalised JSX tag, what a `.md` file written in MDX shows when it is compiled as CommonMark.
 */
export function mdxShownAsText(html: string): string[] {
  const text = html
    .replace(/<(pre|code|script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(isMdxSyntaxLine);
}

export function titleAndH1s(html: string): {title: string[]; h1: string[]} {
  return {title: [...html.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/g)].map((match) => textOf(match[1]!)), h1: h1sOf(html)};
}

function choosePage(buildDir: string): BuiltPage {
  const candidates = builtDocPages(buildDir)
    .map((page) => page.url)
    .filter((url) => /^[\w/.-]+$/.test(url) && !url.includes('/category/'))
    .sort()
    .flatMap((url) => {
      const h1s = h1sOf(readFileSync(path.join(buildDir, `${url}.html`), 'utf8'));
      return h1s.length === 1 ? [{path: url, h1: h1s[0]!}] : [];
    });
  const versioned = candidates.find((page) => /^\/\d+\.\d+\//.test(page.path));
  const page = versioned ?? candidates[0];
  if (!page) throw new Error(`no doc page with one H1 and a plain path in ${buildDir}: run npm run build`);
  return page;
}

/** The server tests' private page (see above). */
export const PAGE: BuiltPage = choosePage(SITE_BUILD_DIR);
