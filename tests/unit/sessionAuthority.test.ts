import {describe, expect, it, vi} from 'vitest';
import type {Auth} from 'firebase-admin/auth';
import {SessionAuthority, type AuditEvent} from '../../server/services/sessionAuthority';
import {cookiesToCheck} from '../../server/services/sessionCache';
import {SIGNED_OUT_CLAIM, signInIdOf} from '../../server/rules/sessionRules';
import type {ReaderPolicy} from '../../server/rules/readerPolicy';
import {IdentityService, IdentityUnavailableError} from '../../server/services/identity';
import type {Clock} from '../../server/services/clock';
import {capturedLog, silentLog} from '../support/log';

interface FakeUser {
  email?: string;
  emailVerified: boolean;
  disabled: boolean;
  providerData: {providerId: string}[];
  tokensValidAfterTime?: string;
  customClaims?: Record<string, unknown>;
}

const authTimeSeconds = Math.floor(Date.now() / 1000) - 60;
/** Where each test's clock starts: a minute after the readers' sign-ins. */
const START_SECONDS = authTimeSeconds + 60;

/**
 * A session cookie of the fake below, named `uid:n` (the n-th sign-in of the reader; `uid:bad` is one
 * Firebase refuses outright). Shaped as a token that says it is not expired, as a real cookie is.
 */
function cookie(name: string): string {
  const claims = Buffer.from(JSON.stringify({name, exp: 4_102_444_800})).toString('base64url');
  return `fake.${claims}.`;
}

const nameOf = (cookie: string) => (JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as {name: string}).name;

/**
 * A stand-in for Firebase Auth that counts account look-ups: these tests are about when the gate
 * asks Firebase and what it concludes (the integration tests use the real emulator).
 */
