/**
 * What counts as a host and an origin in the operator's settings (PUBLIC_ORIGIN, ALLOWED_ORIGINS,
 * MEDIA_ORIGINS, FIREBASE_AUTH_DOMAIN). These values end up in headers (the Content-Security-Policy)
 * and in comparisons with a request's Origin, so a value is a host name or IPv4 address and a port,
 * and nothing else: the URL parser accepts `https://a.example;script-src` or `https://*.example` as
 * origins, which a header would read as more than one host.
 */
import {SettingError} from './envSettings';

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

/** A setting that names origins and does not hold one: its message says which and why. */
export class OriginSettingError extends SettingError {
  constructor(message: string) {
    super(message);
    this.name = 'OriginSettingError';
  }
}

type Scheme = 'https' | 'http';

const kindOf = (schemes: readonly Scheme[]) => (schemes.includes('http') ? 'an origin' : 'an https origin');

/** A setting that is one origin (PUBLIC_ORIGIN), as `originOf` writes it; null when unset. */
function parseOrigin(name: string, value: string | undefined, schemes: readonly Scheme[], example: string): string | null {
  if (value === undefined || value.trim() === '') return null;
  const origin = originOf(value.trim(), schemes);
  if (origin === null) throw new OriginSettingError(`${name} must be ${kindOf(schemes)} such as ${example} (no path); got "${value}"`);
  return origin;
}

/** A setting that lists origins (ALLOWED_ORIGINS, MEDIA_ORIGINS), separated by spaces or commas: each checked, none twice. */
export function parseOrigins(name: string, value: string | undefined, schemes: readonly Scheme[], example: string): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return [
    ...new Set(
      entries.map((entry) => {
        const origin = originOf(entry, schemes);
        if (origin === null) {
          throw new OriginSettingError(`${name} lists "${entry}": each entry must be ${kindOf(schemes)} such as ${example} (no path).`);
        }
        return origin;
      }),
    ),
  ];
}

const EXAMPLE_ORIGIN = 'https://docs.example.com';

/** PUBLIC_ORIGIN, the origin readers use: read alike by the gate and by `readers` (whose links lead there). */
export function parsePublicOrigin(value: string | undefined): string | null {
  return parseOrigin('PUBLIC_ORIGIN', value, ['https', 'http'], EXAMPLE_ORIGIN);
}

/** ALLOWED_ORIGINS: further origins allowed to call the session endpoints. */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return parseOrigins('ALLOWED_ORIGINS', value, ['https', 'http'], EXAMPLE_ORIGIN);
}
