/**
 * takeBack (services/accountClaims.ts): once the password is replaced nobody can sign in any more, and
 * the revocation then ends every sign-in Firebase stamped before, whatever the second it began in.
 * The same against the emulator, with a stranger who signs in as late as possible:
 * sign-in-link.test.ts (the gate) and readers.test.ts (`npm run readers invite`).
 */
import {describe, expect, it} from 'vitest';
import type {Auth} from 'firebase-admin/auth';
import {takeBack} from '../../server/services/accountClaims';
import type {Clock} from '../../server/services/clock';
import {steppingClock} from '../support/fakeFirebaseAuth';

/** Firebase's rule: a revocation ends the sign-ins of earlier whole seconds. */
const ends = (revokedAtMs: number, signedInAtMs: number) => Math.floor(signedInAtMs / 1000) < Math.floor(revokedAtMs / 1000);

describe('takeBack', () => {
  it.each([
    ['at the start of a second', 0, 0],
    ['in the middle of one', 500, 0],
    ['at its last millisecond', 999, 0],
    ['at its last millisecond, with a timer that ends early', 999, 30],
  ])('ends a sign-in made the moment before the password was replaced, %s', async (_when, offsetMs, firstWaitEndsEarlyMs) => {
    const stepping = steppingClock({firstWaitEndsEarlyMs});
    const clock: Clock = {...stepping.clock, now: () => stepping.now() + offsetMs};
    const calls: {call: string; at: number}[] = [];
    const auth = {
      updateUser: async (_uid: string, changes: object) =>
        void calls.push({call: `updateUser ${Object.keys(changes).join(',')}`, at: clock.now()}),
      revokeRefreshTokens: async () => void calls.push({call: 'revokeRefreshTokens', at: clock.now()}),
    } as unknown as Auth;

    await takeBack(auth, 'stranger', ['google.com'], {clock});

    expect(calls.map(({call}) => call)).toEqual(['updateUser password,providersToUnlink', 'revokeRefreshTokens']);
    const [passwordReplaced, revoked] = calls.map(({at}) => at) as [number, number];
    expect(ends(revoked, passwordReplaced)).toBe(true);
  });
});
