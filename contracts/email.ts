/** What counts as an email address, for the login page, the gate's reader list and the readers command alike. */

/**
 * Loose, since Firebase decides what an address is, but never what no account's address holds: a space
 * or control character of any kind (U+0085 too, which `trim` leaves and a line split does not cut), or
 * the punctuation that separates addresses in a list (`,;<>`). A list's line with one lists nobody,
 * rather than an address no reader can ever sign in with.
 */
const LOCAL_PART = String.raw`[^\s\p{C}\p{Z}@,;:<>()[\]\\"]+`;
const DOMAIN_LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const EMAIL = new RegExp(String.raw`^${LOCAL_PART}@(?:${DOMAIN_LABEL}\.)+${DOMAIN_LABEL}$`, 'u');

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** Addresses compare without their surrounding spaces and letter case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
