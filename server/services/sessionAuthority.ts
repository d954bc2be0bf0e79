/**
 * The gate's sessions: Firebase session cookies minted from fresh ID tokens of admitted readers,
 * verified through the session cache (sessionCache.ts), and ended by sign-outs that reach every
 * instance (signOuts.ts). This is where the three meet, and what the routes call.
 */
import type {FastifyBaseLogger} from 'fastify';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken, UserRecord} from 'firebase-admin/auth';
import type {ReaderPolicy} from '../rules/readerPolicy';
import {readerAccountOf} from '../rules/readerPolicy';
import {takeBackOf} from '../rules/accountClaims';
import {accountState, sessionEnding, signInOf, unverifiedClaims, type AccountState, type SignIn} from '../rules/sessionRules';
import {systemClock, type Clock} from './clock';
import {firebaseErrorCode, USER_DISABLED, USER_NOT_FOUND} from './firebaseAuth';
import {isServiceFailure, type IdentityService} from './identity';
import {SessionCache, type AccessEnded, type Session} from './sessionCache';
import {takeBack} from './accountClaims';
import {RateLimiter} from './rateLimiter';
import {SignOutLedger, type SignOutScope} from './signOuts';
import {normaliseEmail} from '../../contracts/email';
import {REFUSAL_WORDING, TOO_MANY_REQUESTS, type SessionRefusal, type SignOutAnswer} from '../../contracts/session';

export type {Session} from './sessionCache';

/** What the audit trail records; never a cookie or a token. */
export type AuditEvent =
  | {event: 'session-started'; uid: string; email: string | null; provider: string}
  | {event: 'session-refused'; reason: SessionRefusal | 'revoked' | 'signed-out'; uid: string; email: string | null}
  | {event: 'signed-out' | 'signed-out-everywhere'; uid: string; email: string | null; delayed?: true}
  /** An unverified account taken back before a sign-in link to its address was used (its other sign-in methods named). */
  | {event: 'account-taken-back'; uid: string; email: string; unlinked: string[]}
  | AccessEnded;

export interface SessionOptions {
  sessionMaxAgeMs: number;
  revocationCheckMs: number;
  /** How long past its re-check a verified session goes on while Firebase cannot be reached. */
  identityGraceMs: number;
  /** Every call to Firebase goes through it: deadline, and a record of outages. */
  identity: IdentityService;
  signInMaxAgeMs: number;
  /** New sessions one account may start per minute. */
  signInRatePerAccount: number;
  /** The reader policy in force now (the allowed-emails file can change under a running gate). */
  policy: () => ReaderPolicy;
  audit?: (event: AuditEvent) => void;
  /** Operator-facing warnings (a signed-out list that overflowed into a full revocation). */
  log: FastifyBaseLogger;
  /** Verified sessions kept in memory. */
  maxCachedSessions?: number;
  /** The system's clock unless a test brings its own. */
  clock?: Clock;
  /** How long after writing the signed-out list it is read back (see SignOutLedger). */
  signOutSettleMs: number;
  /** How often sign-outs Firebase could not take are tried again. */
  signOutRetryMs: number;
}

/** An ID token minted longer ago than this is not "fresh": the browser must ask for a new one. */
const FRESH_ID_TOKEN_MS = 5 * 60 * 1000;
/** How far ahead of this server's clock a token may say it was issued (clocks drift a little, never an hour). */
const MAX_CLOCK_SKEW_MS = 60 * 1000;

/**
 * How long a refusal of the reader policy is given again without asking Firebase, for the same account
 * as its token describes it (address, verified or not): a refused account that keeps posting costs one
 * look-up per period. A change of the reader list forgets them all.
 */
const REFUSAL_MEMORY_MS = 30 * 1000;

/**
 * Why a POST of an ID token starts no session: a sign-in that proves nothing, a refusal of the reader
 * policy, or an account that asked too often.
 */
export type SessionErrorCode =
  'invalid-id-token' | 'stale-id-token' | 'sign-in-too-old' | 'sign-in-ended' | typeof TOO_MANY_REQUESTS | SessionRefusal;

