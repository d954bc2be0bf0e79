/** Path and redirect rules: the same in the browser, the gate server, the tests and the benchmarks. */

export const LOGIN_PATH = '/login';
export const REDIRECT_PARAM = 'redirect';

/** Longest redirect target we keep; anything longer is not a link a reader followed. */
const MAX_TARGET_LENGTH = 2048;
const PARSE_BASE = 'https://tutorial-hub.invalid';

/**
 * Docusaurus serves `/x`, `/x/`, `/x.html`, `/x/index` and `/x/index.html` as one page (trailing
 * slashes off), and a browser's `//x` is still `/x`: everything that compares paths must treat
 * them alike. The suffixes are read in any letter case, as the browser's router reads paths.
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  const bare = collapsed
    .replace(/\/+$/, '')
    .replace(/\.html$/i, '')
    .replace(/\/index$/i, '');
  return bare === '' ? '/' : bare;
}

export function isLoginPath(pathname: string): boolean {
  return canonicalPath(pathname) === LOGIN_PATH;
}

/** The gate's own endpoints: every one below API_PREFIX (contracts/session.ts), and the load balancer's probes. */
export const API_PREFIX = '/api/';
export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/**
 * Whether a path is one of the gate's endpoints, which answer data, not a page a reader could be sent to.
 * `/api` itself is no endpoint: docs may have a page there (Jest's API reference is `/api`).
 */
export function isEndpointPath(pathname: string): boolean {
  const path = canonicalPath(pathname).toLowerCase();
  return path.startsWith(API_PREFIX) || path === LIVENESS_PATH || path === READINESS_PATH;
}

/**
 * Accepts only a same-site relative path (`/x?y#z`) to a page. Anything that a browser could read as
 * another origin or a script (`//host`, `/\host`, `https:`, `javascript:`, control characters
 * that URL parsers drop) yields null.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_TARGET_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read a backslash as a slash, and drop tabs and newlines inside URLs.
  if (raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  // The parser collapses `/./`, `/x/..`, `%2e` and `%2e%2e` segments, so `/.//evil.example`
  // comes out as `//evil.example`: judge the path the browser will actually follow.
  if (url.pathname.startsWith('//')) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Going back to the login page after signing in would be a loop; an endpoint is no page to land on.
  if (isLoginPath(url.pathname) || isEndpointPath(url.pathname)) return null;
  return target;
}

/**
 * Where a signed-in reader goes from `/login?redirect=…`. A server redirect cannot carry the
 * fragment, but the browser keeps it on the login URL (`/login?redirect=%2Fx#part`): put it back.
 */
export function postLoginTarget(search: string, hash = ''): string {
  const raw = new URLSearchParams(search).get(REDIRECT_PARAM);
  const target = safeRedirectTarget(raw) ?? '/';
  return target.includes('#') || hash === '' || hash === '#' ? target : (safeRedirectTarget(target + hash) ?? target);
}

/** `/login?redirect=<target>` for a reader who must sign in before seeing `target`. */
export function loginUrlFor(target: string): string {
  const safe = safeRedirectTarget(target);
  if (safe === null) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}
