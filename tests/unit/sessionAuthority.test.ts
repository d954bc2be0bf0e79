import {describe, expect, it, vi} from 'vitest';
import {SessionAuthority, type AuditEvent} from '../../server/services/sessionAuthority';
import {SIGNED_OUT_CLAIM, signInIdOf} from '../../server/rules/sessionRules';
import type {ReaderPolicy} from '../../server/rules/readerPolicy';
import {IdentityService} from '../../server/services/identity';
import {capturedLog, silentLog} from '../support/log';
import {
  asAuth,
  authTimeSeconds,
  cookie,
  EXAMPLE_COM,
  FakeAuth,
  START_SECONDS,
  steppingClock,
  withReaders,
  type FakeUser,
} from '../support/fakeFirebaseAuth';

/**
 * The gate's session services together, as the routes use them: sign-in (ID token to session cookie),
 * sign-out (this cookie here at once, every instance through the account), over a fake Firebase. Which
 * session a cookie proves: sessionCache.test.ts; the signed-out list itself: signOutLedger.test.ts.
 */

/** How long after its write the ledger reads the signed-out list back, and how often it retries. */
const SETTLE_MS = 5;
const RETRY_MS = 7;

function setup({
  revocationCheckMs = 60_000,
  expiresInMs = 3_600_000,
  identityGraceMs = 0,
  firstWaitEndsEarlyMs = 0,
  signInRatePerAccount = 1000,
} = {}) {
  const {clock, waits, advance, now} = steppingClock({firstWaitEndsEarlyMs});
  const auth = withReaders(new FakeAuth(now() + expiresInMs));
  const audit: AuditEvent[] = [];
  const {log, lines: logLines} = capturedLog();
  let policy = EXAMPLE_COM;
  const authority = () =>
    new SessionAuthority(asAuth(auth), {
      sessionMaxAgeMs: 5 * 86_400_000,
      revocationCheckMs,
      identityGraceMs,
      identity: new IdentityService(1000, silentLog),
      signInMaxAgeMs: 14 * 86_400_000,
      signInRatePerAccount,
      maxCachedSessions: 100,
      policy: () => policy,
      audit: (event) => audit.push(event),
      log,
      clock,
      signOutSettleMs: SETTLE_MS,
      signOutRetryMs: RETRY_MS,
    });
  return {
    auth,
    sessions: authority(),
    /** Another gate instance over the same Firebase project. */
    otherInstance: authority(),
    audit,
    logLines,
    waits,
    advance,
    now,
    setPolicy: (next: ReaderPolicy) => (policy = next),
  };
}

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
