/**
 * The login page as the project's email action handler (Firebase console → Templates → "Customize action
 * URL" set to `<PUBLIC_ORIGIN>/login`): which of Firebase's emailed links it handles itself, and where the
 * others go.
 */
import type {AuthSettings} from './settings';

export type ActionLink =
  /** No Firebase action in the query: the ordinary login page. */
  | {kind: 'none'}
  /**
   * Firebase's verification link. Never applied: it would verify the address with whatever password the
   * account has, perhaps a stranger's. The address gets the password link instead.
   */
  | {kind: 'verify-email'; oobCode: string}
  /** Any other action (password reset, email recovery, …): Firebase's own handler, the query intact. */
  | {kind: 'forward'; url: string};

/** Firebase's default action handler: the project's auth domain, or the emulator's stand-in for it. */
export function firebaseActionHandler(settings: Pick<AuthSettings, 'firebase' | 'emulatorHost'>): string {
  return settings.emulatorHost !== null
    ? `http://${settings.emulatorHost}/emulator/action`
    : `https://${settings.firebase.authDomain}/__/auth/action`;
}

/** What the login page's query asks; only `handler` (from the settings, never the query) is a place to go. */
export function actionLinkOf(search: string, handler: string): ActionLink {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const oobCode = query.get('oobCode');
  if (!mode || !oobCode) return {kind: 'none'};
  if (mode === 'verifyEmail') return {kind: 'verify-email', oobCode};
  const url = new URL(handler);
  url.search = search;
  return {kind: 'forward', url: url.href};
}
