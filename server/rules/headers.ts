/** Response headers that depend only on what is served and how the gate is set up. */
import {createHash} from 'node:crypto';
import type {GateConfig} from '../config';
import {isLoginPath} from '../../contracts/paths';
import {ASSETS_DIR} from '../../contracts/buildLayout';

export const IMMUTABLE = 'private, max-age=31536000, immutable';
export const REVALIDATE = 'private, no-cache';
export const NO_STORE = 'no-store';

const ASSETS_FOLDER = `${ASSETS_DIR}/`;

/** Docusaurus puts a content hash in every file name under /assets. */
export function cacheControlFor(file: string): string {
  return file.startsWith(ASSETS_FOLDER) ? IMMUTABLE : REVALIDATE;
}

/** Inline scripts without `src` and without a data type such as application/ld+json. */
const INLINE_SCRIPT = /<script\b(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hashes of the inline scripts Docusaurus writes (colour mode, announcement bar). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1]!;
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** A directive source computed per response (helmet calls it): the build can change under the gate. */
export type DynamicSource = () => string;

/** The login page signs readers in with provider popups; every other page only keeps them signed in. */
export type PageKind = 'login' | 'docs';

/** Which policy a request's answer gets, by its path (a CSP only binds the document it comes with). */
export function pageKindOf(rawUrl: string): PageKind {
  const queryStart = rawUrl.indexOf('?');
  return isLoginPath(queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)) ? 'login' : 'docs';
}

/**
 * Directives for helmet; `scriptHashes` are those of the build being served. Both kinds talk to
 * Firebase's token APIs (a signed-in page refreshes its ID token); only the login page loads
 * Google's API loader and frames the auth handler for provider sign-in; only docs pages show images,
 * video and embeds from the operator's MEDIA_ORIGINS.
 */
export function contentSecurityPolicy(
  config: GateConfig,
  scriptHashes: () => Iterable<string>,
  kind: PageKind,
): Record<string, (string | DynamicSource)[]> {
  const firebaseApis = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const emulator = config.emulatorHost ? [`http://${config.emulatorHost}`] : [];
  const signIn = kind === 'login';
  const media = signIn ? [] : config.mediaOrigins;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", () => [...new Set(scriptHashes())].join(' '), ...(signIn ? ['https://apis.google.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...media],
    'media-src': ["'self'", ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...firebaseApis, ...emulator],
    'frame-src': signIn ? [`https://${config.authDomain}`, ...emulator] : media.length > 0 ? media : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}
