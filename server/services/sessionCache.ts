/**
 * Which session a cookie proves, asked of Firebase at most once per re-check period per cookie:
 * a bounded cache of verified cookies, refresh ahead of the period, one check per cookie shared by
 * the requests that wait for it (and ended when they all leave), the grace period of an identity
 * outage, and cookies refused here. At each check the account and the reader policy are judged again.
 */
import {createHash} from 'node:crypto';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken} from 'firebase-admin/auth';
import {admit, type ReaderPolicy} from '../rules/readerPolicy';
import {sessionEnding, signInOf, unverifiedClaims, type AccountState, type SessionEnding} from '../rules/sessionRules';
import type {Clock} from './clock';
import {firebaseErrorCode, USER_DISABLED} from './firebaseAuth';
import {IdentityCallAbandoned, isServiceFailure, type IdentityService} from './identity';

export interface Session {
  uid: string;
  email: string | null;
}

/** The cache's line of the audit trail: a session that was good no longer is. */
export interface AccessEnded {
  event: 'access-ended';
  reason: SessionEnding;
  uid: string;
  email: string | null;
}

export interface SessionCacheOptions {
  revocationCheckMs: number;
  /** How long past its re-check a verified session goes on while Firebase cannot be reached. */
  identityGraceMs: number;
  /** The longest a cookie lives: how long one signed out here is refused at most. */
  sessionMaxAgeMs: number;
  identity: IdentityService;
  /** The reader policy in force now (the allowed-emails file can change under a running gate). */
  policy: () => ReaderPolicy;
  /** The account's state now, or null when it no longer exists. */
  accountOf: (uid: string, signal?: AbortSignal) => Promise<AccountState | null>;
  audit?: (event: AccessEnded) => void;
  /** Verified sessions kept in memory. */
  maxCachedSessions?: number;
  clock: Clock;
}

interface Verified {
  session: Session;
  state: AccountState;
  checkedAt: number;
  expiresAt: number;
}

/** A check of one cookie with Firebase, shared by the requests that wait for it. */
interface PendingCheck {
  result: Promise<Session | null>;
  /** Requests still waiting; a background check has a waiter that never leaves. */
  waiters: number;
  abandon: AbortController;
}

/** Rejected cookies are remembered briefly, so a flood of bad cookies cannot hammer Firebase. */
const REJECTED_TTL_MS = 30 * 1000;
/**
 * A session in use is checked again in the background from this share of the re-check period on,
 * so that readers seldom wait for Firebase, and no answer outlives the period.
 */
const REFRESH_AHEAD = 0.75;
/**
 * The request's session cookies worth a check, in the order to check them: planted cookies of the same
 * name must not hide the reader's, however many there are, nor cost a call each. One this instance
 * verified comes first; one that cannot be a live session (not a token, or past its expiry by its own
 * word) is not looked at. A cookie that passes needs a signature check, done locally; Node's 16 KB limit
 * on request headers holds about 16 real session cookies.
 */
export function cookiesToCheck(cookies: readonly string[], isVerified: (cookie: string) => boolean, nowMs: number): string[] {
  const live = [...new Set(cookies)].filter((cookie) => {
    const {exp} = unverifiedClaims(cookie);
    return exp !== null && exp * 1000 > nowMs;
  });
  return [...live.filter(isVerified), ...live.filter((cookie) => !isVerified(cookie))];
}

export function cookieIdOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('base64url').slice(0, 16);
}

export class SessionCache {
  private readonly verified: LRUCache<string, Verified>;
  /** Cookie id → time until which a refused or signed-out cookie is not looked at again. */
  private readonly rejected: LRUCache<string, number>;
  private readonly inFlight = new Map<string, PendingCheck>();

  constructor(
    private readonly auth: Auth,
    private readonly options: SessionCacheOptions,
  ) {
    const max = options.maxCachedSessions ?? 10_000;
    this.verified = new LRUCache({max});
    this.rejected = new LRUCache({max});
  }

  private now(): number {
    return this.options.clock.now();
  }

  /**
   * The session a cookie proves, or null. A cached answer never outlives the re-check period: late
   * in the period it is given while one background check runs, after it the request waits for the
   * check. With Firebase unreachable, verified sessions go on within the grace
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
    if (age < revocationCheckMs) {
      if (age >= REFRESH_AHEAD * revocationCheckMs) this.check(key, cookie, cached).catch(() => undefined);
      return cached!.session;
    }
    const withinGrace = age < revocationCheckMs + identityGraceMs;
    if (withinGrace && !identity.status().reachable) {
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
   * The session any of the request's session cookies proves (a sibling subdomain can plant a
   * cookie of the same name beside the reader's), or null. Throws when none verifies and one
   * could not be judged for want of Firebase.
   */
  async verifyAny(cookies: readonly string[], signal?: AbortSignal): Promise<Session | null> {
    let failure: unknown = null;
    for (const cookie of this.cookiesToCheck(cookies)) {
      try {
        const session = await this.verify(cookie, signal);
        if (session !== null) return session;
      } catch (error) {
        if (!isServiceFailure(error)) throw error;
        failure ??= error;
      }
    }
    if (failure !== null) throw failure;
    return null;
  }

  /** The request's cookies worth a check, a verified one first (see cookiesToCheck). */
  cookiesToCheck(cookies: readonly string[]): string[] {
    return cookiesToCheck(cookies, (cookie) => this.verified.has(cookieIdOf(cookie)), this.now());
  }

  /** This instance refuses the cookie from now until it expires. */
  endHere(cookie: string): void {
    const key = cookieIdOf(cookie);
    this.verified.delete(key);
    const expiry = unverifiedClaims(cookie).exp;
    const latest = this.now() + this.options.sessionMaxAgeMs;
    this.rejected.set(key, expiry === null ? this.now() + REJECTED_TTL_MS : Math.min(expiry * 1000, latest));
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

  /** Forgets what was trusted of the reader's sessions (after a revocation). */
  forgetSessionsOf(uid: string): void {
    for (const [key, entry] of this.verified.entries()) {
      if (entry.session.uid === uid) this.verified.delete(key);
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
      state = await this.options.accountOf(decoded.uid, signal);
    } catch (error) {
      // Firebase unreachable, or nobody waits any more: the cookie is not blamed.
      if (isServiceFailure(error) || error instanceof IdentityCallAbandoned) throw error;
      // Some Firebase backends (the emulator) refuse a disabled account's cookie outright.
      if (firebaseErrorCode(error) === USER_DISABLED) return this.reject(key, previous, 'disabled');
      // Malformed, foreign or expired: nothing ended that the audit trail should record.
      return this.reject(key, undefined, 'revoked');
    }
    if (state === null) return this.reject(key, previous, 'deleted');
    const signIn = signInOf(decoded, state);
    const ending = sessionEnding(signIn, state, this.options.policy());
    const session = {uid: decoded.uid, email: state.account.email};
    // The audit line names the account as it is now (its address may have changed since).
    if (ending !== null) return this.reject(key, previous && {...previous, session}, ending);
    // Never trusted past its own expiry.
    this.verified.set(key, {session, state, checkedAt: this.now(), expiresAt: decoded.exp * 1000});
    return session;
  }

  private reject(key: string, previous: Verified | undefined, reason: SessionEnding): null {
    this.rejected.set(key, Math.max(this.rejected.get(key) ?? 0, this.now() + REJECTED_TTL_MS));
    this.verified.delete(key);
    if (previous) this.options.audit?.({event: 'access-ended', reason, ...previous.session});
    return null;
  }
}