class FakeAuth {
  calls = 0;
  down = false;
  /** Makes every claims write wait for this, to interleave two instances' read and write. */
  claimsGate: Promise<void> | null = null;
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

/** How long after its write the ledger reads the signed-out list back, and how often it retries. */
const SETTLE_MS = 5;
const RETRY_MS = 7;

const EXAMPLE_COM: ReaderPolicy = {domains: new Set(['example.com']), emails: new Set()};

function setup({
  revocationCheckMs = 60_000,
  expiresInMs = 3_600_000,
  maxCachedSessions = 100,
  identityGraceMs = 0,
  firstWaitEndsEarlyMs = 0,
  signInRatePerAccount = 1000,
} = {}) {
  let now = START_SECONDS * 1000;
  const auth = new FakeAuth(now + expiresInMs);
  const audit: AuditEvent[] = [];
  const {log, lines: logLines} = capturedLog();
  const waits: number[] = [];
  /**
   * Each timer ends on the event loop's next turn, and the clock then moves by what it waited for;
   * the first can end early, as a timer set late in an event loop's turn does.
   */
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
  let policy = EXAMPLE_COM;
  const authority = () =>
    new SessionAuthority(auth as unknown as Auth, {
      sessionMaxAgeMs: 5 * 86_400_000,
      revocationCheckMs,
      identityGraceMs,
      identity: new IdentityService(1000, silentLog),
      signInMaxAgeMs: 14 * 86_400_000,
      signInRatePerAccount,
      maxCachedSessions,
      policy: () => policy,
      audit: (event) => audit.push(event),
      log,
      clock,
      signOutSettleMs: SETTLE_MS,
      signOutRetryMs: RETRY_MS,
    });
  for (const uid of ['alice', 'bob', 'mallory', ...Array.from({length: 30}, (_, i) => `user${i}`)]) auth.addReader(uid);
  return {
    auth,
    sessions: authority(),
    /** Another gate instance over the same Firebase project. */
    otherInstance: authority(),
    audit,
    logLines,
    waits,
    advance: (ms: number) => (now += ms),
    now: () => now,
    setPolicy: (next: ReaderPolicy) => (policy = next),
  };
}

describe('SessionAuthority.verify', () => {
  it('asks Firebase once, then trusts the cache until the re-check is due', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    expect(await sessions.verify(cookie('alice:1'))).toEqual({uid: 'alice', email: 'alice@example.com'});
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    // Three quarters of the period: no background check yet.
    advance(44_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    expect(auth.calls).toBe(1);
    advance(17_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('never trusts a cached cookie past its expiry', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 86_400_000, expiresInMs: 10_000});
    await sessions.verify(cookie('alice:1'));
    advance(11_000);
    auth.users.get('alice')!.disabled = true;
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('shares one Firebase call between concurrent requests for a cookie', async () => {
    const {auth, sessions} = setup();
    const results = await Promise.all(Array.from({length: 20}, () => sessions.verify(cookie('alice:1'))));
    expect(results.map((session) => session?.uid)).toEqual(Array(results.length).fill('alice'));
    expect(auth.calls).toBe(1);
  });

  it('remembers a refused cookie briefly, so a flood of it does not reach Firebase', async () => {
    const {auth, sessions, advance} = setup();
    auth.users.get('mallory')!.disabled = true;
    for (let i = 0; i < 50; i += 1) expect(await sessions.verify(cookie('mallory:1'))).toBeNull();
    expect(auth.calls).toBe(1);
    advance(31_000);
    expect(await sessions.verify(cookie('mallory:1'))).toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('keeps at most maxCachedSessions entries, dropping the least recently used', async () => {
    const {auth, sessions} = setup({maxCachedSessions: 10});
    for (let i = 0; i < 30; i += 1) await sessions.verify(cookie(`user${i}:1`));
    auth.calls = 0;
    for (let i = 20; i < 30; i += 1) await sessions.verify(cookie(`user${i}:1`));
    expect(auth.calls).toBe(0);
    await sessions.verify(cookie('user0:1'));
    expect(auth.calls).toBe(1);
  });

  it('lets nobody in, and blames no cookie, while Firebase is unreachable', async () => {
    const {auth, sessions} = setup({revocationCheckMs: 0});
    auth.down = true;
    await expect(sessions.verify(cookie('alice:1'))).rejects.toBeInstanceOf(IdentityUnavailableError);
    auth.down = false;
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
  });

  it('treats no cookie as signed out without asking Firebase', async () => {
    const {auth, sessions} = setup();
    expect(await sessions.verify(undefined)).toBeNull();
    expect(await sessions.verify('')).toBeNull();
    expect(auth.calls).toBe(0);
  });
});

describe('SessionAuthority when a re-check falls due', () => {
  /** Lets a background check finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('late in the period, answers from the cache and checks once in the background', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000});
    await sessions.verify(cookie('alice:1'));
    advance(50_000);
    auth.users.get('alice')!.disabled = true;
    const answers = await Promise.all(Array.from({length: 5}, () => sessions.verify(cookie('alice:1'))));
    expect(answers.map((session) => session?.uid)).toEqual(Array(answers.length).fill('alice'));
    await settle();
    expect(auth.calls).toBe(2);
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
  });

  it('never answers from the cache once the period is over: a change made since takes effect within it', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000});
    await sessions.verify(cookie('alice:1'));
    auth.users.get('alice')!.disabled = true;
    advance(60_000);
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
  });

  it('keeps verified sessions going through an outage within the grace period, then refuses them', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000});
    await sessions.verify(cookie('alice:1'));
    auth.down = true;
    advance(61_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    await settle();
    advance(3_000_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    advance(600_000);
    await expect(sessions.verify(cookie('alice:1'))).rejects.toBeInstanceOf(IdentityUnavailableError);
    auth.down = false;
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
  });

  it('never serves a session past its own expiry, outage or not', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000, expiresInMs: 120_000});
    await sessions.verify(cookie('alice:1'));
    auth.down = true;
    advance(121_000);
    await expect(sessions.verify(cookie('alice:1'))).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('cannot judge a cookie it has never verified while Firebase is unreachable', async () => {
    const {auth, sessions} = setup({identityGraceMs: 3_600_000});
    auth.down = true;
    await expect(sessions.verify(cookie('bob:1'))).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});

describe('SessionAuthority at the re-check', () => {
  it.each([
    ['disabled', (user: FakeUser): unknown => (user.disabled = true)],
    ['email-not-verified', (user: FakeUser): unknown => (user.emailVerified = false)],
    ['not-allowed', (user: FakeUser): unknown => (user.email = 'alice@elsewhere.test')],
    ['revoked', (user: FakeUser): unknown => (user.tokensValidAfterTime = new Date((authTimeSeconds + 30) * 1000).toUTCString())],
  ] as const)('ends a session whose account became %s, and records why', async (reason, change) => {
    const {auth, sessions, audit, advance} = setup({revocationCheckMs: 60_000});
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    change(auth.users.get('alice')!);
    advance(30_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    advance(31_000);
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    // The account as it is now: after an address change, its new address.
    expect(audit).toContainEqual({event: 'access-ended', reason, uid: 'alice', email: auth.users.get('alice')!.email});
  });

  it('names the account as it is now when its session ends after an address change', async () => {
    const {auth, sessions, audit} = setup({revocationCheckMs: 0});
    await sessions.verify(cookie('alice:1'));
    auth.users.get('alice')!.email = 'alice@elsewhere.test';
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    expect(audit).toContainEqual({event: 'access-ended', reason: 'not-allowed', uid: 'alice', email: 'alice@elsewhere.test'});
  });

  it('ends the session of a deleted account', async () => {
    const {auth, sessions, audit} = setup({revocationCheckMs: 0});
    await sessions.verify(cookie('alice:1'));
    auth.users.delete('alice');
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    expect(audit).toContainEqual({event: 'access-ended', reason: 'deleted', uid: 'alice', email: 'alice@example.com'});
  });

  it('drops cached sessions the new policy refuses as soon as it changes, keeping the others', async () => {
    const {auth, sessions, audit, setPolicy} = setup({revocationCheckMs: 86_400_000});
    auth.addReader('carol', {email: 'carol@partner.test'});
    setPolicy({domains: new Set(['example.com']), emails: new Set(['carol@partner.test'])});
    await sessions.verify(cookie('alice:1'));
    await sessions.verify(cookie('carol:1'));
    setPolicy(EXAMPLE_COM);
    sessions.applyPolicy();
    expect(audit).toEqual([{event: 'access-ended', reason: 'not-allowed', uid: 'carol', email: 'carol@partner.test'}]);
    const calls = auth.calls;
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    expect(auth.calls).toBe(calls);
    expect(await sessions.verify(cookie('carol:1'))).toBeNull();
  });
});

describe('SessionAuthority.signOut', () => {
  it('ends that cookie at once here, at the next re-check on another instance, and no other cookie', async () => {
    const {auth, sessions, otherInstance, audit, advance} = setup({revocationCheckMs: 60_000});
    for (const authority of [sessions, otherInstance]) {
      expect(await authority.verify(cookie('alice:1'))).not.toBeNull();
      expect(await authority.verify(cookie('alice:2'))).not.toBeNull();
    }
    await sessions.signOut([cookie('alice:1')]);
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    expect(Object.keys(auth.users.get('alice')!.customClaims![SIGNED_OUT_CLAIM] as object)).toHaveLength(1);
    expect(await otherInstance.verify(cookie('alice:1'))).not.toBeNull();
    advance(61_000);
    expect(await otherInstance.verify(cookie('alice:1'))).toBeNull();
    expect(await otherInstance.verify(cookie('alice:2'))).not.toBeNull();
    expect(await sessions.verify(cookie('alice:2'))).not.toBeNull();
    expect(audit).toContainEqual({event: 'signed-out', uid: 'alice', email: 'alice@example.com'});
  });

  it('keeps other custom claims, and drops expired entries of the list', async () => {
    const {auth, sessions} = setup();
    auth.users.get('alice')!.customClaims = {role: 'editor', [SIGNED_OUT_CLAIM]: {old: 1, current: 9_999_999_999}};
    await sessions.signOut([cookie('alice:1')]);
    const claims = auth.users.get('alice')!.customClaims!;
    expect(claims.role).toBe('editor');
    expect(Object.keys(claims[SIGNED_OUT_CLAIM] as object)).toEqual(['current', expect.any(String)]);
    expect(claims[SIGNED_OUT_CLAIM]).not.toHaveProperty('old');
  });

  it('revokes every session of the reader when the signed-out list is full, and says so', async () => {
    const {auth, sessions, otherInstance, logLines} = setup({revocationCheckMs: 0});
    const full = Object.fromEntries(Array.from({length: 60}, (_, i) => [`cookie-id-${i}`.padEnd(16, 'x'), 9_999_999_999]));
    auth.users.get('alice')!.customClaims = {[SIGNED_OUT_CLAIM]: full};
    await sessions.signOut([cookie('alice:1')]);
    expect(logLines).toEqual([
      {level: 'warn', uid: 'alice', msg: "The reader's signed-out list is full: all their sessions were revoked instead"},
    ]);
    expect(auth.users.get('alice')!.tokensValidAfterTime).toBeDefined();
    expect(await otherInstance.verify(cookie('alice:2'))).toBeNull();
  });

  it('"everywhere" waits for the next whole second, then ends every session of the reader', async () => {
    const {auth, sessions, otherInstance, waits, audit} = setup({revocationCheckMs: 0});
    await sessions.verify(cookie('alice:2'));
    await sessions.signOut([cookie('alice:1')], {everywhere: true});
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(auth.users.get('alice')!.tokensValidAfterTime).toBeDefined();
    expect(await sessions.verify(cookie('alice:2'))).toBeNull();
    expect(await otherInstance.verify(cookie('alice:1'))).toBeNull();
    expect(await sessions.verify(cookie('bob:1'))).not.toBeNull();
    expect(audit).toContainEqual({event: 'signed-out-everywhere', uid: 'alice', email: 'alice@example.com'});
  });

  it('"everywhere" revokes only once the clock is in the next second, also when its timer ends early', async () => {
    const {auth, sessions, waits, now} = setup({revocationCheckMs: 0, firstWaitEndsEarlyMs: 30});
    const revokedAt: number[] = [];
    const revoke = auth.revokeRefreshTokens.bind(auth);
    auth.revokeRefreshTokens = async (uid) => {
      revokedAt.push(now());
      await revoke(uid);
    };
    await sessions.signOut([cookie('alice:1')], {everywhere: true});
    expect(waits).toEqual([1000, 30]);
    expect(revokedAt).toEqual([(START_SECONDS + 1) * 1000]);
  });

  it('ends the session of a deleted account, "everywhere" or not, without an error', async () => {
    const {auth, sessions} = setup();
    await sessions.verify(cookie('alice:1'));
    auth.users.delete('alice');
    // Nothing left to revoke: only this browser's cookie ended.
    await expect(sessions.signOut([cookie('alice:1')], {everywhere: true})).resolves.toEqual({scope: 'session', pending: false});
    await expect(sessions.signOut([cookie('alice:2')])).resolves.toEqual({scope: 'session', pending: false});
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
  });

  it('answers "session" when "everywhere" is asked with a cookie already signed out: it revoked nothing', async () => {
    const {auth, sessions} = setup({revocationCheckMs: 0});
    await sessions.signOut([cookie('alice:1')]);
    await expect(sessions.signOut([cookie('alice:1')], {everywhere: true})).resolves.toEqual({scope: 'session', pending: false});
    expect(auth.users.get('alice')!.tokensValidAfterTime).toBeUndefined();
  });

  it('does nothing for a cookie Firebase refuses', async () => {
    const {auth, sessions, audit} = setup();
    await sessions.signOut([cookie('alice:bad')]);
    expect(auth.calls).toBe(0);
    expect(audit).toEqual([]);
  });
});

describe('SessionAuthority.signOut across instances and outages', () => {
  const listOf = (auth: FakeAuth, uid = 'alice') => Object.keys((auth.users.get(uid)!.customClaims ?? {})[SIGNED_OUT_CLAIM] ?? {});

  it('loses no sign-out when two instances write the list at the same moment', async () => {
    const {auth, sessions, otherInstance} = setup({revocationCheckMs: 0});
    // Both read the empty list before either writes: the second write drops the first entry.
    let release!: () => void;
    auth.claimsGate = new Promise((resolve) => (release = resolve));
    const both = Promise.all([sessions.signOut([cookie('alice:1')]), otherInstance.signOut([cookie('alice:2')])]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    auth.claimsGate = null;
    await both;
    await vi.waitFor(() => expect(listOf(auth)).toHaveLength(2));
    for (const authority of [sessions, otherInstance]) {
      for (const signedOut of [cookie('alice:1'), cookie('alice:2')]) expect(await authority.verify(signedOut)).toBeNull();
    }
    expect(await sessions.verify(cookie('alice:3'))).not.toBeNull();
  });

  it('writes an entry a concurrent write dropped again when the instance stops before its read-back is due', async () => {
    const {auth, sessions, otherInstance, logLines} = setup({revocationCheckMs: 0});
    await sessions.signOut([cookie('alice:1')]);
    // Another instance's write, made from the list it read before this one's entry: the entry is gone.
    auth.users.get('alice')!.customClaims = {[SIGNED_OUT_CLAIM]: {}};
    await sessions.close();
    expect(listOf(auth)).toEqual([signInIdOf('alice', authTimeSeconds + 1)]);
    expect(await otherInstance.verify(cookie('alice:1'))).toBeNull();
    expect(logLines).toEqual([]);
  });

  it('counts a read-back it could not finish at shutdown among the sign-outs lost with the instance', async () => {
    const {auth, sessions, logLines} = setup({revocationCheckMs: 0});
    await sessions.signOut([cookie('alice:1')]);
    auth.down = true;
    await sessions.close();
    expect(logLines).toEqual([
      {level: 'warn', waiting: 1, msg: 'Sign-outs still waiting for the identity service are lost with this instance'},
    ]);
  });

  it('refuses the cookie here at once while Firebase is unreachable, and finishes the sign-out once it answers', async () => {
    const {auth, sessions, otherInstance, audit} = setup({revocationCheckMs: 0});
    expect(await otherInstance.verify(cookie('alice:1'))).not.toBeNull();
    auth.down = true;
    expect(await sessions.signOut([cookie('alice:1')])).toEqual({scope: 'session', pending: true});
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    auth.down = false;
    await vi.waitFor(() => expect(listOf(auth)).toHaveLength(1));
    expect(await otherInstance.verify(cookie('alice:1'))).toBeNull();
    expect(audit).toContainEqual({event: 'signed-out', uid: 'alice', email: 'alice@example.com', delayed: true});
  });

  it('ends every sign-in once Firebase answers, when "everywhere" was asked during an outage', async () => {
    const {auth, sessions, otherInstance} = setup({revocationCheckMs: 0});
    auth.down = true;
    expect(await sessions.signOut([cookie('alice:1')], {everywhere: true})).toEqual({scope: 'everywhere', pending: true});
    auth.down = false;
    await vi.waitFor(() => expect(auth.users.get('alice')!.tokensValidAfterTime).toBeDefined());
    expect(await otherInstance.verify(cookie('alice:2'))).toBeNull();
  });

  it('empties a full list when it revokes instead, so the next sign-out ends one session again, and says it ended all', async () => {
    const {auth, sessions} = setup({revocationCheckMs: 0});
    const full = Object.fromEntries(Array.from({length: 60}, (_, i) => [`id-${i}`.padEnd(10, 'x'), 9_999_999_999]));
    auth.users.get('alice')!.customClaims = {role: 'editor', [SIGNED_OUT_CLAIM]: full};
    expect(await sessions.signOut([cookie('alice:1')])).toEqual({scope: 'everywhere', pending: false});
    expect(auth.users.get('alice')!.customClaims).toEqual({role: 'editor'});
    // A sign-in made after the revocation.
    auth.users.get('alice')!.tokensValidAfterTime = new Date((authTimeSeconds + 5) * 1000).toUTCString();
    expect(await sessions.signOut([cookie('alice:9')])).toEqual({scope: 'session', pending: false});
    expect(listOf(auth)).toHaveLength(1);
    expect(await sessions.verify(cookie('alice:10'))).not.toBeNull();
  });

  it('times the read-back of the list and the retries by its own clock', async () => {
    const {auth, sessions, waits} = setup({revocationCheckMs: 0});
    await sessions.signOut([cookie('alice:1')]);
    expect(waits).toEqual([SETTLE_MS]);
    auth.down = true;
    expect(await sessions.signOut([cookie('alice:2')])).toEqual({scope: 'session', pending: true});
    expect(waits).toContain(RETRY_MS);
    auth.down = false;
    await vi.waitFor(() => expect(listOf(auth)).toHaveLength(2));
  });

  it("finds the reader's cookie behind any number of planted ones, and signs it out", async () => {
    const {sessions} = setup({revocationCheckMs: 0});
    const planted = Array.from({length: 12}, (_, i) => cookie(`planted${i}:bad`));
    expect(await sessions.verifyAny([...planted, cookie('alice:1')])).toEqual({uid: 'alice', email: 'alice@example.com'});
    await sessions.signOut([...planted, cookie('alice:1')]);
    expect(await sessions.verifyAny([cookie('alice:1')])).toBeNull();
  });

  it('accepts a request when any of its session cookies verifies, and signs each of them out', async () => {
    const {sessions} = setup({revocationCheckMs: 0});
    expect(await sessions.verifyAny([cookie('mallory:bad'), cookie('alice:1')])).toEqual({uid: 'alice', email: 'alice@example.com'});
    expect(await sessions.verifyAny([cookie('mallory:bad')])).toBeNull();
    await sessions.signOut([cookie('mallory:bad'), cookie('alice:1')]);
    expect(await sessions.verifyAny([cookie('mallory:bad'), cookie('alice:1')])).toBeNull();
  });
});

describe('SessionAuthority.createSessionCookie', () => {
  it.each<[string, Partial<FakeUser>]>([
    ['not-allowed', {email: 'alice@elsewhere.test'}],
    ['email-not-verified', {emailVerified: false}],
    ['anonymous', {email: undefined, providerData: []}],
    ['disabled', {disabled: true}],
  ])('refuses a sign-in the policy does not admit (%s), and records it', async (reason, account) => {
    const {auth, sessions, audit} = setup();
    auth.addReader('alice', account);
    const refusal = await sessions.createSessionCookie('alice:token').catch((error: unknown) => error);
    expect(refusal).toMatchObject({code: reason});
    expect(audit).toEqual([expect.objectContaining({event: 'session-refused', reason, uid: 'alice'})]);
  });

  it('answers a refused account from memory for a while, and asks Firebase again after it or once the reader list changes', async () => {
    const {auth, sessions, advance, setPolicy} = setup();
    auth.addReader('alice', {email: 'alice@elsewhere.test'});
    const attempt = () =>
      sessions.createSessionCookie('alice:token').then(
        ({cookie}) => cookie,
        (error: unknown) => (error as {code: string}).code,
      );
    for (let i = 0; i < 5; i += 1) expect(await attempt()).toBe('not-allowed');
    expect(auth.calls).toBe(1);
    advance(31_000);
    expect(await attempt()).toBe('not-allowed');
    expect(auth.calls).toBe(2);
    setPolicy({domains: new Set(['example.com', 'elsewhere.test']), emails: new Set()});
    sessions.applyPolicy();
    expect(await attempt()).toBe('alice:token:session');
  });

  it('refuses an account that starts more sessions a minute than allowed, saying how long to wait', async () => {
    const {auth, sessions, advance} = setup({signInRatePerAccount: 3});
    for (let i = 0; i < 3; i += 1) await sessions.createSessionCookie('alice:token');
    await expect(sessions.createSessionCookie('alice:token')).rejects.toMatchObject({code: 'too-many-requests', retryAfterMs: 20_000});
    const calls = auth.calls;
    // Another account is not held back, and the account may go on once its wait is over.
    await expect(sessions.createSessionCookie('bob:token')).resolves.toBeDefined();
    advance(20_000);
    await expect(sessions.createSessionCookie('alice:token')).resolves.toBeDefined();
    expect(auth.calls).toBe(calls + 2);
  });

  it('starts a session for an admitted reader, and records the provider', async () => {
    const {sessions, audit} = setup();
    expect(await sessions.createSessionCookie('alice:token')).toEqual({cookie: 'alice:token:session', maxAgeMs: 5 * 86_400_000});
    expect(audit).toEqual([{event: 'session-started', uid: 'alice', email: 'alice@example.com', provider: 'password'}]);
  });
  it('starts no session from an ID token of a sign-in that was signed out, on any instance', async () => {
    const {sessions, otherInstance} = setup({revocationCheckMs: 0});
    const token = `alice:token:${authTimeSeconds + 1}:${START_SECONDS}`;
    await sessions.createSessionCookie(token);
    await sessions.signOut([cookie('alice:1')]);
    for (const authority of [sessions, otherInstance]) {
      await expect(authority.createSessionCookie(token)).rejects.toMatchObject({code: 'sign-in-ended'});
    }
    await expect(otherInstance.createSessionCookie(`alice:token:${authTimeSeconds + 2}:${START_SECONDS}`)).resolves.toBeDefined();
  });

  it('starts no session from a signed-out sign-in after its cookie expired, while sign-ins of that age are accepted', async () => {
    // Cookies live an hour; sign-ins are accepted for 14 days.
    const {sessions, advance} = setup({revocationCheckMs: 0, expiresInMs: 3_600_000});
    await sessions.signOut([cookie('alice:1')]);
    advance(2 * 3_600_000);
    // Another sign-out prunes what has expired from the list.
    await sessions.signOut([cookie('alice:2')]);
    const nowSeconds = START_SECONDS + 2 * 3600;
    await expect(sessions.createSessionCookie(`alice:token:${authTimeSeconds + 1}:${nowSeconds}`)).rejects.toMatchObject({
      code: 'sign-in-ended',
    });
    await expect(sessions.createSessionCookie(`alice:token:${authTimeSeconds + 3}:${nowSeconds}`)).resolves.toBeDefined();
  });

  it.each([
    ['issued an hour ahead', `alice:token:${START_SECONDS}:${START_SECONDS + 3600}`],
    ['signed in an hour ahead', `alice:token:${START_SECONDS + 3600}:${START_SECONDS}`],
  ])('refuses an ID token %s of this clock', async (_name, token) => {
    const {sessions} = setup();
    await expect(sessions.createSessionCookie(token)).rejects.toMatchObject({code: 'invalid-id-token'});
  });

  it('allows a token a few seconds ahead of this clock', async () => {
    const {sessions} = setup();
    await expect(sessions.createSessionCookie(`alice:token:${START_SECONDS}:${START_SECONDS + 5}`)).resolves.toBeDefined();
  });
});

describe('signInIdOf', () => {
  it('names one sign-in of one account, shortly', () => {
    const ids = [signInIdOf('alice', 100), signInIdOf('alice', 101), signInIdOf('bob', 100), signInIdOf('alice1', 0)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(signInIdOf('alice', 100)).toBe(ids[0]);
    for (const id of ids) expect(id).toMatch(/^[\w-]{10}$/);
  });
});

describe('cookiesToCheck', () => {
  const NOW_MS = 1_700_000_000_000;
  const token = (exp: unknown) => `h.${Buffer.from(JSON.stringify({exp})).toString('base64url')}.s`;
  const live = token(NOW_MS / 1000 + 60);
  const verified = token(NOW_MS / 1000 + 120);
  const expired = token(NOW_MS / 1000 - 1);

  it.each<[string, string[], string[]]>([
    ['nothing', [], []],
    ['a live token', [live], [live]],
    // The one this instance verified first, however late it comes.
    ['a verified token behind others', [live, expired, verified], [verified, live]],
    // Nothing a check could find live: not a token, no expiry, past it.
    ['what cannot be a live session', ['x', 'a.b.c', token('soon'), token(null), expired], []],
    ['the same value twice, once', [live, live], [live]],
  ])('%s', (_name, cookies, expected) => {
    expect(cookiesToCheck(cookies, (cookie) => cookie === verified, NOW_MS)).toEqual(expected);
  });
});
