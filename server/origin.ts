/** Cross-site request checks for the state-changing endpoints. */

export interface OriginHeaders {
  origin?: string;
  'sec-fetch-site'?: string;
}

/**
 * Browsers send `Sec-Fetch-Site` and `Origin` with every POST; a request that proves neither
 * same-origin nor an allowed origin is refused.
 */
export function isAllowedOrigin(headers: OriginHeaders, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return headers.origin !== undefined && allowedOrigins.includes(headers.origin);
  }
  if (headers.origin !== undefined) {
    return headers.origin === ownOrigin || allowedOrigins.includes(headers.origin);
  }
  return site === 'same-origin';
}
