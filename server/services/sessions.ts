/**
 * Firebase session cookies: minted from fresh ID tokens of admitted readers, verified on every
 * request through a bounded cache so that Firebase is asked at most once per re-check period per
 * session. At each re-check the account and the reader policy are judged again.
 */
import {createHash} from 'node:crypto';
import {setTimeout as sleep} from 'node:timers/promises';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken, UserRecord} from 'firebase-admin/auth';
import type {ReaderAccount, ReaderPolicy, Refusal} from '../rules/readerPolicy';
import {admit} from '../rules/readerPolicy';
import {claimsWithSignedOut, sessionEnding, type AccountState, type SessionEnding} from '../rules/sessionRules';
import {IdentityCallAbandoned, isServiceFailure, type IdentityService} from './identity';

export interface Session {
  uid: string;
  email: string | null;
}

interface Verified {
  session: Session;
  state: AccountState;
  checkedAt: number;
  expiresAt: number;
}

/** What the audit trail records; never a cookie or a token. */
export type AuditEvent =
  | {event: 'session-started'; uid: string; email: string | null; provider: string}
  | {event: 'session-refused'; reason: Refusal | 'revoked'; uid: string; email: string | null}
  | {event: 'signed-out' | 'signed-out-everywhere'; uid: string; email: string | null}
  | {event: 'access-ended'; reason: SessionEnding; uid: string; email: string | null};

export interface SessionOptions {
  sessionMaxAgeMs: number;
  revocationCheckMs: number;
  /** How long past its re-check a verified session goes on while Firebase cannot be reached. */
  identityGraceMs: number;
  /** Every call to Firebase goes through it: deadline, and a record of outages. */
  identity: IdentityService;
  signInMaxAgeMs: number;
  /** The reader policy in force now (the allowed-emails file can change under a running gate). */
  policy: () => ReaderPolicy;
  audit?: (event: AuditEvent) => void;
  /** Operator-facing warnings (a signed-out list that overflowed into a full revocation). */
  warn?: (message: string, details: object) => void;
  /** Verified sessions kept in memory. */
  maxCachedSessions?: number;
  now?: () => number;
  /** Waits `ms`; tests replace it to keep "sign out everywhere" instant. */
  wait?: (ms: number) => Promise<unknown>;
}

/** An ID token minted longer ago than this is not "fresh": the browser must ask for a new one. */
const FRESH_ID_TOKEN_MS = 5 * 60 * 1000;
/** Rejected cookies are remembered briefly, so a flood of bad cookies cannot hammer Firebase. */
const REJECTED_TTL_MS = 30 * 1000;

/** A check of one cookie with Firebase, shared by the requests that wait for it. */
interface PendingCheck {
  result: Promise<Session | null>;
  /** Requests still waiting; a background check has a waiter that never leaves. */
  waiters: number;
  abandon: AbortController;
}

export type SessionErrorCode = 'invalid-id-token' | 'stale-id-token' | 'sign-in-too-old' | Refusal;

export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }

  /** 403 for a valid sign-in the policy does not admit; 401 for a sign-in that proves nothing. */
  get status(): 401 | 403 {
    return this.code === 'invalid-id-token' || this.code === 'stale-id-token' || this.code === 'sign-in-too-old' ? 401 : 403;
  }
}

const REFUSAL_MESSAGES: Record<Refusal, string> = {
  'not-allowed': 'This account is not on the reader list.',
  'email-not-verified': 'Verify the email address of this account first.',
  anonymous: 'Sign in with an email account.',
  disabled: 'This account has been disabled.',
};

export function accountState(user: UserRecord): AccountState {
  const account: ReaderAccount = {
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    providerIds: user.providerData.map((provider) => provider.providerId),
  };
  const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
  return {account, tokensValidAfterMs: Number.isNaN(validAfter) ? null : validAfter, customClaims: user.customClaims ?? {}};
}

export function cookieIdOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('base64url').slice(0, 16);
}

const errorCode = (error: unknown) => (error as {code?: unknown} | null)?.code;
const DISABLED = 'auth/user-disabled';

/** Who a token names, read without trusting it: only for the audit line of a refusal. */
function tokenClaims(token: string): {uid: string; email: string | null} {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {sub?: unknown; email?: unknown};
    return {uid: typeof claims.sub === 'string' ? claims.sub : 'unknown', email: typeof claims.email === 'string' ? claims.email : null};
  } catch {
    return {uid: 'unknown', email: null};
  }
}

export class SessionAuthority {
  private readonly verified: LRUCache<string, Verified>;
  /** Cookie id → time until which a refused or signed-out cookie is not looked at again. */
  private readonly rejected: LRUCache<string, number>;
  private readonly inFlight = new Map<string, PendingCheck>();
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<unknown>;

