/**
 * What counts as a host and an origin in the operator's settings (PUBLIC_ORIGIN, ALLOWED_ORIGINS,
 * MEDIA_ORIGINS, FIREBASE_AUTH_DOMAIN). These values end up in headers (the Content-Security-Policy)
 * and in comparisons with a request's Origin, so a value is a host name or IPv4 address and a port,
 * and nothing else: the URL parser accepts `https://a.example;script-src` or `https://*.example` as
 * origins, which a header would read as more than one host.
 */

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = `${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?`;
const HOST_ONLY = new RegExp(`^${HOST}$`, 'i');
const ORIGIN = new RegExp(`^(https?)://${HOST}/?$`, 'i');

/** `host` or `host:port`, where the host is a DNS name or an IPv4 address. */
export function isHost(value: string): boolean {
  return HOST_ONLY.test(value) && validPort(`https://${value}`);
}

function validPort(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * `scheme://host[:port]` (a trailing slash allowed) with one of `schemes`, as the URL parser writes
 * the origin (lower case, no default port); null for anything else.
 */
export function originOf(value: string, schemes: readonly ('https' | 'http')[]): string | null {
  const match = ORIGIN.exec(value);
  if (!match || !(schemes as readonly string[]).includes(match[1].toLowerCase()) || !validPort(value)) return null;
  return new URL(value).origin;
}
