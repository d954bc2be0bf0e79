/** Taking back an account nobody has proven yet (rules/accountClaims.ts), through firebase-admin. */
import {randomBytes} from 'node:crypto';
import type {Auth} from 'firebase-admin/auth';

/**
 * Replaces the account's password by a random one, removes the sign-in methods `providersToUnlink`
 * names and ends its sessions. `call` runs each call to Firebase (the gate's deadline; the readers
 * command calls directly).
 */
export async function takeBack(
  auth: Auth,
  uid: string,
  providersToUnlink: readonly string[],
  call: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<void> {
  await call(() =>
    auth.updateUser(uid, {
      password: randomBytes(32).toString('base64url'),
      ...(providersToUnlink.length > 0 ? {providersToUnlink: [...providersToUnlink]} : {}),
    }),
  );
  await call(() => auth.revokeRefreshTokens(uid));
}