export class SessionError extends Error {
  constructor(
    readonly code: SessionErrorCode,
    message: string,
    /** For `too-many-requests`: how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

/** The account's state as the gate reads it at a check, through `identity`, or null when it no longer exists. */
export function accountLookup(auth: Auth, identity: IdentityService): (uid: string, signal?: AbortSignal) => Promise<AccountState | null> {
  return async (uid, signal) => {
    try {
      return accountState(await identity.call(() => auth.getUser(uid), signal));
    } catch (error) {
      if (firebaseErrorCode(error) === USER_NOT_FOUND) return null;
      throw error;
    }
  };
}

export class SessionAuthority {
  private readonly clock: Clock;
  private readonly cache: SessionCache;
  private readonly ledger: SignOutLedger;
  private readonly accounts: RateLimiter;
  /** The account's state now, or null when it no longer exists. */
  private readonly accountOf: (uid: string, signal?: AbortSignal) => Promise<AccountState | null>;
  /** Refusals given lately, by the account as its token describes it (see REFUSAL_MEMORY_MS). */
  private readonly refusals = new LRUCache<string, {reason: SessionRefusal; until: number}>({max: 10_000});

  constructor(
    private readonly auth: Auth,
    private readonly options: SessionOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.accountOf = accountLookup(auth, options.identity);
    this.cache = new SessionCache(auth, {
      ...options,
      clock: this.clock,
      accountOf: this.accountOf,
    });
    this.ledger = new SignOutLedger(auth, {
      identity: options.identity,
      accountOf: this.accountOf,
      onRevoked: (uid) => this.cache.forgetSessionsOf(uid),
      settleMs: options.signOutSettleMs,
      retryMs: options.signOutRetryMs,
      signInMaxAgeMs: options.signInMaxAgeMs,
      log: options.log,
      clock: this.clock,
    });
    this.accounts = new RateLimiter(options.signInRatePerAccount, this.clock);
  }

  /** Stops the sessions' background checks; finishes the sign-outs' read-backs that are due (see SignOutLedger.close). */
  close(): Promise<void> {
    this.cache.close();
    return this.ledger.close();
  }

  /** The session a cookie proves, or null (see SessionCache.verify). */
  verify(cookie: string | undefined, signal?: AbortSignal): Promise<Session | null> {
    return this.cache.verify(cookie, signal);
  }

  /** The session any of a request's session cookies proves, or null (see SessionCache.verifyAny). */
  verifyAny(cookies: readonly string[], signal?: AbortSignal): Promise<Session | null> {
    return this.cache.verifyAny(cookies, signal);
  }

  /**
   * Before a sign-in link to `email` is used: an unverified account of the address, which anyone could
   * have made with a password of their own, is taken back (rules/accountClaims.ts), so that the link's
   * proof of the mailbox lets nobody else in. Limited per address as new sessions are per account; throws
   * SessionError('too-many-requests') past it.
   */
  async prepareLinkSignIn(email: string): Promise<void> {
    const address = normaliseEmail(email);
    const wait = this.accounts.take(`address:${address}`);
    if (wait !== null) {
      throw new SessionError(TOO_MANY_REQUESTS, 'Too many sign-in links for this address in a short time; try again shortly.', wait);
    }
    let user: UserRecord;
    try {
      user = await this.options.identity.call(() => this.auth.getUserByEmail(address));
    } catch (error) {
      if (firebaseErrorCode(error) === USER_NOT_FOUND) return;
      throw error;
    }
    const account = readerAccountOf(user);
    const takeBackNow = takeBackOf(account);
    if (takeBackNow === null) return;
    await takeBack(this.auth, user.uid, takeBackNow.providersToUnlink, {
      call: (work) => this.options.identity.call(work),
      clock: this.clock,
    });
    this.cache.forgetSessionsOf(user.uid);
    this.options.audit?.({event: 'account-taken-back', uid: user.uid, email: address, unlinked: takeBackNow.providersToUnlink});
  }

  /** Drops cached sessions the policy no longer admits, without waiting for their re-check, and the refusals it may now undo. */
  applyPolicy(): void {
    this.cache.applyPolicy();
    this.refusals.clear();
  }

  /** A session cookie for a freshly minted ID token from a recent sign-in of an admitted reader. */
  async createSessionCookie(idToken: string): Promise<{cookie: string; maxAgeMs: number}> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.options.identity.call(() => this.auth.verifyIdToken(idToken));
    } catch (error) {
      if (isServiceFailure(error)) throw error;
      if (firebaseErrorCode(error) === USER_DISABLED) throw this.refuse('disabled', unverifiedClaims(idToken));
      throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    }
    const now = this.clock.now();
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
    const wait = this.accounts.take(decoded.uid);
    if (wait !== null) {
      throw new SessionError(TOO_MANY_REQUESTS, 'This account started too many sessions in a short time; try again shortly.', wait);
    }
    const described = `${decoded.uid}\0${decoded.email ?? ''}\0${decoded.email_verified === true}`;
    const refused = this.refusals.get(described);
    if (refused !== undefined && refused.until > now) {
      throw this.refuse(refused.reason, {uid: decoded.uid, email: decoded.email ?? null});
    }
    const state = await this.accountOf(decoded.uid);
    if (state === null) throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    const who = {uid: decoded.uid, email: state.account.email};
    // Every session minted from a sign-in's ID tokens is that sign-in's, and ends with it: once it
    // was revoked or signed out, its tokens still fresh start nothing, on any instance.
    const ending = sessionEnding(signInOf(decoded, state), state, this.options.policy());
    if (ending === 'revoked' || ending === 'signed-out') {
      this.options.audit?.({event: 'session-refused', reason: ending, ...who});
      throw new SessionError(
        'sign-in-ended',
        ending === 'revoked' ? 'This sign-in was revoked; sign in again.' : 'This sign-in has ended; sign in again.',
      );
    }
    if (ending !== null) {
      this.refusals.set(described, {reason: ending, until: now + REFUSAL_MEMORY_MS});
      throw this.refuse(ending, who);
    }
    const cookie = await this.options.identity.call(() =>
      this.auth.createSessionCookie(idToken, {expiresIn: this.options.sessionMaxAgeMs}),
    );
    this.options.audit?.({event: 'session-started', ...who, provider: decoded.firebase.sign_in_provider});
    return {cookie, maxAgeMs: this.options.sessionMaxAgeMs};
  }

