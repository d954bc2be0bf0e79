/**
 * Firebase session cookies: minted from fresh ID tokens of admitted readers, verified on every
 * request through a bounded cache so that Firebase is asked at most once per re-check period per
 * session. At each re-check the account and the reader policy are judged again.
 */
import {createHash} from 'node:crypto';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken, UserRecord} from 'firebase-admin/auth';
import type {ReaderPolicy, Refusal} from '../rules/readerPolicy';
import {admit, readerAccountOf} from '../rules/readerPolicy';
import {isRevoked, isSignedOut, sessionEnding, signInIdOf, type AccountState, type SessionEnding} from '../rules/sessionRules';
import {IdentityCallAbandoned, isServiceFailure, type IdentityService} from './identity';
import {SignOutLedger, type SignIn, type SignOutScope} from './signOuts';
import type {SignOutAnswer} from '../../shared/session';

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
  | {event: 'session-refused'; reason: Refusal | 'revoked' | 'signed-out'; uid: string; email: string | null}
  | {event: 'signed-out' | 'signed-out-everywhere'; uid: string; email: string | null; delayed?: true}
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
  /** How long after writing the signed-out list it is read back (see SignOutLedger). */
  signOutSettleMs: number;
  /** How often sign-outs Firebase could not take are tried again. */
  signOutRetryMs: number;
}

/** An ID token minted longer ago than this is not "fresh": the browser must ask for a new one. */
const FRESH_ID_TOKEN_MS = 5 * 60 * 1000;
/** Rejected cookies are remembered briefly, so a flood of bad cookies cannot hammer Firebase. */
const REJECTED_TTL_MS = 30 * 1000;
/**
 * A session in use is checked again in the background from this share of the re-check period on,
 * so that readers seldom wait for Firebase, and no answer outlives the period.
 */
const REFRESH_AHEAD = 0.75;
/** How far ahead of this server's clock a token may say it was issued (clocks drift a little, never an hour). */
const MAX_CLOCK_SKEW_MS = 60 * 1000;
/** Session cookies looked at per request: a planted cookie of the same name must not hide the reader's, nor a hundred of them cost a hundred checks. */
const MAX_SESSION_COOKIES = 4;

/** A check of one cookie with Firebase, shared by the requests that wait for it. */
interface PendingCheck {
  result: Promise<Session | null>;
  /** Requests still waiting; a background check has a waiter that never leaves. */
  waiters: number;
  abandon: AbortController;
}

/** Why a POST of an ID token starts no session: a sign-in that proves nothing, or a refusal of the reader policy. */
export type SessionErrorCode = 'invalid-id-token' | 'stale-id-token' | 'sign-in-too-old' | 'sign-in-ended' | Refusal;

export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

const REFUSAL_MESSAGES: Record<Refusal, string> = {
  'not-allowed': 'This account is not on the reader list.',
  'email-not-verified': 'Verify the email address of this account first.',
  anonymous: 'Sign in with an email account.',
  disabled: 'This account has been disabled.',
};

export function accountState(user: UserRecord): AccountState {
  const account = readerAccountOf(user);
  const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
  return {account, tokensValidAfterMs: Number.isNaN(validAfter) ? null : validAfter, customClaims: user.customClaims ?? {}};
}

export function cookieIdOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('base64url').slice(0, 16);
}

const errorCode = (error: unknown) => (error as {code?: unknown} | null)?.code;
const DISABLED = 'auth/user-disabled';

