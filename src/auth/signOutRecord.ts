import type {SignOutAnswer} from '../../contracts/session';

/**
 * When this tab last signed the reader out on purpose. Another tab whose Firebase was starting up
 * at that moment can write the reader back into the shared persistence; the login page uses this
 * record to finish the sign-out instead of silently signing the reader back in.
 */
const SIGNED_OUT_AT_KEY = 'tutorial-hub:signed-out-at';

export function recordSignOut(now = Date.now()): void {
  sessionStorage.setItem(SIGNED_OUT_AT_KEY, String(now));
}

export function lastSignOut(): number | null {
  const value = Number(sessionStorage.getItem(SIGNED_OUT_AT_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function forgetSignOut(): void {
  sessionStorage.removeItem(SIGNED_OUT_AT_KEY);
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
}

/** What the login page says after a sign-out that ended what the reader asked, here (the site without the gate server too) or everywhere. */
export const SIGNED_OUT_HERE = 'You are signed out in this browser.';
export const SIGNED_OUT_EVERYWHERE = 'You are signed out on every device where you were signed in.';

/**
 * What the login page says after a sign-out: what ended, in the reader's words for what they asked,
 * and what did not end as asked: part of it waits for the identity service, every session ended
 * because the reader's list of signed-out sessions was full, or "everywhere" ended nothing more than
 * this browser's session, which had ended already.
 */
export function noticeAfterSignOut(everywhere: boolean, answer: SignOutAnswer): string {
  if (answer.pending) {
    return everywhere
      ? 'You are signed out in this browser. Your other devices will be signed out once the sign-in service answers again.'
      : 'You are signed out in this browser. The site finishes signing you out once the sign-in service answers again.';
  }
  if (!everywhere && answer.scope === 'everywhere') return 'You were signed out on all your devices. Sign in again on each of them.';
  if (everywhere && answer.scope === 'session') {
    return 'Only this browser was signed out: its session had ended already. To sign out your other devices, sign in and choose "Sign out everywhere" again.';
  }
  return everywhere ? SIGNED_OUT_EVERYWHERE : SIGNED_OUT_HERE;
}

/** What the login page has to tell the reader about the sign-out that brought them there. */
const SIGN_OUT_NOTICE_KEY = 'tutorial-hub:sign-out-notice';

export function recordSignOutNotice(notice: string): void {
  if (notice === '') sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  else sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, notice);
}

/** Kept until the reader signs in again (`forgetSignOut`) or signs out without one. */
export function storedSignOutNotice(): string {
  return sessionStorage.getItem(SIGN_OUT_NOTICE_KEY) ?? '';
}
