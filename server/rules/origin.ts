/** Cross-site request checks for the state-changing endpoints. */

export interface OriginHeaders {
  origin?: string;
  'sec-fetch-site'?: string;
}

/**
 * Browsers send `Origin` with every POST: it must be one of the site's configured origins. The
 * request's own `Host` proves nothing (a DNS-rebinding page sends its own host name), so it is
 * never what the Origin is compared with. Without an Origin, only the browser's word
 * `Sec-Fetch-Site: same-origin` will do.
 */
export function isAllowedOrigin(headers: OriginHeaders, siteOrigins: readonly string[]): boolean {
  if (headers.origin !== undefined) return siteOrigins.includes(headers.origin);
  return headers['sec-fetch-site'] === 'same-origin';
}

export interface OriginSettings {
  publicOrigin: string | null;
  allowedOrigins: readonly string[];
}

/** The configured public origin, or (on a demo project without one) the loopback origins of the gate's port. */
export function siteOrigins({publicOrigin, allowedOrigins}: OriginSettings, localPort: number): string[] {
  const own = publicOrigin
    ? [publicOrigin]
    : [`http://127.0.0.1:${localPort}`, `http://localhost:${localPort}`, `http://[::1]:${localPort}`];
  return [...own, ...allowedOrigins];
}