  constructor(
    private readonly auth: Auth,
    private readonly options: SessionOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? sleep;
    const max = options.maxCachedSessions ?? 10_000;
    this.verified = new LRUCache({max});
    this.rejected = new LRUCache({max});
  }

  /** A session cookie for a freshly minted ID token from a recent sign-in of an admitted reader. */
  async createSessionCookie(idToken: string): Promise<{cookie: string; maxAgeMs: number}> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.options.identity.call(() => this.auth.verifyIdToken(idToken));
    } catch (error) {
      if (isServiceFailure(error)) throw error;
      if (errorCode(error) === DISABLED) throw this.refuse('disabled', tokenClaims(idToken));
      throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    }
    const now = this.now();
    if (now - decoded.iat * 1000 > FRESH_ID_TOKEN_MS) {
      throw new SessionError('stale-id-token', 'The ID token is too old; get a fresh one.');
    }
    if (now - decoded.auth_time * 1000 > this.options.signInMaxAgeMs) {
      throw new SessionError('sign-in-too-old', 'The sign-in is too old; sign in again.');
    }
    const state = await this.accountOf(decoded.uid);
    if (state === null) throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    const email = state.account.email;
    const admission = admit(state.account, this.options.policy());
    if (!admission.admitted) throw this.refuse(admission.reason, {uid: decoded.uid, email});
    if (state.tokensValidAfterMs !== null && decoded.auth_time * 1000 < state.tokensValidAfterMs) {
      this.options.audit?.({event: 'session-refused', reason: 'revoked', uid: decoded.uid, email});
      throw new SessionError('invalid-id-token', 'This sign-in was revoked; sign in again.');
    }
    const cookie = await this.options.identity.call(() =>
      this.auth.createSessionCookie(idToken, {expiresIn: this.options.sessionMaxAgeMs}),
    );
    this.options.audit?.({event: 'session-started', uid: decoded.uid, email, provider: decoded.firebase.sign_in_provider});
    return {cookie, maxAgeMs: this.options.sessionMaxAgeMs};
  }

  private refuse(reason: Refusal, who: {uid: string; email: string | null}): SessionError {
    this.options.audit?.({event: 'session-refused', reason, ...who});
    return new SessionError(reason, REFUSAL_MESSAGES[reason]);
  }

  /**
   * The session a cookie proves, or null. A session whose re-check fell due within the last
   * re-check period is answered from the cache while one background check runs
   * (stale-while-revalidate). With Firebase unreachable, verified sessions go on within the grace
   * period, never past their expiry, without waiting once the outage is known. Throws
   * IdentityUnavailableError when a cookie cannot be judged. `signal`: the reader's request went
   * away; the call to Firebase ends once nobody else waits for it.
   */
  async verify(cookie: string | undefined, signal?: AbortSignal): Promise<Session | null> {
    if (!cookie) return null;
    const key = cookieIdOf(cookie);
    const now = this.now();
    if ((this.rejected.get(key) ?? 0) > now) return null;
    const cached = this.verified.get(key);
    const {revocationCheckMs, identityGraceMs, identity} = this.options;
    const age = cached && now < cached.expiresAt ? now - cached.checkedAt : Infinity;
    if (age < revocationCheckMs) return cached!.session;
    const withinGrace = age < revocationCheckMs + identityGraceMs;
    if (withinGrace && (age < 2 * revocationCheckMs || !identity.status().reachable)) {
      this.check(key, cookie, cached).catch(() => undefined);
      return cached!.session;
    }
    try {
      return await this.check(key, cookie, cached, signal);
    } catch (error) {
      if (withinGrace && isServiceFailure(error)) return cached!.session;
      throw error;
    }
  }

  /** One check of a cookie with Firebase at a time; concurrent requests share it. */
  private check(key: string, cookie: string, cached: Verified | undefined, signal?: AbortSignal): Promise<Session | null> {
    let pending = this.inFlight.get(key);
    if (!pending) {
      const abandon = new AbortController();
      const result = this.verifyWithFirebase(key, cookie, cached, abandon.signal).finally(() => this.inFlight.delete(key));
      pending = {result, waiters: 0, abandon};
      this.inFlight.set(key, pending);
    }
    if (!signal) {
      pending.waiters = Infinity;
      return pending.result;
    }
    const shared = pending;
    shared.waiters += 1;
    signal.addEventListener(
      'abort',
      () => {
        shared.waiters -= 1;
        if (shared.waiters === 0) shared.abandon.abort();
      },
      {once: true},
    );
    return shared.result;
  }

  /**
   * Ends the session of this cookie on every instance: at once here, and on the others at their
   * next re-check, which finds the cookie in the account's signed-out list. `everywhere` ends every
   * session of the reader instead (Firebase revocation).
   */
  async signOut(cookie: string, {everywhere = false} = {}): Promise<void> {
    const key = cookieIdOf(cookie);
    // Only a session the gate would serve is ended: a cookie already signed out (or revoked, or
    // refused) signs nobody out again, everywhere or here, and writes nothing in the reader's name.
    if ((await this.verify(cookie)) === null) {
      this.verified.delete(key);
      return;
    }
    let decoded: DecodedIdToken;
    try {
      decoded = await this.options.identity.call(() => this.auth.verifySessionCookie(cookie, false));
    } catch (error) {
      if (isServiceFailure(error)) throw error;
      // Not a live cookie: there is no session to end.
      this.verified.delete(key);
      return;
    }
    this.verified.delete(key);
    this.rejected.set(key, decoded.exp * 1000);
    const email = decoded.email ?? null;
    if (everywhere) {
      await this.revokeAll(decoded.uid);
      this.options.audit?.({event: 'signed-out-everywhere', uid: decoded.uid, email});
    } else {
      await this.recordSignedOut(decoded, key);
      this.options.audit?.({event: 'signed-out', uid: decoded.uid, email});
    }
  }

  /** Drops cached sessions the policy no longer admits, without waiting for their re-check. */
  applyPolicy(): void {
    const policy = this.options.policy();
    for (const [key, entry] of this.verified.entries()) {
      const admission = admit(entry.state.account, policy);
      if (admission.admitted) continue;
      this.verified.delete(key);
      this.options.audit?.({event: 'access-ended', reason: admission.reason, ...entry.session});
    }
  }

  /**
   * Firebase compares `auth_time` with the revocation time in whole seconds, so a session started
   * earlier in the same second would survive a revocation made now. Revoking from the next whole
   * second on ends it too; the reader waits under a second.
   */
  private async revokeAll(uid: string): Promise<void> {
    await this.wait(1000 - (Date.now() % 1000));
    try {
      await this.options.identity.call(() => this.auth.revokeRefreshTokens(uid));
    } catch (error) {
      // A deleted account has no sessions left to revoke: its cookies fail every re-check.
      if (errorCode(error) !== 'auth/user-not-found') throw error;
    }
    for (const [key, entry] of this.verified.entries()) {
      if (entry.session.uid === uid) this.verified.delete(key);
    }
  }

  private async recordSignedOut(decoded: DecodedIdToken, cookieId: string): Promise<void> {
    const user = await this.accountOf(decoded.uid);
    if (user === null) return;
    const claims = claimsWithSignedOut(user.customClaims, cookieId, decoded.exp, Math.floor(this.now() / 1000));
    if (claims === null) {
      this.options.warn?.('The signed-out list of this reader is full: all their sessions were revoked instead.', {
        uid: decoded.uid,
      });
      await this.revokeAll(decoded.uid);
      return;
    }
    await this.options.identity.call(() => this.auth.setCustomUserClaims(decoded.uid, claims));
  }

  /** The account's state, or null when it no longer exists. */
  private async accountOf(uid: string, signal?: AbortSignal): Promise<AccountState | null> {
    try {
      return accountState(await this.options.identity.call(() => this.auth.getUser(uid), signal));
    } catch (error) {
      if (errorCode(error) === 'auth/user-not-found') return null;
      throw error;
    }
  }

  private async verifyWithFirebase(
    key: string,
    cookie: string,
    previous: Verified | undefined,
    signal: AbortSignal,
  ): Promise<Session | null> {
    let decoded: DecodedIdToken;
    let state: AccountState | null;
    try {
      decoded = await this.options.identity.call(() => this.auth.verifySessionCookie(cookie, false), signal);
      state = await this.accountOf(decoded.uid, signal);
    } catch (error) {
      // Firebase unreachable, or nobody waits any more: the cookie is not blamed.
      if (isServiceFailure(error) || error instanceof IdentityCallAbandoned) throw error;
      // Some Firebase backends (the emulator) refuse a disabled account's cookie outright.
      if (errorCode(error) === DISABLED) return this.reject(key, previous, 'disabled');
      // Malformed, foreign or expired: nothing ended that the audit trail should record.
      return this.reject(key, undefined, 'revoked');
    }
    const ending =
      state === null ? 'deleted' : sessionEnding({authTimeSeconds: decoded.auth_time, cookieId: key}, state, this.options.policy());
    if (ending !== null || state === null) return this.reject(key, previous, ending ?? 'deleted');
    const session = {uid: decoded.uid, email: state.account.email};
    // Never trusted past its own expiry.
    this.verified.set(key, {session, state, checkedAt: this.now(), expiresAt: decoded.exp * 1000});
    return session;
  }

  private reject(key: string, previous: Verified | undefined, reason: SessionEnding): null {
    this.rejected.set(key, this.now() + REJECTED_TTL_MS);
    this.verified.delete(key);
    if (previous) this.options.audit?.({event: 'access-ended', reason, ...previous.session});
    return null;
  }
}
