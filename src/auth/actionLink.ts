/**
 * The login page as the project's email action handler (Firebase console → Templates → "Customize action
 * URL" set to `<PUBLIC_ORIGIN>/login`): what it does with each link Firebase can email, on purpose. No
 * link that sets or changes an account's address is applied here or handed on: anyone can make an account
 * for any address, or ask Firebase to move theirs to one, and have Firebase mail that address a genuine
 * link; its owner's click must not give that account the address.
 */
import type {AuthSettings} from './settings';

/** The modes of Firebase's emailed links (the JS SDK's ActionCodeURL), each with what the page does with it. */
export const ACTION_MODES = [
  'signIn',
  'verifyEmail',
  'verifyAndChangeEmail',
  'recoverEmail',
  'resetPassword',
  'revertSecondFactorAddition',
] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

export type ActionLink =
  /** No Firebase action in the query: the ordinary login page. */
  | {kind: 'none'}
  /** A sign-in link ("Email me a sign-in link"): signs the reader in here, with the address it was sent to. */
  | {kind: 'sign-in'; href: string}
  /**
   * Firebase's verification link. Never applied: it would verify the address with whatever password the
   * account has, perhaps a stranger's. The address gets the link that proves it instead.
   */
  | {kind: 'verify-email'; oobCode: string}
  /**
   * A link that would set an account's address: to a new one (verifyAndChangeEmail, which a stranger can
   * have sent to any address for their own account) or back to an old one (recoverEmail, which verifies it
   * on an account whose password may be a stranger's). Never applied: the page names the address and
   * offers to sign in with it. The site keys readers by address, so the owner loses nothing by it.
   */
  | {kind: 'not-applied'; mode: 'verifyAndChangeEmail' | 'recoverEmail'; oobCode: string}
  /**
   * Firebase's own page, for what sets no address: choosing a password (the proof of the mailbox, which
   * also verifies it) and undoing a second factor. Only the parameters its handler reads go on.
   */
  | {kind: 'forward'; url: string}
  /** A mode Firebase does not send, or a link without its code: nothing to do but say so. */
  | {kind: 'unknown'};

/** Firebase's default action handler: the project's auth domain, or the emulator's stand-in for it. */
export function firebaseActionHandler(settings: Pick<AuthSettings, 'firebase' | 'emulatorHost'>): string {
  return settings.emulatorHost !== null
    ? `http://${settings.emulatorHost}/emulator/action`
    : `https://${settings.firebase.authDomain}/__/auth/action`;
}

/** What Firebase's handler reads; `continueUrl` only when it leads back to this site's login page. */
const FORWARDED = ['mode', 'oobCode', 'apiKey', 'lang', 'tenantId'] as const;

/** `continueUrl` when it is this site's own login page, else null (a link's query can say anything). */
function ownLoginUrl(value: string | null, origin: string): URL | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.origin === origin && url.pathname === '/login' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What the login page's query asks. Only `handler` (from the build's settings, never the query) is a
 * place to go; `origin` is the page's own.
 */
export function actionLinkOf(search: string, handler: string, origin: string): ActionLink {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const oobCode = query.get('oobCode');
  if (mode === null && oobCode === null) return {kind: 'none'};
  if (!oobCode || !(ACTION_MODES as readonly (string | null)[]).includes(mode)) return {kind: 'unknown'};
  switch (mode as ActionMode) {
    case 'signIn':
      return {kind: 'sign-in', href: `${origin}/login${search}`};
    case 'verifyEmail':
      return {kind: 'verify-email', oobCode};
    case 'verifyAndChangeEmail':
    case 'recoverEmail':
      return {kind: 'not-applied', mode: mode as 'verifyAndChangeEmail' | 'recoverEmail', oobCode};
    case 'resetPassword':
    case 'revertSecondFactorAddition': {
      const url = new URL(handler);
      for (const name of FORWARDED) {
        const value = query.get(name);
        if (value !== null) url.searchParams.set(name, value);
      }
      const back = ownLoginUrl(query.get('continueUrl'), origin);
      if (back !== null) url.searchParams.set('continueUrl', back.href);
      return {kind: 'forward', url: url.href};
    }
  }
}

/**
 * The query that says where the reader goes after signing in: the page's own, or, for a link Firebase sent
 * straight here (the action URL customized), that of the `continueUrl` it carries when it leads back here.
 */
export function returnQueryOf(search: string, origin: string): string {
  const query = new URLSearchParams(search);
  if (query.has('redirect')) return search;
  return ownLoginUrl(query.get('continueUrl'), origin)?.search ?? search;
}
