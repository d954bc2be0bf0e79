/** Taking back an account nobody has proven yet (rules/accountClaims.ts), through firebase-admin. */
import {randomBytes} from 'node:crypto';
import type {Auth} from 'firebase-admin/auth';
import {aWholeSecondLater, systemClock, type Clock} from './clock';

/**
 * Replaces the account's password by a random one, removes the sign-in methods `providersToUnlink`
 * names and ends its sessions. `call` runs each call to Firebase (the gate's deadline; the readers
 * command calls directly). Once the first call is answered nobody can sign in to the account any
 * more, but a stranger may have signed in the moment before, in the second the revocation would be
 * stamped with: Firebase ends only sign-ins of earlier seconds, so the revocation waits a whole second.
 */
export async function takeBack(
  auth: Auth,
  uid: string,
  providersToUnlink: readonly string[],
  {call = (work) => work(), clock = systemClock}: {call?: <T>(work: () => Promise<T>) => Promise<T>; clock?: Clock} = {},
): Promise<void> {
  await call(() =>
    auth.updateUser(uid, {
      password: randomBytes(32).toString('base64url'),
      ...(providersToUnlink.length > 0 ? {providersToUnlink: [...providersToUnlink]} : {}),
    }),
  );
  await aWholeSecondLater(clock);
  await call(() => auth.revokeRefreshTokens(uid));
}
