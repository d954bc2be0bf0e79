import {describe, expect, it} from 'vitest';
import {
  INITIAL_LOGIN_STATE,
  linkReturnUrl,
  offersSignUp,
  reduceLogin,
  onReaderReported,
  outcomeOfFailure,
  SIGN_OUT_SETTLE_MS,
  type FailureOutcome,
  type FormMode,
  type LinkReason,
  type LoginEvent,
  type LoginState,
  type LoginView,
  type SignUpAnswer,
} from '../../src/login/flow';
import {linkPanelCopy, SIGN_IN_AFTER_LINK} from '../../src/login/copy';
import {isCurrentStep} from '../../src/auth/actionStep';
import {noticeAfterSignOut} from '../../src/auth/signOutRecord';
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
      true,
      {scope: 'session', pending: false},
      'Only this browser was signed out: its session had ended already. To sign out your other devices, sign in and choose "Sign out everywhere" again.',
    ],
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

describe('reduceLogin', () => {
  const form = (mode: FormMode = 'sign-in'): LoginView => ({panel: 'form', mode});
  const at = (view: LoginView, changes: Partial<LoginState> = {}): LoginState => ({...INITIAL_LOGIN_STATE, view, ...changes});
  const verify: LoginView = {panel: 'verify', email: 'new@corp.test', reason: 'sign-up'};
  const dirty = {error: 'Earlier failure.', notice: 'Earlier notice.', email: 'typed@corp.test', step: 4};

  it.each<[string, LoginState, LoginEvent, Partial<LoginState>]>([
    // A new intent: earlier messages go; a submitted address is what the form shows from now on.
    [
      'started with an address',
      at(form(), dirty),
      {type: 'started', email: 'sent@corp.test'},
      {error: '', notice: '', email: 'sent@corp.test'},
    ],
    ['started without one', at(form(), dirty), {type: 'started'}, {error: '', notice: '', email: 'typed@corp.test'}],
    [
      'mode-chosen',
      at(form(), dirty),
      {type: 'mode-chosen', mode: 'reset'},
      {view: form('reset'), error: '', notice: '', email: 'typed@corp.test'},
    ],
    ['link-sent', at(form('sign-up')), {type: 'link-sent', email: 'new@corp.test', reason: 'sign-up'}, {view: verify}],
    [
      'reset-link-sent',
      at(form('reset')),
      {type: 'reset-link-sent', email: 'a@corp.test'},
      {notice: 'If an account uses a@corp.test, a link to reset its password is on its way.'},
    ],
    ['link-sent-again', at(verify), {type: 'link-sent-again', email: 'new@corp.test'}, {notice: 'We sent another link to new@corp.test.'}],
    // Once the password is chosen: the sign-in form, with the address the link went to.
    [
      'password-chosen',
      at(verify, {error: 'Earlier failure.'}),
      {type: 'password-chosen'},
      {view: form(), email: 'new@corp.test', error: '', notice: SIGN_IN_AFTER_LINK.notice},
    ],
    ['account-left', at(verify, {email: 'new@corp.test'}), {type: 'account-left'}, {view: form(), email: ''}],
    ['refused', at(form()), {type: 'refused', email: 'out@else.test'}, {view: {panel: 'refused', email: 'out@else.test'}}],
    ['failed keeps the panel', at(verify), {type: 'failed', message: 'No answer.'}, {view: verify, error: 'No answer.'}],
    ['leaving', at(form()), {type: 'leaving'}, {leaving: true}],
    // Until the next page shows, the page still says it is signing the reader in.
    ['resumed', at(form()), {type: 'resumed'}, {leaving: true, view: {panel: 'resuming'}}],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceLogin(state, event);
    expect(next).toEqual({...state, ...expected, step: state.step + 1});
  });

  it('password-chosen anywhere but the verification panel changes nothing', () => {
    const state = at(form('reset'), dirty);
    expect(reduceLogin(state, {type: 'password-chosen'})).toBe(state);
  });
});

describe('isCurrentStep', () => {
  it.each<[string, {step: number; leaving: boolean}, number, boolean]>([
    ['asked on the page as it is', {step: 3, leaving: false}, 3, true],
    // A second click before React re-rendered the first: the first has moved the page on.
    ['asked on a page that moved on since', {step: 4, leaving: false}, 3, false],
    // The page is on its way to the reader's target: nothing more to do here.
    ['while leaving', {step: 3, leaving: true}, 3, false],
  ])('%s: %s', (_name, state, seen, expected) => {
    expect(isCurrentStep(state, seen)).toBe(expected);
  });
});
