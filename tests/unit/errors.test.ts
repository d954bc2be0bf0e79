import {describe, expect, it} from 'vitest';
import {AuthFlowError, messageForAuthError} from '../../src/auth/errors';

describe('messageForAuthError', () => {
  it.each([
    ['auth/wrong-password', 'The email or password is incorrect.'],
    ['auth/invalid-credential', 'The email or password is incorrect.'],
    // An unknown address reads like a wrong password: the page never says which addresses have accounts.
    ['auth/user-not-found', 'The email or password is incorrect.'],
    ['auth/weak-password', 'Choose a stronger password: at least 6 characters.'],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, or reset your password, then try again.'],
    ['auth/network-request-failed', 'The sign-in service cannot be reached. Check your connection and try again in a moment.'],
    ['auth/popup-closed-by-user', 'The sign-in window was closed before signing in finished.'],
    ['session/rejected', 'Your sign-in was not accepted by the site. Sign in again.'],
    ['session/sign-out-failed', 'You are still signed in: the site could not end your session. Try again in a moment.'],
    ['session/email-not-verified', 'This email address is not verified yet. Choose a password through the link we sent: that verifies it.'],
    ['session/not-allowed', 'This account is not on the reader list of Tutorial Hub.'],
    ['session/disabled', 'This account is not on the reader list of Tutorial Hub.'],
    // Firebase's own refusal of a disabled account reads like the gate's.
    ['auth/user-disabled', 'This account is not on the reader list of Tutorial Hub.'],
  ])('explains %s', (code, message) => {
    expect(messageForAuthError({code})).toBe(message);
  });

  it('falls back to a general message for unknown codes and non-errors', () => {
    const fallback = 'Something went wrong while signing in. Try again in a moment.';
    expect(messageForAuthError({code: 'auth/brand-new-code'})).toBe(fallback);
    expect(messageForAuthError(new Error('boom'))).toBe(fallback);
    expect(messageForAuthError('text')).toBe(fallback);
  });

  it('gives AuthFlowError the same message as its code', () => {
    expect(new AuthFlowError('auth/timeout').message).toBe(messageForAuthError({code: 'auth/timeout'}));
  });
});
