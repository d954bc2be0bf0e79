/**
 * Firebase Auth as the session services see it, in memory, for their unit tests: accounts, session
 * cookies named after the sign-in they prove, an outage switch, and clocks the tests move.
 */
import type {Auth} from 'firebase-admin/auth';
import type {IdentityService} from '../../server/services/identity';
import type {Clock, Timer} from '../../server/services/clock';
import type {AccountState} from '../../server/rules/sessionRules';
import {accountLookup} from '../../server/services/sessionAuthority';
import type {ReaderPolicy} from '../../server/rules/readerPolicy';

export interface FakeUser {
  email?: string;
  emailVerified: boolean;
  disabled: boolean;
  providerData: {providerId: string}[];
  tokensValidAfterTime?: string;
  customClaims?: Record<string, unknown>;
}

export const authTimeSeconds = Math.floor(Date.now() / 1000) - 60;
/** Where each test's clock starts: a minute after the readers' sign-ins. */
export const START_SECONDS = authTimeSeconds + 60;

/**
 * A session cookie of the fake below, named `uid:n` (the n-th sign-in of the reader; `uid:bad` is one
 * Firebase refuses outright). Shaped as a token that says it is not expired, as a real cookie is.
 */
export function cookie(name: string): string {
  const claims = Buffer.from(JSON.stringify({name, exp: 4_102_444_800})).toString('base64url');
  return `fake.${claims}.`;
}

const nameOf = (cookie: string) => (JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as {name: string}).name;

/**
 * A stand-in for Firebase Auth that counts account look-ups: these tests are about when the gate
 * asks Firebase and what it concludes (the integration tests use the real emulator).
 */
export class FakeAuth {
  calls = 0;
  down = false;
  /** Makes every claims write wait for this, to interleave two instances' read and write. */
  claimsGate: Promise<void> | null = null;
  /** Makes every account look-up wait for this; `lookupsWaiting` counts those that do. */
  lookupGate: Promise<void> | null = null;
  lookupsWaiting = 0;
  readonly users = new Map<string, FakeUser>();
  constructor(private readonly expiresAt: number) {}

  addReader(uid: string, overrides: Partial<FakeUser> = {}) {
    this.users.set(uid, {
      email: `${uid}@example.com`,
      emailVerified: true,
      disabled: false,
      providerData: [{providerId: 'password'}],
      ...overrides,
    });
  }

  async verifySessionCookie(cookie: string) {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), {code: 'app/network-error'});
    const name = nameOf(cookie);
    if (name.endsWith(':bad')) throw Object.assign(new Error('refused'), {code: 'auth/argument-error'});
    const [uid, n] = name.split(':') as [string, string];
    return {uid, email: `${uid}@example.com`, exp: this.expiresAt / 1000, auth_time: authTimeSeconds + (Number(n) || 0)};
  }

  /** `uid:token`, or `uid:token:<auth_time>:<iat>` for a token of a given sign-in and age. */
  async verifyIdToken(token: string) {
    const [uid, , authTime, iat] = token.split(':') as [string, string, string?, string?];
    const nowSeconds = START_SECONDS;
    return {
      uid,
      iat: iat === undefined ? nowSeconds : Number(iat),
      auth_time: authTime === undefined ? nowSeconds : Number(authTime),
      firebase: {sign_in_provider: 'password'},
    };
  }

  async createSessionCookie(token: string) {
    return `${token}:session`;
  }

  async getUser(uid: string) {
    this.calls += 1;
    if (this.lookupGate) {
      this.lookupsWaiting += 1;
      await this.lookupGate;
      this.lookupsWaiting -= 1;
    }
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), {code: 'app/network-error'});
    const user = this.users.get(uid);
    if (!user) throw Object.assign(new Error('no user'), {code: 'auth/user-not-found'});
    return structuredClone(user);
  }

  async revokeRefreshTokens(uid: string) {
    const user = this.users.get(uid);
    if (!user) throw Object.assign(new Error('no user'), {code: 'auth/user-not-found'});
    user.tokensValidAfterTime = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString();
  }

  async setCustomUserClaims(uid: string, claims: Record<string, unknown>) {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), {code: 'app/network-error'});
    await this.claimsGate;
    this.users.get(uid)!.customClaims = claims;
  }
}

/** The fake as the services take it. */
export const asAuth = (auth: FakeAuth) => auth as unknown as Auth;

/** The account's state as the gate reads it at a check (SessionAuthority's own look-up), over the fake. */
export function accountOfFake(
  auth: FakeAuth,
  identity: IdentityService,
): (uid: string, signal?: AbortSignal) => Promise<AccountState | null> {
  return accountLookup(asAuth(auth), identity);
}

export const EXAMPLE_COM: ReaderPolicy = {domains: new Set(['example.com']), emails: new Set()};

/** The readers every test starts with: alice, bob, mallory and user0…user29, all of example.com. */
export function withReaders(auth: FakeAuth): FakeAuth {
  for (const uid of ['alice', 'bob', 'mallory', ...Array.from({length: 30}, (_, i) => `user${i}`)]) auth.addReader(uid);
  return auth;
}

/**
 * A clock that starts at START_SECONDS and moves only when told, or when one of its timers ends: each
 * timer ends on the event loop's next turn, and the clock then moves by what it waited for. The first
 * can end `firstWaitEndsEarlyMs` early, as a timer set late in an event loop's turn does.
 */
export function steppingClock({firstWaitEndsEarlyMs = 0} = {}) {
  let now = START_SECONDS * 1000;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const step = ms - (waits.length === 0 ? firstWaitEndsEarlyMs : 0);
      waits.push(ms);
      return setTimeout(() => {
        now += step;
        callback();
      }, 0);
    },
    clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  };
  return {clock, waits, advance: (ms: number) => (now += ms), now: () => now};
}

/**
 * A clock that starts at START_SECONDS and moves only when told: `advance` runs the timers that fall
 * due on the way, in order, each at its own time.
 */
export function manualClock() {
  let now = START_SECONDS * 1000;
  let nextId = 0;
  const timers = new Map<number, {at: number; callback: () => void}>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, {at: now + ms, callback});
      return {id, unref: () => undefined} as Timer;
    },
    clearTimeout: (timer) => void timers.delete((timer as Timer & {id: number}).id),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const [id, timer] = [...timers].filter(([, {at}]) => at <= end).sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
      if (id === undefined || !timer) break;
      timers.delete(id);
      now = Math.max(now, timer.at);
      timer.callback();
    }
    now = end;
  };
  return {clock, advance, now: () => now};
}
