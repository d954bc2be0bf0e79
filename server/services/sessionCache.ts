/**
 * Which session a cookie proves, asked of Firebase at most once per re-check period per cookie:
 * a bounded cache of verified cookies, sessions in use checked again in the background ahead of the
 * period (each at a time of its own, a few at a time), one check per cookie shared by the requests
 * that wait for it (and ended when they all leave), the grace period of an identity outage, and
 * cookies refused here. At each check the account and the reader policy are judged again.
 */
import {createHash} from 'node:crypto';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken} from 'firebase-admin/auth';
import {admit, type ReaderPolicy} from '../rules/readerPolicy';
import {sessionEnding, signInOf, unverifiedClaims, type AccountState, type SessionEnding} from '../rules/sessionRules';
import {answerUsable, refreshDue, refreshDueAt, refreshTime, sweepGapMs, type CheckedSession} from '../rules/sessionRecheck';
import type {Clock, Timer} from './clock';
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
  /** A number in [0, 1) for each session's refresh time (refreshTime); Math.random unless a test brings its own. */
  random?: () => number;
}

interface Verified extends CheckedSession {
  session: Session;
  state: AccountState;
  /** Kept for its background check. */
  cookie: string;
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
/** Background checks running at once at most: a thousand sessions due together must not crowd Firebase or the requests. */
const BACKGROUND_CHECKS = 8;
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
  /**
   * Cookie id → until when a refused or signed-out cookie is not looked at again, and whether the reader
   * policy refused it (a refusal a change of the readers file may undo, so it lasts only until then).
   */
  private readonly rejected: LRUCache<string, {until: number; byPolicy: boolean}>;
  private readonly inFlight = new Map<string, PendingCheck>();
  /** Background checks running now. */
  private background = 0;
  /** Sessions whose background check is due, waiting for one of the BACKGROUND_CHECKS, the earliest first. */
  private readonly due = new Set<string>();
  private sweepTimer: Timer | null = null;
  private sweepAt = Infinity;
  private lastSweepAt = -Infinity;

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
   * The session a cookie proves, or null. A cached answer never outlives the re-check period: a
   * session in use is checked again in the background ahead of it (rules/sessionRecheck.ts); past
   * it the request waits for the check. With Firebase unreachable, verified sessions go on within the grace
   * period, never past their expiry, without waiting once the outage is known. Throws
   * IdentityUnavailableError when a cookie cannot be judged. `signal`: the reader's request went
   * away; the call to Firebase ends once nobody else waits for it.
   */
  async verify(cookie: string | undefined, signal?: AbortSignal): Promise<Session | null> {
    if (!cookie) return null;
    const key = cookieIdOf(cookie);
    const now = this.now();
    if ((this.rejected.get(key)?.until ?? 0) > now) return null;
    const cached = this.verified.get(key);
    const {revocationCheckMs, identityGraceMs, identity} = this.options;
    if (cached && answerUsable(cached, now, revocationCheckMs)) {
      this.used(key, cached);
      return cached.session;
    }
    const age = cached && now < cached.expiresAt ? now - cached.checkedAt : Infinity;
    const withinGrace = age < revocationCheckMs + identityGraceMs;
    if (withinGrace && !identity.status().reachable) {
      this.check(key, cookie, cached).catch(() => undefined);
      return cached!.session;
    }
    try {
      const session = await this.check(key, cookie, cached, signal);
      const checked = session && this.verified.peek(key);
      if (checked) this.used(key, checked);
      return session;
    } catch (error) {
      if (withinGrace && isServiceFailure(error)) return cached!.session;
      throw error;
    }
  }

  /** A request used the session: its background check starts if due, or is looked at when it falls due. */
  private used(key: string, entry: Verified): void {
    const now = this.now();
    entry.usedAt = now;
    if (refreshDue(entry, now, this.options.revocationCheckMs)) {
      if (!this.refresh(key, entry)) this.due.add(key);
    } else this.sweepBy(refreshDueAt(entry, this.options.revocationCheckMs));
  }

  /** Starts the session's background check unless BACKGROUND_CHECKS run; false when it did not. */
  private refresh(key: string, entry: Verified): boolean {
    if (this.inFlight.has(key)) return true;
    if (this.background >= BACKGROUND_CHECKS) return false;
    this.background += 1;
    this.check(key, entry.cookie, entry)
      .catch(() => undefined)
      .finally(() => {
        this.background -= 1;
        this.startDue();
      });
    return true;
  }

