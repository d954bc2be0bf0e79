/**
 * Which session a cookie proves (SessionCache), over a fake Firebase on a clock the tests move: how
 * often Firebase is asked, what a re-check concludes and records, the grace of an outage, and which of
 * a request's cookies are worth a check. Signing in and out: sessionAuthority.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {cookiesToCheck, SessionCache, type AccessEnded} from '../../server/services/sessionCache';
import type {ReaderPolicy} from '../../server/rules/readerPolicy';
import {IdentityService, IdentityUnavailableError} from '../../server/services/identity';
import {silentLog} from '../support/log';
import {
  accountOfFake,
  asAuth,
  authTimeSeconds,
  cookie,
  EXAMPLE_COM,
  FakeAuth,
  manualClock,
  withReaders,
  type FakeUser,
} from '../support/fakeFirebaseAuth';

/** Every session's background check at the middle of REFRESH_WINDOW (0.675 of the period) unless `random` says otherwise. */
function setup({
  revocationCheckMs = 60_000,
  expiresInMs = 3_600_000,
  maxCachedSessions = 100,
  identityGraceMs = 0,
  random = (): number => 0.5,
} = {}) {
  const {clock, advance, now} = manualClock();
  const auth = withReaders(new FakeAuth(now() + expiresInMs));
  const audit: AccessEnded[] = [];
  const identity = new IdentityService(1000, silentLog);
  let policy = EXAMPLE_COM;
  const sessions = new SessionCache(asAuth(auth), {
    revocationCheckMs,
    identityGraceMs,
    sessionMaxAgeMs: 5 * 86_400_000,
    identity,
    policy: () => policy,
    accountOf: accountOfFake(auth, identity),
    audit: (event) => audit.push(event),
    maxCachedSessions,
    clock,
    random,
  });
  return {auth, sessions, audit, identity, advance, setPolicy: (next: ReaderPolicy) => (policy = next)};
}

describe('SessionCache.verify', () => {
  it('asks Firebase once, then trusts the cache until the re-check is due', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    expect(await sessions.verify(cookie('alice:1'))).toEqual({uid: 'alice', email: 'alice@example.com'});
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    // Before its background check (at 40.5 s).
    advance(40_000);
    expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
    expect(auth.calls).toBe(1);
    advance(21_000);
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

describe('SessionCache when a re-check falls due', () => {
  /** Lets a background check finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('answers a session in use from the cache until its background check, which ends it', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000});
    await sessions.verify(cookie('alice:1'));
    auth.users.get('alice')!.disabled = true;
    advance(40_000);
    const answers = await Promise.all(Array.from({length: 5}, () => sessions.verify(cookie('alice:1'))));
    expect(answers.map((session) => session?.uid)).toEqual(Array(answers.length).fill('alice'));
    await settle();
    expect(auth.calls).toBe(1);
    // Its time (40.5 s): checked once, with no request waiting for it.
    advance(1_000);
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

describe('SessionCache ahead of the re-check', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const readers = Array.from({length: 30}, (_, i) => cookie(`user${i}:1`));

  it('checks the sessions in use in the background before their period ends: past it, no request waits', async () => {
    // Each session's time of its own, as Math.random would spread them.
    let n = 0;
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, random: () => (n++ % 10) / 10});
    for (const reader of readers) await sessions.verify(reader);
    expect(auth.calls).toBe(readers.length);
    // A second at a time, the checks started in one ending before the next.
    for (let second = 0; second < 60; second += 1) {
      advance(1_000);
      await settle();
    }
    expect(auth.calls).toBe(2 * readers.length);
    const answers = await Promise.all(readers.map((reader) => sessions.verify(reader)));
    expect(answers.every((session) => session !== null)).toBe(true);
    expect(auth.calls).toBe(2 * readers.length);
  });

  it('runs at most 8 background checks at once, then the others', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    for (const reader of readers) await sessions.verify(reader);
    let release = () => {};
    auth.lookupGate = new Promise((resolve) => (release = resolve));
    advance(41_000);
    await settle();
    expect(auth.lookupsWaiting).toBe(8);
    auth.lookupGate = null;
    release();
    await settle();
    expect(auth.calls).toBe(2 * readers.length);
  });

  it('leaves an idle session alone: Firebase is asked when it is next used, and that request waits', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    await sessions.verify(cookie('alice:1'));
    advance(41_000);
    await settle();
    // Used before its background check, so checked then; not used since.
    expect(auth.calls).toBe(2);
    advance(60_000);
    await settle();
    expect(auth.calls).toBe(2);
    auth.users.get('alice')!.disabled = true;
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    expect(auth.calls).toBe(3);
  });

  it.each([0, 0.5, 0.999])(
    'ends within the period a session whose account is disabled just after its background check (jitter %s)',
    async (jitter) => {
      const {auth, sessions, advance} = setup({revocationCheckMs: 60_000, random: () => jitter});
      await sessions.verify(cookie('alice:1'));
      advance(52_000);
      await settle();
      expect(auth.calls).toBe(2);
      auth.users.get('alice')!.disabled = true;
      // Used again so that its next background check is due too; the change is seen by 60 s from now.
      expect(await sessions.verify(cookie('alice:1'))).not.toBeNull();
      advance(60_000);
      await settle();
      expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    },
  );

  it('starts no background check while Firebase cannot be reached, and serves within the grace as before', async () => {
    const {auth, sessions, identity, advance} = setup({revocationCheckMs: 60_000, identityGraceMs: 3_600_000});
    for (const reader of readers.slice(0, 3)) await sessions.verify(reader);
    auth.down = true;
    // The first background checks find the outage; no others start while it lasts.
    advance(41_000);
    await settle();
    expect(identity.status().reachable).toBe(false);
    const calls = auth.calls;
    advance(30_000);
    await settle();
    expect(auth.calls).toBe(calls);
    expect(await sessions.verify(readers[0])).not.toBeNull();
  });

  it('stops looking for due checks once closed', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    await sessions.verify(cookie('alice:1'));
    sessions.close();
    advance(59_000);
    await settle();
    expect(auth.calls).toBe(1);
  });
});

describe('SessionCache at the re-check', () => {
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

  it('admits a reader the policy refused as soon as a new policy lists them, while a cookie refused otherwise stays refused', async () => {
    const {auth, sessions, setPolicy} = setup({revocationCheckMs: 86_400_000});
    auth.addReader('carol', {email: 'carol@partner.test'});
    auth.users.get('mallory')!.disabled = true;
    expect(await sessions.verify(cookie('carol:1'))).toBeNull();
    expect(await sessions.verify(cookie('mallory:1'))).toBeNull();
    sessions.endHere(cookie('alice:1'));
    const calls = auth.calls;
    setPolicy({domains: new Set(['example.com']), emails: new Set(['carol@partner.test'])});
    sessions.applyPolicy();
    expect(await sessions.verify(cookie('carol:1'))).toEqual({uid: 'carol', email: 'carol@partner.test'});
    expect(await sessions.verify(cookie('mallory:1'))).toBeNull();
    expect(await sessions.verify(cookie('alice:1'))).toBeNull();
    // Only carol's cookie was looked at again.
    expect(auth.calls).toBe(calls + 1);
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
