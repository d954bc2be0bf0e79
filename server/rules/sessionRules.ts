/**
 * When a verified session cookie still opens the site: pure decisions over what Firebase says of
 * the account, apart from the calls that fetch it.
 */
import {createHash} from 'node:crypto';
import type {DecodedIdToken, UserRecord} from 'firebase-admin/auth';
import {admit, readerAccountOf, type ReaderAccount, type ReaderPolicy} from './readerPolicy';
import type {SessionRefusal} from '../../contracts/session';

/** What a token says of itself, read without trusting it: for an audit line, or how long to refuse a signed-out cookie. */
export function unverifiedClaims(token: string): {uid: string; email: string | null; exp: number | null} {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
      email?: unknown;
      exp?: unknown;
    };
    return {
      uid: typeof claims.sub === 'string' ? claims.sub : 'unknown',
      email: typeof claims.email === 'string' ? claims.email : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return {uid: 'unknown', email: null, exp: null};
  }
}

/** Why a session that was good no longer is. */
export type SessionEnding = SessionRefusal | 'revoked' | 'signed-out' | 'deleted';

/**
 * Custom claim holding the sign-ins signed out one by one: `{sign-in id: expiry in seconds}`.
 * Firebase has no per-session revocation; every gate instance re-reads the account at its
 * re-check, so a sign-in listed here is dead on all of them within that period, and so is any
 * session minted again from an ID token of that sign-in.
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
  /** `signInIdOf` the cookie's account and `auth_time`. */
  signInId: string;
}

/**
 * One sign-in of one account: every token and cookie it yields carries the same `auth_time`. Two
 * sign-ins of one reader in the same second share an id, so a sign-out ends both: the safe side.
 * Short, because Firebase's custom claims hold 1000 characters.
 */
export function signInIdOf(uid: string, authTimeSeconds: number): string {
  return createHash('sha256').update(`${uid}\0${authTimeSeconds}`).digest('base64url').slice(0, 10);
}

function signedOutList(claims: Record<string, unknown>): Record<string, number> {
  const list = claims[SIGNED_OUT_CLAIM];
  return typeof list === 'object' && list !== null ? (list as Record<string, number>) : {};
}

/**
 * Null while the session may go on. Revocation is Firebase's own rule (`auth_time` against
 * `tokensValidAfterTime`, whole seconds); the policy is judged afresh each time.
 */
export function sessionEnding(cookie: CookieFacts, state: AccountState, policy: ReaderPolicy): Exclude<SessionEnding, 'deleted'> | null {
  const admission = admit(state.account, policy);
  if (!admission.admitted) return admission.reason;
  if (isRevoked(state, cookie.authTimeSeconds)) return 'revoked';
  if (isSignedOut(state.customClaims, cookie.signInId)) return 'signed-out';
  return null;
}

export function isSignedOut(claims: Record<string, unknown>, signInId: string): boolean {
  return Object.hasOwn(signedOutList(claims), signInId);
}

/** Whether a revocation already ended this sign-in (Firebase's rule, whole seconds). */
export function isRevoked(state: AccountState, authTimeSeconds: number): boolean {
  return state.tokensValidAfterMs !== null && authTimeSeconds * 1000 < state.tokensValidAfterMs;
}

/**
 * The account's custom claims with one more signed-out sign-in, expired entries dropped; null when
 * the list no longer fits Firebase's limit (the caller then revokes all the reader's sessions).
 */
export function claimsWithSignedOut(
  claims: Record<string, unknown>,
  signInId: string,
  expiresAtSeconds: number,
  nowSeconds: number,
): Record<string, unknown> | null {
  const kept = Object.entries(signedOutList(claims)).filter(([, expiry]) => typeof expiry === 'number' && expiry > nowSeconds);
  const next = {...claims, [SIGNED_OUT_CLAIM]: Object.fromEntries([...kept, [signInId, expiresAtSeconds]])};
  return JSON.stringify(next).length <= MAX_CUSTOM_CLAIMS_CHARS ? next : null;
}

/** The claims once every sign-in was revoked: the signed-out list has nothing left to end. */
export function claimsWithoutSignedOut(claims: Record<string, unknown>): Record<string, unknown> {
  const rest = {...claims};
  delete rest[SIGNED_OUT_CLAIM];
  return rest;
}

/** What the gate reads of an account at a check: who the reader is, when their sign-ins were last revoked, the signed-out list. */
export function accountState(user: UserRecord): AccountState {
  const account = readerAccountOf(user);
  const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
  return {account, tokensValidAfterMs: Number.isNaN(validAfter) ? null : validAfter, customClaims: user.customClaims ?? {}};
}

/** One sign-in of a reader, as a session cookie proves it. */
export interface SignIn {
  uid: string;
  email: string | null;
  signInId: string;
  authTimeSeconds: number;
  /** The cookie's expiry. */
  expiresAtSeconds: number;
}

/** The sign-in a verified cookie or ID token belongs to. */
export function signInOf(decoded: DecodedIdToken, state: AccountState): SignIn {
  return {
    uid: decoded.uid,
    email: state.account.email,
    signInId: signInIdOf(decoded.uid, decoded.auth_time),
    authTimeSeconds: decoded.auth_time,
    expiresAtSeconds: decoded.exp,
  };
}