  /** Looks for sessions whose background check is due by `at` (or soon after: sweeps are sweepGapMs apart). */
  private sweepBy(at: number | null): void {
    if (at === null) return;
    const when = Math.max(at, this.lastSweepAt + sweepGapMs(this.options.revocationCheckMs));
    if (when >= this.sweepAt) return;
    if (this.sweepTimer) this.options.clock.clearTimeout(this.sweepTimer);
    this.sweepAt = when;
    this.sweepTimer = this.options.clock.setTimeout(() => this.sweep(), Math.max(0, when - this.now()));
    this.sweepTimer.unref();
  }

  /**
   * Queues the sessions whose background check is due and starts what BACKGROUND_CHECKS allow; the
   * next sweep is set for the earliest one due later. Not while Firebase cannot be reached: then the
   * requests' own checks find when it answers again, as the grace period has it.
   */
  private sweep(): void {
    const now = this.now();
    this.sweepTimer = null;
    this.sweepAt = Infinity;
    this.lastSweepAt = now;
    if (!this.options.identity.status().reachable) return;
    const period = this.options.revocationCheckMs;
    const due: Verified[] = [];
    const keys = new Map<Verified, string>();
    let next: number | null = null;
    for (const [key, entry] of this.verified.entries()) {
      if (this.inFlight.has(key)) continue;
      if (refreshDue(entry, now, period)) {
        due.push(entry);
        keys.set(entry, key);
        continue;
      }
      const at = refreshDueAt(entry, period);
      if (at !== null && at > now && (next === null || at < next)) next = at;
    }
    this.due.clear();
    for (const entry of due.sort((a, b) => a.refreshAt - b.refreshAt)) this.due.add(keys.get(entry)!);
    this.startDue();
    this.sweepBy(next);
  }

  /** Starts queued background checks still due, as many as BACKGROUND_CHECKS allow. */
  private startDue(): void {
    if (!this.options.identity.status().reachable) {
      this.due.clear();
      return;
    }
    for (const key of this.due) {
      const entry = this.verified.peek(key);
      if (entry && refreshDue(entry, this.now(), this.options.revocationCheckMs) && !this.refresh(key, entry)) return;
      this.due.delete(key);
    }
  }

  /** Stops looking for due background checks (the gate is closing); checks running end by their deadline. */
  close(): void {
    if (this.sweepTimer) this.options.clock.clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    this.sweepAt = Infinity;
    this.due.clear();
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
    this.rejected.set(key, {until: expiry === null ? this.now() + REJECTED_TTL_MS : Math.min(expiry * 1000, latest), byPolicy: false});
  }

  /**
   * Drops cached sessions the policy no longer admits, without waiting for their re-check, and forgets
   * the refusals of the policy before it: a reader just added reads on their next request.
   */
  applyPolicy(): void {
    for (const [key, {byPolicy}] of this.rejected.entries()) if (byPolicy) this.rejected.delete(key);
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
    // Never trusted past its own expiry. A background check leaves the session unused since: it is
    // checked again ahead of the next period only if a request uses it meanwhile.
    const now = this.now();
    const random = this.options.random ?? Math.random;
    this.verified.set(key, {
      session,
      state,
      cookie,
      checkedAt: now,
      expiresAt: decoded.exp * 1000,
      usedAt: previous?.usedAt ?? now,
      refreshAt: refreshTime(now, this.options.revocationCheckMs, random()),
    });
    return session;
  }

  private reject(key: string, previous: Verified | undefined, reason: SessionEnding): null {
    const now = this.now();
    const earlier = this.rejected.get(key);
    // A cookie ended here (endHere) stays ended whatever the policy becomes.
    const endedOtherwise = earlier !== undefined && earlier.until > now && !earlier.byPolicy;
    this.rejected.set(key, {
      until: Math.max(earlier?.until ?? 0, now + REJECTED_TTL_MS),
      byPolicy: reason === 'not-allowed' && !endedOtherwise,
    });
    this.verified.delete(key);
    if (previous) this.options.audit?.({event: 'access-ended', reason, ...previous.session});
    return null;
  }
}
