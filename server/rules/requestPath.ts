/**
 * How the gate reads a request's path: Docusaurus's routing with trailing slashes off,
 * and nothing that could point outside the build.
 */
import {canonicalPath} from '../../contracts/paths';

export const MAX_PATH_LENGTH = 1024;

export type PathResolution =
  /** A canonical path, decoded, to look up in the build. */
  | {kind: 'path'; path: string}
  /** Same page under its canonical URL (query kept). */
  | {kind: 'redirect'; location: string}
  | {kind: 'reject'; status: 400 | 414};

/**
 * `rawUrl` is the request target as sent (`/a%20b.html?x=1`). Every rule works on the
 * encoded form, so the redirect never decodes something a browser would read differently.
 */
export function resolveRequestPath(rawUrl: string): PathResolution {
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  if (rawPath.length > MAX_PATH_LENGTH) return {kind: 'reject', status: 414};
  if (!rawPath.startsWith('/') || rawPath.includes('\\')) return {kind: 'reject', status: 400};

  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return {kind: 'reject', status: 400};
  }
  // Encoded separators, dot segments and control characters never name a built file.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return {kind: 'reject', status: 400};
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) {
    return {kind: 'reject', status: 400};
  }
  if (/%2f/i.test(rawPath)) return {kind: 'reject', status: 400};

  const canonical = canonicalPath(rawPath);
  if (canonical !== rawPath) return {kind: 'redirect', location: canonical + query};
  return {kind: 'path', path: decoded};
}

/** The build file that answers a canonical path, if any. */
export function buildFileFor(path: string, files: ReadonlySet<string>): string | null {
  if (path === '/') return files.has('index.html') ? 'index.html' : null;
  // The not-found page is what a missing page answers, never a page of its own (/404).
  if (path === '/404') return null;
  const relative = path.slice(1);
  if (files.has(`${relative}.html`)) return `${relative}.html`;
  if (files.has(`${relative}/index.html`)) return `${relative}/index.html`;
  // Files the build names with an extension (assets, indexes) are served as they are, but
  // never an HTML file under its .html name: that URL is only a redirect.
  if (!relative.endsWith('.html') && files.has(relative)) return relative;
  return null;
}

/** Pages by the lower-case spelling of their path, per build (a build's file set never changes). */
const pagesByFoldedPath = new WeakMap<ReadonlySet<string>, Map<string, Set<string>>>();

function pagePathOf(file: string): string | null {
  if (!file.endsWith('.html') || file === '404.html') return null;
  return canonicalPath(`/${file}`);
}

function foldedPages(files: ReadonlySet<string>): Map<string, Set<string>> {
  let pages = pagesByFoldedPath.get(files);
  if (!pages) {
    pages = new Map();
    for (const file of files) {
      const page = pagePathOf(file);
      if (page === null) continue;
      const folded = page.toLowerCase();
      pages.set(folded, (pages.get(folded) ?? new Set()).add(page));
    }
    pagesByFoldedPath.set(files, pages);
  }
  return pages;
}

/**
 * Where a path that names no file but differs from one page's path only in letter case is moved
 * to (`/1.0/INTRO` → `/1.0/intro`, query kept), or null. The browser's router matches paths without
 * regard to case, so answering 404 there made it swap the real page in over the not-found page; a
 * path two pages share in this way stays not found.
 */
export function caseVariantLocation(path: string, rawUrl: string, files: ReadonlySet<string>): string | null {
  const pages = foldedPages(files).get(path.toLowerCase());
  if (!pages || pages.size !== 1) return null;
  const page = [...pages][0]!;
  if (page === path) return null;
  const queryStart = rawUrl.indexOf('?');
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  return page.split('/').map(encodeURIComponent).join('/') + query;
}
