/**
 * What a signed-out visitor may fetch: the login page and exactly the files it loads,
 * read from the built login.html so the list follows the build.
 */
import {LOGIN_PATH} from '../src/auth/paths';

/** `src`/`href` of scripts, links and images; minified HTML leaves many attributes unquoted. */
const ASSET_REFERENCE = /<(?:script|link|img)\b[^>]*?\s(?:src|href)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Always public, whatever login.html references. */
export const ALWAYS_PUBLIC: readonly string[] = ['/img/favicon.svg', '/img/logo.svg', '/manifest.json'];

/** Local files that login.html loads (scripts, styles, preloads, icons, images). */
export function assetsReferencedBy(html: string): string[] {
  const assets = new Set<string>();
  for (const match of html.matchAll(ASSET_REFERENCE)) {
    const reference = (match[1] ?? match[2] ?? match[3] ?? '').replace(/&amp;/g, '&');
    if (!reference.startsWith('/') || reference.startsWith('//')) continue;
    assets.add(decodeURIComponent(reference.split(/[?#]/)[0]!));
  }
  return [...assets];
}

export function publicPathsFor(loginHtml: string, files: ReadonlySet<string>): Set<string> {
  const paths = new Set([LOGIN_PATH, ...assetsReferencedBy(loginHtml), ...ALWAYS_PUBLIC]);
  // Only what the build has: a reference to a missing file adds nothing.
  return new Set([...paths].filter((p) => p === LOGIN_PATH || files.has(p.slice(1))));
}
