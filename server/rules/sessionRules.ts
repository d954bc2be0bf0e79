/**
 * When a verified session cookie still opens the site: pure decisions over what Firebase says of
 * the account, apart from the calls that fetch it.
 */
import {admit, type ReaderAccount, type ReaderPolicy, type Refusal} from './readerPolicy';

/** Why a session that was good no longer is. */
export type SessionEnding = Refusal | 'revoked' | 'signed-out' | 'deleted';

/**
 * Custom claim holding the cookies signed out one by one: `{cookie id: expiry in seconds}`.
 * Firebase has no per-cookie revocation; every gate instance re-reads the account at its
 * re-check, so a cookie listed here is dead on all of them within that period.
 */
export const SIGNED_OUT_CLAIM = 'tutorial_hub_signed_out';
/** Firebase refuses custom claims over 1000 characters of JSON. */
export const MAX_CUSTOM_CLAIMS_CHARS = 1000;

export interface AccountState {
  account: ReaderAccount;
  /** Firebase's `tokensValidAfterTime`, in ms: sign-ins before it were revoked. */
  tokensValidAfterMs: number | null;
  customClaims: Record<string, unknown>;
}

export interface CookieFacts {
  /** The sign-in the cookie came from, in seconds (`auth_time`). */
  authTimeSeconds: number;
  cookieId: string;
}

function signedOutList(claims: Record<string, unknown>): Record<string, number> {
  const list = claims[SIGNED_OUT_CLAIM];
  return typeof list === 'object' && list !== null ? (list as Record<string, number>) : {};
}

/**
 * Null while the session may go on. Revocation is Firebase's own rule (`auth_time` against
 * `tokensValidAfterTime`, whole seconds); the policy is judged afresh each time.
 */
export function sessionEnding(cookie: CookieFacts, state: AccountState, policy: ReaderPolicy): SessionEnding | null {
  const admission = admit(state.account, policy);
  if (!admission.admitted) return admission.reason;
  if (state.tokensValidAfterMs !== null && cookie.authTimeSeconds * 1000 < state.tokensValidAfterMs) return 'revoked';
  if (cookie.cookieId in signedOutList(state.customClaims)) return 'signed-out';
  return null;
}

/**
 * The account's custom claims with one more signed-out cookie, expired entries dropped; null when
 * the list no longer fits Firebase's limit (the caller then revokes all the reader's sessions).
 */
export function claimsWithSignedOut(
  claims: Record<string, unknown>,
  cookieId: string,
  expiresAtSeconds: number,
  nowSeconds: number,
): Record<string, unknown> | null {
  const kept = Object.entries(signedOutList(claims)).filter(([, expiry]) => typeof expiry === 'number' && expiry > nowSeconds);
  const next = {...claims, [SIGNED_OUT_CLAIM]: Object.fromEntries([...kept, [cookieId, expiresAtSeconds]])};
  return JSON.stringify(next).length <= MAX_CUSTOM_CLAIMS_CHARS ? next : null;
}
