/**
 * Which other sites a docs page may show images, video and embeds from: the operator's MEDIA_ORIGINS
 * setting. The gate's Content-Security-Policy allows exactly these origins on docs pages (never on
 * /login), and `npm run check:docs` and the build name every external media URL it would block.
 */
import {parseOrigins} from './origins';

/** MEDIA_ORIGINS: https origins (`https://host[:port]`, no path), separated by spaces or commas; throws OriginSettingError. */
export function parseMediaOrigins(value: string | undefined): string[] {
  return parseOrigins('MEDIA_ORIGINS', value, ['https'], 'https://img.shields.io');
}

/** Whether a page may load this media URL: the site's own files and data: images always, another site only if listed. */
export function isAllowedMediaUrl(url: string, origins: readonly string[]): boolean {
  if (/^data:/i.test(url)) return true;
  if (!/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) return true;
  let origin: string;
  try {
    origin = new URL(url, 'https://site.invalid').origin;
  } catch {
    return false;
  }
  return origins.includes(origin);
}

/** The origin a blocked URL needs in MEDIA_ORIGINS (null when it is not http(s) at all). */
export function mediaOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url, 'https://site.invalid');
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}