/** What a token says of itself, read without trusting it: for an audit line, or how long to refuse a signed-out cookie here. */
function tokenClaims(token: string): {uid: string; email: string | null; exp: number | null} {
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

export class SessionAuthority {
  private readonly verified: LRUCache<string, Verified>;
  /** Cookie id → time until which a refused or signed-out cookie is not looked at again. */
  private readonly rejected: LRUCache<string, number>;
  private readonly inFlight = new Map<string, PendingCheck>();
  private readonly now: () => number;
  private readonly ledger: SignOutLedger;

  constructor(
    private readonly auth: Auth,
    private readonly options: SessionOptions,
  ) {
    this.now = options.now ?? Date.now;
    const max = options.maxCachedSessions ?? 10_000;
    this.verified = new LRUCache({max});
    this.rejected = new LRUCache({max});
    this.ledger = new SignOutLedger(auth, {
      identity: options.identity,
      accountOf: (uid) => this.accountOf(uid),
      onRevoked: (uid) => this.forgetSessionsOf(uid),
      settleMs: options.signOutSettleMs,
      retryMs: options.signOutRetryMs,
      warn: options.warn ?? (() => undefined),
      now: this.now,
      wait: options.wait,
    });
  }

  close(): void {
    this.ledger.close();
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
    // firebase-admin checks a token's expiry, not whether it claims to come from the future.
    if (decoded.iat * 1000 > now + MAX_CLOCK_SKEW_MS || decoded.auth_time * 1000 > now + MAX_CLOCK_SKEW_MS) {
      throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    }
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
    if (isRevoked(state, decoded.auth_time)) {
      this.options.audit?.({event: 'session-refused', reason: 'revoked', uid: decoded.uid, email});
      throw new SessionError('sign-in-ended', 'This sign-in was revoked; sign in again.');
    }
    // Every session minted from a sign-in's ID tokens is that sign-in's, and ends with it: once it
    // was signed out, its tokens still fresh start nothing, on any instance.
    if (isSignedOut(state.customClaims, signInIdOf(decoded.uid, decoded.auth_time))) {
      this.options.audit?.({event: 'session-refused', reason: 'signed-out', uid: decoded.uid, email});
      throw new SessionError('sign-in-ended', 'This sign-in has ended; sign in again.');
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
    for (const cookie of cookies.slice(0, MAX_SESSION_COOKIES)) {
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

  /**
   * Ends the sessions of these cookies on every instance: at once here, and on the others at their
   * next re-check, which finds the sign-in in the account's signed-out list. `everywhere` ends every
   * session of the reader instead (Firebase revocation). Only a session the gate would serve is
   * ended: a cookie already signed out (or revoked, or refused) signs nobody out again and writes
   * nothing in the reader's name. With Firebase unreachable the cookies are refused here at once,
   * and the rest is done when it answers again (`pending`).
   */
  async signOut(cookies: readonly string[], {everywhere = false} = {}): Promise<SignOutAnswer> {
    const answer: SignOutAnswer = {scope: everywhere ? 'everywhere' : 'session', pending: false};
    for (const cookie of cookies.slice(0, MAX_SESSION_COOKIES)) {
      this.endHere(cookie);
      try {
        const scope = await this.endSignIn(cookie, everywhere, false);
        if (scope === 'everywhere') answer.scope = 'everywhere';
      } catch (error) {
        if (!isServiceFailure(error)) throw error;
        answer.pending = true;
        this.ledger.retryLater(async () => void (await this.endSignIn(cookie, everywhere, true)));
      }
    }
    return answer;
  }

  /** This instance refuses the cookie from now until it expires. */
  private endHere(cookie: string): void {
    const key = cookieIdOf(cookie);
    this.verified.delete(key);
    const expiry = tokenClaims(cookie).exp;
    const latest = this.now() + this.options.sessionMaxAgeMs;
    this.rejected.set(key, expiry === null ? this.now() + REJECTED_TTL_MS : Math.min(expiry * 1000, latest));
  }

  private async endSignIn(cookie: string, everywhere: boolean, delayed: boolean): Promise<SignOutScope | null> {
    const signIn = await this.liveSignIn(cookie);
    if (signIn === null) return null;
    const scope = await this.ledger.end(signIn, everywhere);
    const event = scope === 'everywhere' ? 'signed-out-everywhere' : 'signed-out';
    this.options.audit?.({event, uid: signIn.uid, email: signIn.email, ...(delayed ? {delayed: true as const} : {})});
    return scope;
  }

  /** The sign-in a cookie proves if the gate would serve it now (asked of Firebase, not the cache), else null. */
  private async liveSignIn(cookie: string): Promise<SignIn | null> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.options.identity.call(() => this.auth.verifySessionCookie(cookie, false));
    } catch (error) {
      if (isServiceFailure(error)) throw error;
      return null;
    }
    const state = await this.accountOf(decoded.uid);
    if (state === null) return null;
    const signIn = signInOf(decoded, state);
    const facts = {authTimeSeconds: signIn.authTimeSeconds, signInId: signIn.signInId};
    return sessionEnding(facts, state, this.options.policy()) === null ? signIn : null;
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

  private forgetSessionsOf(uid: string): void {
    for (const [key, entry] of this.verified.entries()) {
      if (entry.session.uid === uid) this.verified.delete(key);
    }
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
    if (state === null) return this.reject(key, previous, 'deleted');
    const signIn = signInOf(decoded, state);
    const ending = sessionEnding({authTimeSeconds: signIn.authTimeSeconds, signInId: signIn.signInId}, state, this.options.policy());
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

function signInOf(decoded: DecodedIdToken, state: AccountState): SignIn {
  return {
    uid: decoded.uid,
    email: state.account.email,
    signInId: signInIdOf(decoded.uid, decoded.auth_time),
    authTimeSeconds: decoded.auth_time,
    expiresAtSeconds: decoded.exp,
  };
}