  private refuse(reason: SessionRefusal, who: {uid: string; email: string | null}): SessionError {
    this.options.audit?.({event: 'session-refused', reason, ...who});
    return new SessionError(reason, REFUSAL_WORDING[reason]);
  }

  /**
   * Ends the sessions of these cookies on every instance: at once here, and on the others at their
   * next re-check, which finds the sign-in in the account's signed-out list. `everywhere` ends every
   * session of the reader instead (Firebase revocation). Only a session the gate would serve is
   * ended: a cookie already signed out (or revoked, or refused) signs nobody out again and writes
   * nothing in the reader's name. With Firebase unreachable the cookies are refused here at once,
   * and the rest is done when it answers again (`pending`). The answer's scope is what was ended (or
   * waits to be): `everywhere` only when every session of the reader was revoked, asked for or not.
   */
  async signOut(cookies: readonly string[], {everywhere = false} = {}): Promise<SignOutAnswer> {
    const answer: SignOutAnswer = {scope: 'session', pending: false};
    for (const cookie of this.cache.cookiesToCheck(cookies)) {
      this.cache.endHere(cookie);
      try {
        const scope = await this.endSignIn(cookie, everywhere, false);
        if (scope === 'everywhere') answer.scope = 'everywhere';
      } catch (error) {
        if (!isServiceFailure(error)) throw error;
        answer.pending = true;
        if (everywhere) answer.scope = 'everywhere';
        this.ledger.retryLater(async () => void (await this.endSignIn(cookie, everywhere, true)));
      }
    }
    return answer;
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
    return sessionEnding(signIn, state, this.options.policy()) === null ? signIn : null;
  }
}
