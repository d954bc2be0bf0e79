/**
 * Human messages for the errors a reader can meet while signing in. None of them tells whether
 * an account exists: an unknown address reads like a wrong password.
 */

import {REFUSAL_WORDING} from '../../contracts/session';

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/user-not-found': 'The email or password is incorrect.',
  'auth/invalid-email': 'Enter a valid email address, such as reader@example.com.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password, then try again.',
  // Firebase refuses a disabled account before the gate is asked: the gate's words for it, which tell a stranger nothing.
  'auth/user-disabled': REFUSAL_WORDING.disabled,
  'auth/network-request-failed': 'The sign-in service cannot be reached. Check your connection and try again in a moment.',
  'auth/timeout': 'The sign-in service did not answer in time. Try again in a moment.',
  'auth/internal-error': 'The sign-in service had a problem. Try again in a moment.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before signing in finished.',
  'auth/user-cancelled': 'Signing in was cancelled.',
  'auth/account-exists-with-different-credential':
    'An account already uses this email with another sign-in method. Use that method instead.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled for this site.',
  'auth/unauthorized-domain': 'This site is not authorised to sign in with this provider.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is no longer valid: it was used already, or a newer one replaced it. Ask for a new one.',
  'auth/email-link-mismatch': 'This link was sent to another address. Enter the address it was sent to.',
  'auth/unknown-action': 'This link is not one this site can use. Sign in, or ask for a new link.',
  'session/rejected': 'Your sign-in was not accepted by the site. Sign in again.',
  'session/unreachable': 'The site cannot be reached. Try again in a moment.',
  'session/too-many-requests': 'Too many sign-ins in a short time. Wait a minute, then try again.',
  'session/identity-unavailable': 'The sign-in service cannot be reached right now. Try again in a moment.',
  'session/did-not-stick':
    'Signing in did not stick: this browser keeps sending the site another session cookie. Clear the cookies of this site in your browser settings, then sign in again.',
  'session/sign-out-failed': 'You are still signed in: the site could not end your session. Try again in a moment.',
  'session/sign-out-unavailable': 'You are still signed in: the sign-out code could not be loaded. Check your connection and try again.',
  // The gate's refusals, in the words the gate uses too.
  ...Object.fromEntries(Object.entries(REFUSAL_WORDING).map(([code, wording]) => [`session/${code}`, wording])),
};

const FALLBACK = 'Something went wrong while signing in. Try again in a moment.';

export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const {code} = error as {code: unknown};
    if (typeof code === 'string') return code;
  }
  return null;
}

export function messageForAuthError(error: unknown): string {
  const code = authErrorCode(error);
  return (code && MESSAGES[code]) || FALLBACK;
}

/** An error with a Firebase-style `code`, for failures that happen outside the SDK. */
export class AuthFlowError extends Error {
  constructor(
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(MESSAGES[code] ?? FALLBACK, options);
    this.name = 'AuthFlowError';
  }
}
