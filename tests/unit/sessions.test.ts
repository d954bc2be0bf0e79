import {describe, expect, it} from 'vitest';
import type {Auth} from 'firebase-admin/auth';
import {SessionAuthority} from '../../server/sessions';

/**
 * A stand-in for Firebase Auth that counts calls: these tests are about when the cache asks
 * Firebase, not about what Firebase answers (the integration tests use the real emulator).
 */
class CountingAuth {
  calls = 0;
  revoked = new Set<string>();
  down = false;
  constructor(private readonly expiresAt: number) {}

  async verifySessionCookie(cookie: string) {
    this.calls += 1;
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), {code: 'app/network-error'});
    const uid = cookie.split(':')[0]!;
    if (cookie.endsWith(':bad') || this.revoked.has(uid)) throw Object.assign(new Error('refused'), {code: 'auth/session-cookie-revoked'});
    return {uid, email: `${uid}@example.com`, exp: this.expiresAt / 1000};
  }

  async revokeRefreshTokens(uid: string) {
    this.revoked.add(uid);
  }
}

function setup({revocationCheckMs = 60_000, expiresInMs = 3_600_000, maxCachedSessions = 100} = {}) {
  let now = 1_000_000;
  const auth = new CountingAuth(now + expiresInMs);
  const sessions = new SessionAuthority(auth as unknown as Auth, {
    sessionMaxAgeMs: 5 * 86_400_000,
    revocationCheckMs,
    signInMaxAgeMs: 14 * 86_400_000,
    maxCachedSessions,
    now: () => now,
  });
  return {auth, sessions, advance: (ms: number) => (now += ms)};
}

describe('SessionAuthority.verify', () => {
  it('asks Firebase once, then trusts the cache until the revocation check is due', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    expect(await sessions.verify('alice:1')).toEqual({uid: 'alice', email: 'alice@example.com'});
    expect(await sessions.verify('alice:1')).not.toBeNull();
    advance(59_000);
    expect(await sessions.verify('alice:1')).not.toBeNull();
    expect(auth.calls).toBe(1);
    advance(2_000);
    expect(await sessions.verify('alice:1')).not.toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('never trusts a cached cookie past its expiry', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 86_400_000, expiresInMs: 10_000});
    await sessions.verify('alice:1');
    advance(11_000);
    auth.revoked.add('alice');
    expect(await sessions.verify('alice:1')).toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('shares one Firebase call between concurrent requests for a cookie', async () => {
    const {auth, sessions} = setup();
    const results = await Promise.all(Array.from({length: 20}, () => sessions.verify('alice:1')));
    expect(results.every((session) => session?.uid === 'alice')).toBe(true);
    expect(auth.calls).toBe(1);
  });

  it('remembers a refused cookie briefly, so a flood of it does not reach Firebase', async () => {
    const {auth, sessions, advance} = setup();
    for (let i = 0; i < 50; i += 1) expect(await sessions.verify('mallory:bad')).toBeNull();
    expect(auth.calls).toBe(1);
    advance(31_000);
    expect(await sessions.verify('mallory:bad')).toBeNull();
    expect(auth.calls).toBe(2);
  });

  it('sees a revocation at the next check, and at once on the instance that revoked', async () => {
    const {auth, sessions, advance} = setup({revocationCheckMs: 60_000});
    await sessions.verify('alice:1');
    await sessions.verify('alice:2');
    await sessions.revokeAll('alice');
    expect(await sessions.verify('alice:1')).toBeNull();
    expect(await sessions.verify('alice:2')).toBeNull();
    advance(1);
    expect(auth.calls).toBe(4);
  });

  it('keeps at most maxCachedSessions entries, dropping the least recently used', async () => {
    const {auth, sessions} = setup({maxCachedSessions: 10});
    for (let i = 0; i < 30; i += 1) await sessions.verify(`user${i}:1`);
    auth.calls = 0;
    for (let i = 20; i < 30; i += 1) await sessions.verify(`user${i}:1`);
    expect(auth.calls).toBe(0);
    await sessions.verify('user0:1');
    expect(auth.calls).toBe(1);
  });

  it('lets nobody in, and blames no cookie, while Firebase is unreachable', async () => {
    const {auth, sessions} = setup({revocationCheckMs: 0});
    auth.down = true;
    await expect(sessions.verify('alice:1')).rejects.toMatchObject({code: 'app/network-error'});
    auth.down = false;
    expect(await sessions.verify('alice:1')).not.toBeNull();
  });

  it('treats no cookie as signed out without asking Firebase', async () => {
    const {auth, sessions} = setup();
    expect(await sessions.verify(undefined)).toBeNull();
    expect(await sessions.verify('')).toBeNull();
    expect(auth.calls).toBe(0);
  });
});
