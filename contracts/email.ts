/** What counts as an email address, for the login page, the gate's reader list and the readers command alike. */

/** Deliberately loose: Firebase decides what an address is; this only catches what is plainly not one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** Addresses compare without their surrounding spaces and letter case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
