/**
 * The signed-out list in Firebase (SignOutLedger), over a fake Firebase on a clock the tests move:
 * what one sign-out writes, two instances writing at once, a full list, "everywhere" and Firebase's
 * whole seconds, and work kept for when Firebase answers again. The sign-out route's half (this cookie
 * refused here at once, the audit line, the answer): sessionAuthority.test.ts.
 */
import {describe, expect, it, vi} from 'vitest';
import {SignOutLedger} from '../../server/services/signOuts';
import {SIGNED_OUT_CLAIM, signInIdOf, type SignIn} from '../../server/rules/sessionRules';
import {IdentityService} from '../../server/services/identity';
import {capturedLog, silentLog} from '../support/log';
import {accountOfFake, asAuth, authTimeSeconds, FakeAuth, START_SECONDS, steppingClock, withReaders} from '../support/fakeFirebaseAuth';

const SETTLE_MS = 5;
const RETRY_MS = 7;
const HOUR_SECONDS = 3600;

function setup({firstWaitEndsEarlyMs = 0} = {}) {
  const {clock, waits, now} = steppingClock({firstWaitEndsEarlyMs});
  const auth = withReaders(new FakeAuth(now() + HOUR_SECONDS * 1000));
  const identity = new IdentityService(1000, silentLog);
  const {log, lines: logLines} = capturedLog();
  const revoked: string[] = [];
  const ledger = () =>
    new SignOutLedger(asAuth(auth), {
      identity,
      accountOf: accountOfFake(auth, identity),
      onRevoked: (uid) => revoked.push(uid),
      settleMs: SETTLE_MS,
      retryMs: RETRY_MS,
      signInMaxAgeMs: 14 * 86_400_000,
      log,
      clock,
    });
  return {auth, ledger: ledger(), otherInstance: ledger(), waits, now, logLines, revoked};
}

/** The n-th sign-in of `uid`, as its cookie proves it. */
function signIn(uid: string, n: number): SignIn {
  const authTime = authTimeSeconds + n;
  return {
    uid,
    email: `${uid}@example.com`,
    signInId: signInIdOf(uid, authTime),
    authTimeSeconds: authTime,
    expiresAtSeconds: START_SECONDS + HOUR_SECONDS,
  };
}

const listOf = (auth: FakeAuth, uid = 'alice') => Object.keys((auth.users.get(uid)!.customClaims ?? {})[SIGNED_OUT_CLAIM] ?? {});

/** A signed-out list that has no room for another entry (Firebase's 1000 characters of claims). */
const fullList = () => Object.fromEntries(Array.from({length: 60}, (_, i) => [`id-${i}`.padEnd(16, 'x'), 9_999_999_999]));

describe('SignOutLedger: one sign-out', () => {
  it('adds the sign-in to the list, keeping the other claims and dropping expired entries', async () => {
    const {auth, ledger} = setup();
    auth.users.get('alice')!.customClaims = {role: 'editor', [SIGNED_OUT_CLAIM]: {old: 1, current: 9_999_999_999}};
    expect(await ledger.end(signIn('alice', 1), false)).toBe('session');
    const claims = auth.users.get('alice')!.customClaims!;
    expect(claims.role).toBe('editor');
    expect(claims[SIGNED_OUT_CLAIM]).toEqual({current: 9_999_999_999, [signIn('alice', 1).signInId]: expect.any(Number)});
  });

  it('revokes every sign-in instead when the list is full, empties it so that the next sign-out ends one again, and says so', async () => {
    const {auth, ledger, logLines, revoked} = setup();
    auth.users.get('alice')!.customClaims = {role: 'editor', [SIGNED_OUT_CLAIM]: fullList()};
    expect(await ledger.end(signIn('alice', 1), false)).toBe('everywhere');
    expect(auth.users.get('alice')!.tokensValidAfterTime).toBeDefined();
    expect(auth.users.get('alice')!.customClaims).toEqual({role: 'editor'});
    expect(revoked).toEqual(['alice']);
    expect(logLines).toEqual([
      {level: 'warn', uid: 'alice', msg: "The reader's signed-out list is full: all their sessions were revoked instead"},
    ]);
    // A sign-in made after the revocation.
    auth.users.get('alice')!.tokensValidAfterTime = new Date((authTimeSeconds + 5) * 1000).toUTCString();
    expect(await ledger.end(signIn('alice', 9), false)).toBe('session');
    expect(listOf(auth)).toEqual([signIn('alice', 9).signInId]);
  });

  it('"everywhere" revokes only once a whole second has passed on the clock, also when its timer ends early', async () => {
    const {auth, ledger, waits, now} = setup({firstWaitEndsEarlyMs: 30});
    const revokedAt: number[] = [];
    const revoke = auth.revokeRefreshTokens.bind(auth);
    auth.revokeRefreshTokens = async (uid) => {
      revokedAt.push(now());
      await revoke(uid);
    };
    expect(await ledger.end(signIn('alice', 1), true)).toBe('everywhere');
    expect(waits).toEqual([1000, 30]);
    expect(revokedAt).toEqual([(START_SECONDS + 1) * 1000]);
  });
});

