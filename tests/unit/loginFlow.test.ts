import {describe, expect, it} from 'vitest';
import {
  offersSignUp,
  onReaderReported,
  outcomeOfFailure,
  outcomeOfVerificationCheck,
  SIGN_OUT_SETTLE_MS,
  type FailedFrom,
  type FailureOutcome,
  type SignUpAnswer,
  type VerificationCheck,
  type VerificationOutcome,
} from '../../src/auth/loginFlow';
import type {GateMode} from '../../src/auth/settings';

const VERIFY_AND_SEND: FailureOutcome = {next: 'verify', sendLink: true};
const VERIFY: FailureOutcome = {next: 'verify', sendLink: false};
const REFUSED: FailureOutcome = {next: 'refused'};
const FORM: FailureOutcome = {next: 'form', signOut: true};
const STAY: FailureOutcome = {next: 'stay'};

describe('outcomeOfFailure', () => {
  it.each<[string | null, FailedFrom, FailureOutcome]>([
    // The gate wants a verified address: a sign-in sends the link, a resumed session had one sent already.
    ['session/email-not-verified', 'form', VERIFY_AND_SEND],
    ['session/email-not-verified', 'resume', VERIFY],
    ['session/email-not-verified', 'verify', STAY],
    // Accounts the reader policy refuses, whatever the reason, read alike.
    ['session/not-allowed', 'form', REFUSED],
    ['session/not-allowed', 'resume', REFUSED],
    ['session/not-allowed', 'verify', REFUSED],
    ['session/anonymous', 'resume', REFUSED],
    ['session/disabled', 'form', REFUSED],
    ['auth/user-disabled', 'form', REFUSED],
    // Anything else: back to the form with the error, signed out of Firebase...
    ['session/rejected', 'form', FORM],
    ['session/unreachable', 'resume', FORM],
    ['auth/invalid-credential', 'form', FORM],
    ['auth/user-not-found', 'form', FORM],
    ['auth/timeout', 'resume', FORM],
    [null, 'form', FORM],
    // ...except on the verification panel, where the reader retries in place.
    ['session/unreachable', 'verify', STAY],
    ['auth/network-request-failed', 'verify', STAY],
    [null, 'verify', STAY],
  ])('%s from %s', (code, from, expected) => {
    expect(outcomeOfFailure(code, from)).toEqual(expected);
  });
});

describe('outcomeOfVerificationCheck', () => {
  it.each<[VerificationCheck, VerificationOutcome]>([
    ['signed-in', {next: 'target'}],
    // The address had an account already and nobody signed in here: its owner signs in with the password.
    ['no-user', {next: 'sign-in'}],
    ['unverified', {next: 'stay', code: 'session/email-not-verified'}],
  ])('%s', (check, expected) => {
    expect(outcomeOfVerificationCheck(check)).toEqual(expected);
  });
});

describe('offersSignUp', () => {
  it.each<[GateMode, SignUpAnswer, boolean]>([
    ['server', 'open', true],
    ['server', 'closed', false],
    // Not before the gate server answered, and not when it could not be asked.
    ['server', 'pending', false],
    ['server', 'failed', false],
    // No gate server to ask: nothing closes sign-up.
    ['client', 'pending', true],
    ['client', 'failed', true],
    ['off', 'pending', true],
  ])('%s gate, answer %s: %s', (mode, answer, expected) => {
    expect(offersSignUp(mode, answer)).toBe(expected);
  });
});

describe('onReaderReported', () => {
  const signedOutAt = 1_000_000;
  it.each<[number | null, number, 'resume' | 'finish-sign-out']>([
    // No sign-out in this tab: an expired session, /login opened while signed in, a sign-in elsewhere.
    [null, signedOutAt, 'resume'],
    // Just signed out here: a tab that was starting up wrote the reader back.
    [signedOutAt, signedOutAt, 'finish-sign-out'],
    [signedOutAt, signedOutAt + SIGN_OUT_SETTLE_MS - 1, 'finish-sign-out'],
    // Long enough ago: a new sign-in.
    [signedOutAt, signedOutAt + SIGN_OUT_SETTLE_MS, 'resume'],
    // A clock that went back proves nothing.
    [signedOutAt, signedOutAt - 1, 'resume'],
  ])('signed out at %s, reported at %s: %s', (at, now, expected) => {
    expect(onReaderReported(at, now)).toBe(expected);
  });
});
