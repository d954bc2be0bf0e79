import {describe, expect, it} from 'vitest';
import {
  linkPanelCopy,
  linkReturnUrl,
  noticeAfterSignOut,
  offersSignUp,
  onReaderReported,
  outcomeOfFailure,
  SIGN_OUT_SETTLE_MS,
  type FailureOutcome,
  type LinkReason,
  type SignUpAnswer,
} from '../../src/auth/loginFlow';
import type {GateMode} from '../../src/auth/settings';

const VERIFY: FailureOutcome = {next: 'verify'};
const REFUSED: FailureOutcome = {next: 'refused'};
const FORM: FailureOutcome = {next: 'form', signOut: true};

describe('outcomeOfFailure', () => {
  it.each<[string | null, FailureOutcome]>([
    // The gate wants a verified address: the panel, with a link that sets the password and verifies it.
    ['session/email-not-verified', VERIFY],
    // Accounts the reader policy refuses, whatever the reason, read alike.
    ['session/not-allowed', REFUSED],
    ['session/anonymous', REFUSED],
    ['session/disabled', REFUSED],
    ['auth/user-disabled', REFUSED],
    // Anything else: back to the form with the error, signed out of Firebase.
    ['session/rejected', FORM],
    ['session/unreachable', FORM],
    ['auth/invalid-credential', FORM],
    ['auth/user-not-found', FORM],
    ['auth/timeout', FORM],
    [null, FORM],
  ])('%s', (code, expected) => {
    expect(outcomeOfFailure(code)).toEqual(expected);
  });
});

describe('the verification panel', () => {
  const email = 'newhire@corp.test';
  it.each<[LinkReason, string]>([
    // One sentence for a new address and a taken one: both got the link that sets the password.
    [
      'sign-up',
      'We sent a link to choose your password to newhire@corp.test. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
    // A password set before the address was proven does not survive: the owner chooses a new one.
    [
      'unverified',
      'newhire@corp.test is not verified yet. We sent a link to choose a new password to it. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
    // Firebase's own verification link opened: not applied, the password link sent instead.
    [
      'verify-link',
      'This link does not verify newhire@corp.test on its own: we sent it a link to choose a password instead. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
  ])('after %s, says which link was sent', (reason, copy) => {
    expect(linkPanelCopy(reason, email)).toBe(copy);
    expect(linkPanelCopy(reason, email)).not.toMatch(/verification link/);
  });
});

describe('linkReturnUrl', () => {
  it.each([
    ['https://docs.example.com', '/1.0/intro', 'https://docs.example.com/login?redirect=%2F1.0%2Fintro'],
    ['https://docs.example.com', '/guide?tab=2#setup', 'https://docs.example.com/login?redirect=%2Fguide%3Ftab%3D2%23setup'],
    ['http://127.0.0.1:3000', '/', 'http://127.0.0.1:3000/login?redirect=%2F'],
  ])('from %s, for %s: %s', (origin, target, expected) => {
    expect(linkReturnUrl(origin, target)).toBe(expected);
  });
});

describe('noticeAfterSignOut', () => {
  it.each([
    [false, {scope: 'session', pending: false}, ''],
    [true, {scope: 'everywhere', pending: false}, ''],
    [false, {scope: 'everywhere', pending: false}, 'You were signed out on all your devices. Sign in again on each of them.'],
    [
      false,
      {scope: 'session', pending: true},
      'You are signed out in this browser. The site finishes signing you out once the sign-in service answers again.',
    ],
    [
      true,
      {scope: 'everywhere', pending: true},
      'You are signed out in this browser. Your other devices will be signed out once the sign-in service answers again.',
    ],
  ] as const)('asked everywhere: %s, answered %j → %j', (everywhere, answer, expected) => {
    expect(noticeAfterSignOut(everywhere, answer)).toBe(expected);
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
