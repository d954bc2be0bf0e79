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
