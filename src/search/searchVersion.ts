/**
 * The search page's `version` parameter is a path prefix with a trailing slash (`1.0/`); the
 * plugin appends the index file name to it as is, so `version=1.0` would fetch
 * `/1.0search-index.json` and fail. Returns the canonical value, or null to drop the parameter.
 */
export function canonicalSearchVersion(raw: string): string | null {
  const trimmed = raw.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return null;
  if (!/^[\w.-]+(?:\/[\w.-]+)*$/.test(trimmed) || trimmed.split('/').some((part) => /^\.+$/.test(part))) return null;
  return `${trimmed}/`;
}

/** The search page URL with a canonical `version`, or null when it already is canonical. */
export function searchUrlWithCanonicalVersion(search: string): string | null {
  const params = new URLSearchParams(search);
  const raw = params.get('version');
  if (raw === null) return null;
  const canonical = canonicalSearchVersion(raw);
  if (canonical === raw) return null;
  if (canonical === null) params.delete('version');
  else params.set('version', canonical);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
