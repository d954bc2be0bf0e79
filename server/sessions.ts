/**
 * Firebase session cookies: minted from fresh ID tokens, verified on every request through a
 * bounded cache so that Firebase is asked at most once per revocation-check period per session.
 */
import {createHash} from 'node:crypto';
import {LRUCache} from 'lru-cache';
import type {Auth, DecodedIdToken} from 'firebase-admin/auth';

export interface Session {
  uid: string;
  email: string | null;
}

interface Verified {
  session: Session;
  checkedAt: number;
  expiresAt: number;
}

export interface SessionOptions {
  sessionMaxAgeMs: number;
  revocationCheckMs: number;
  signInMaxAgeMs: number;
  /** Verified sessions kept in memory. */
  maxCachedSessions?: number;
  now?: () => number;
}

/** An ID token minted longer ago than this is not "fresh": the browser must ask for a new one. */
const FRESH_ID_TOKEN_MS = 5 * 60 * 1000;
/** Rejected cookies are remembered briefly, so a flood of bad cookies cannot hammer Firebase. */
const REJECTED_TTL_MS = 30 * 1000;

export class SessionError extends Error {
  constructor(
    readonly code: 'invalid-id-token' | 'stale-id-token' | 'sign-in-too-old',
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

export class SessionAuthority {
  private readonly verified: LRUCache<string, Verified>;
  /** Cookie hash → time until which a refused cookie is not looked at again. */
  private readonly rejected: LRUCache<string, number>;
  private readonly inFlight = new Map<string, Promise<Session | null>>();
  private readonly now: () => number;

  constructor(
    private readonly auth: Auth,
    private readonly options: SessionOptions,
  ) {
    this.now = options.now ?? Date.now;
    const max = options.maxCachedSessions ?? 10_000;
    this.verified = new LRUCache({max});
    this.rejected = new LRUCache({max});
  }

  /** A session cookie for a freshly minted ID token from a recent sign-in. */
  async createSessionCookie(idToken: string): Promise<{cookie: string; maxAgeMs: number}> {
    let decoded: DecodedIdToken;
    try {
      // No revocation lookup here: a cookie minted from a revoked sign-in fails verify() anyway.
      decoded = await this.auth.verifyIdToken(idToken);
    } catch {
      throw new SessionError('invalid-id-token', 'The ID token is not valid.');
    }
    const now = this.now();
    if (now - decoded.iat * 1000 > FRESH_ID_TOKEN_MS) {
      throw new SessionError('stale-id-token', 'The ID token is too old; get a fresh one.');
    }
    if (now - decoded.auth_time * 1000 > this.options.signInMaxAgeMs) {
      throw new SessionError('sign-in-too-old', 'The sign-in is too old; sign in again.');
    }
    const cookie = await this.auth.createSessionCookie(idToken, {expiresIn: this.options.sessionMaxAgeMs});
    return {cookie, maxAgeMs: this.options.sessionMaxAgeMs};
  }

  /** The session a cookie proves, or null. */
  async verify(cookie: string | undefined): Promise<Session | null> {
    if (!cookie) return null;
    const key = createHash('sha256').update(cookie).digest('base64url');
    const now = this.now();
    const cached = this.verified.get(key);
    if (cached && now < cached.expiresAt && now - cached.checkedAt < this.options.revocationCheckMs) return cached.session;
    if ((this.rejected.get(key) ?? 0) > now) return null;
    // Concurrent requests of one reader share a single call to Firebase.
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.verifyWithFirebase(key, cookie).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Ends every session of a reader: Firebase refuses their cookies from now on. */
  async revokeAll(uid: string): Promise<void> {
    await this.auth.revokeRefreshTokens(uid);
    for (const [key, entry] of this.verified.entries()) {
      if (entry.session.uid === uid) this.verified.delete(key);
    }
  }

  forget(cookie: string): void {
    this.verified.delete(createHash('sha256').update(cookie).digest('base64url'));
  }

  private async verifyWithFirebase(key: string, cookie: string): Promise<Session | null> {
    try {
      const decoded = await this.auth.verifySessionCookie(cookie, true);
      const session = {uid: decoded.uid, email: decoded.email ?? null};
      // Never trusted past its own expiry.
      this.verified.set(key, {session, checkedAt: this.now(), expiresAt: decoded.exp * 1000});
      return session;
    } catch (error) {
      // Firebase unreachable: the reader is not let in, but the cookie is not blamed either.
      if (isServiceFailure(error)) throw error;
      this.rejected.set(key, this.now() + REJECTED_TTL_MS);
      this.verified.delete(key);
      return null;
    }
  }
}

/** Network and server faults, as opposed to a cookie Firebase looked at and refused. */
export function isServiceFailure(error: unknown): boolean {
  const code = (error as {code?: unknown} | null)?.code;
  return typeof code === 'string' && (code.startsWith('app/') || code === 'auth/internal-error');
}
