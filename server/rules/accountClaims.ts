/**
 * Whose an account is. Anyone can make a Firebase account for any address, with a password of their own
 * (or link Google or GitHub to it); it stays unverified until the mailbox is proven. So an unverified account
 * that anyone can sign in to is nobody's yet: before the mailbox's owner proves the address (a sign-in
 * link, an invitation), what others could sign in with must go. The gate (before a sign-in link is used)
 * and the readers command (an invitation) decide alike.
 */

/** What decides: the account's verification and its sign-in methods (`password`, `google.com`, …). */
export interface ClaimedAccount {
  emailVerified: boolean;
  providerIds: readonly string[];
}

/**
 * Null when nothing is to be taken back: a verified account is its owner's, one without a sign-in method
 * has nothing anyone could use. Otherwise its password is replaced by one nobody knows, its other sign-in
 * methods removed and its sessions ended.
 */
export function takeBackOf(account: ClaimedAccount): {providersToUnlink: string[]} | null {
  if (account.emailVerified || account.providerIds.length === 0) return null;
  return {providersToUnlink: account.providerIds.filter((id) => id !== 'password')};
}