describe('SignOutLedger: instances writing at once', () => {
  it('loses no entry when two instances write the list at the same moment', async () => {
    const {auth, ledger, otherInstance} = setup();
    // Both read the empty list before either writes: the second write drops the first entry.
    let release!: () => void;
    auth.claimsGate = new Promise((resolve) => (release = resolve));
    const both = Promise.all([ledger.end(signIn('alice', 1), false), otherInstance.end(signIn('alice', 2), false)]);
    await vi.waitFor(() => expect(auth.calls).toBe(2));
    release();
    auth.claimsGate = null;
    expect(await both).toEqual(['session', 'session']);
    await vi.waitFor(() => expect(listOf(auth).sort()).toEqual([signIn('alice', 1).signInId, signIn('alice', 2).signInId].sort()));
  });

  it('writes an entry a racing write dropped again when the instance stops before its read-back is due, saying so first', async () => {
    const {auth, ledger, logLines} = setup();
    await ledger.end(signIn('alice', 1), false);
    // Another instance's write, made from the list it read before this one's entry: the entry is gone.
    auth.users.get('alice')!.customClaims = {[SIGNED_OUT_CLAIM]: {}};
    await ledger.close();
    expect(listOf(auth)).toEqual([signIn('alice', 1).signInId]);
    // Said before the wait: an instance killed from outside meanwhile leaves that line, and no "stopped", in the log.
    expect(logLines).toEqual([
      {level: 'info', event: 'sign-outs-reading-back', count: 1, lastDueInMs: SETTLE_MS, msg: 'Reading back sign-outs before stopping'},
    ]);
  });

  it('counts a read-back it could not finish at shutdown among the sign-outs lost with the instance', async () => {
    const {auth, ledger, logLines} = setup();
    await ledger.end(signIn('alice', 1), false);
    auth.down = true;
    await ledger.close();
    expect(logLines).toEqual([
      {level: 'info', event: 'sign-outs-reading-back', count: 1, lastDueInMs: SETTLE_MS, msg: 'Reading back sign-outs before stopping'},
      {level: 'warn', waiting: 1, msg: 'Sign-outs still waiting for the identity service are lost with this instance'},
    ]);
  });
});

describe('SignOutLedger: Firebase unreachable', () => {
  it('times the read-back and the retries by its own clock, and runs kept work once Firebase answers', async () => {
    const {auth, ledger, waits} = setup();
    await ledger.end(signIn('alice', 1), false);
    expect(waits).toEqual([SETTLE_MS]);
    auth.down = true;
    await expect(ledger.end(signIn('alice', 2), false)).rejects.toThrow();
    ledger.retryLater(async () => void (await ledger.end(signIn('alice', 2), false)));
    await vi.waitFor(() => expect(waits).toContain(RETRY_MS));
    auth.down = false;
    await vi.waitFor(() => expect(listOf(auth)).toHaveLength(2));
  });
});
