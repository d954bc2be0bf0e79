import {describe, expect, it} from 'vitest';
import {
  fieldOfFailure,
  formModeShown,
  formSwitches,
  heldSwitches,
  INITIAL_LOGIN_STATE,
  linkOpening,
  linkReturnUrl,
  offeredOptions,
  proofLinkOf,
  reduceLogin,
  onReaderReported,
  outcomeOfFailure,
  SIGN_OUT_SETTLE_MS,
  type FailureOutcome,
  type LinkOpening,
  type LoginEvent,
  type LoginField,
  type LoginState,
  type OfferedOptions,
  type OptionsAnswer,
} from '../../src/login/flow';
import type {EmailLink, FormMode, LinkReason, LoginView} from '../../src/login/views';
import type {EmailSignIn} from '../../contracts/session';
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

describe('linkOpening: a sign-in link opened here', () => {
  const reader = (email: string | null) => ({email});
  it.each<[string, string | null, {email: string | null} | null, LinkOpening]>([
    // Nobody signed in: the link signs the reader in, with the address this browser asked it for, or the one they type.
    ['asked here, nobody signed in', 'new@corp.test', null, {next: 'use-link', email: 'new@corp.test'}],
    ['asked elsewhere, nobody signed in', null, null, {next: 'ask-address'}],
    // Signed in already: on to the page. The link opened again once it signed the reader in (this browser then
    // forgets the address), or one asked for on another device: never "opened in another browser".
    ['asked elsewhere (or used here already), a reader signed in', null, reader('in@corp.test'), {next: 'go-on'}],
    ['asked elsewhere, an account without an address signed in', null, reader(null), {next: 'go-on'}],
    ['asked here by the reader signed in', 'in@corp.test', reader('in@corp.test'), {next: 'go-on'}],
    ['asked here by the reader signed in, spelt otherwise', ' In@Corp.test', reader('in@corp.test'), {next: 'go-on'}],
    // A link this browser asked for another account: the reader asked to switch, here.
    ['asked here for another account', 'other@corp.test', reader('in@corp.test'), {next: 'use-link', email: 'other@corp.test'}],
    ['asked here, an account without an address signed in', 'other@corp.test', reader(null), {next: 'use-link', email: 'other@corp.test'}],
  ])('%s', (_name, askedHere, signedIn, expected) => {
    expect(linkOpening(askedHere, signedIn)).toEqual(expected);
  });
});

describe('fieldOfFailure: the field a failure takes the focus back to', () => {
  it.each<[string | null, LoginField | null]>([
    ['auth/missing-email', 'email'],
    ['auth/invalid-email', 'email'],
    ['auth/email-link-mismatch', 'email'],
    ['auth/missing-password', 'password'],
    // A wrong password, and an unknown address, which reads alike: the password, to type again.
    ['auth/invalid-credential', 'password'],
    ['auth/invalid-login-credentials', 'password'],
    ['auth/wrong-password', 'password'],
    ['auth/user-not-found', 'password'],
    // Nothing the reader typed is at fault.
    ['auth/network-request-failed', null],
    ['auth/too-many-requests', null],
    ['session/unreachable', null],
    ['auth/popup-closed-by-user', null],
    [null, null],
  ])('%s: %s', (code, expected) => {
    expect(fieldOfFailure(code)).toBe(expected);
  });
});

describe('the link panel', () => {
  const email = 'newhire@corp.test';
  it.each<[LinkReason, EmailLink, string]>([
    // The reader asked for a sign-in link: the same words whether or not the address may read.
    [
      'sign-in-link',
      'sign-in',
      'We sent a sign-in link to newhire@corp.test. Open it in this browser or any other to sign in: it works once, for a short while.',
    ],
    // One sentence for a new address and a taken one: both got the link.
    [
      'sign-up',
      'sign-in',
      'We sent a sign-in link to newhire@corp.test. Open it to sign in: that also confirms the address, and there is no password to choose.',
    ],
    [
      'unverified',
      'sign-in',
      'newhire@corp.test is not verified yet. We sent a sign-in link to it. Open it to verify the address and sign in.',
    ],
    [
      'verify-link',
      'sign-in',
      'This link does not verify newhire@corp.test on its own: we sent it a sign-in link instead. Open it to verify the address and sign in.',
    ],
    // A gate that offers passwords only: the link that sets the password proves the address.
    [
      'sign-up',
      'password',
      'We sent a link to choose your password to newhire@corp.test. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
    // A password set before the address was proven does not survive: the owner chooses a new one.
    [
      'unverified',
      'password',
      'newhire@corp.test is not verified yet. We sent a link to choose a new password to it. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
    // Firebase's own verification link opened: not applied, the password link sent instead.
    [
      'verify-link',
      'password',
      'This link does not verify newhire@corp.test on its own: we sent it a link to choose a password instead. Open it and choose a password (that also verifies the address), then sign in here with it.',
    ],
  ])('after %s, with a %s link, says which link was sent', (reason, link, copy) => {
    expect(linkPanelCopy(reason, email, link)).toBe(copy);
    expect(linkPanelCopy(reason, email, link)).not.toMatch(/verification link/);
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
    [false, {scope: 'session', pending: false}, 'You are signed out in this browser.'],
    [true, {scope: 'everywhere', pending: false}, 'You are signed out on every device where you were signed in.'],
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

describe('offeredOptions', () => {
  const answer = (signUp: 'open' | 'closed', emailSignIn: EmailSignIn): OptionsAnswer => ({signUp, emailSignIn});
  it.each<[GateMode, OptionsAnswer, OfferedOptions]>([
    ['server', answer('open', 'both'), {signUp: 'offered', emailSignIn: 'both'}],
    ['server', answer('closed', 'link'), {signUp: 'withheld', emailSignIn: 'link'}],
    ['server', answer('open', 'password'), {signUp: 'offered', emailSignIn: 'password'}],
    // Not before the gate server answered (undecided), and not when it could not be asked: no sign-up, both ways in.
    ['server', 'pending', {signUp: 'undecided', emailSignIn: 'both'}],
    ['server', 'failed', {signUp: 'withheld', emailSignIn: 'both'}],
    // No gate server to ask: nothing closes anything.
    ['client', 'pending', {signUp: 'offered', emailSignIn: 'both'}],
    ['client', 'failed', {signUp: 'offered', emailSignIn: 'both'}],
    ['off', 'pending', {signUp: 'offered', emailSignIn: 'both'}],
  ])('%s gate, answer %j: %j', (mode, given, expected) => {
    expect(offeredOptions(mode, given)).toEqual(expected);
  });
});

describe('what the gate offers decides the forms', () => {
  it.each<[EmailSignIn, EmailLink]>([
    ['both', 'sign-in'],
    ['link', 'sign-in'],
    ['password', 'password'],
  ])('%s: an address is proven by a %s link', (emailSignIn, expected) => {
    expect(proofLinkOf(emailSignIn)).toBe(expected);
  });

  it.each<[FormMode, EmailSignIn, FormMode]>([
    ['sign-in', 'both', 'sign-in'],
    ['link', 'both', 'link'],
    // Links only: no password to type or reset.
    ['sign-in', 'link', 'link'],
    ['reset', 'link', 'link'],
    ['sign-up', 'link', 'sign-up'],
    // Passwords only: no link to ask for.
    ['link', 'password', 'sign-in'],
    ['reset', 'password', 'reset'],
  ])('%s, when the gate offers %s, shows %s', (mode, emailSignIn, expected) => {
    expect(formModeShown(mode, emailSignIn)).toBe(expected);
  });

  it.each<[FormMode, OfferedOptions, FormMode[]]>([
    ['sign-in', {signUp: 'offered', emailSignIn: 'both'}, ['reset', 'link', 'sign-up']],
    ['sign-in', {signUp: 'withheld', emailSignIn: 'password'}, ['reset']],
    ['link', {signUp: 'offered', emailSignIn: 'both'}, ['sign-in', 'sign-up']],
    ['link', {signUp: 'withheld', emailSignIn: 'link'}, []],
    ['sign-up', {signUp: 'offered', emailSignIn: 'both'}, ['sign-in']],
    ['sign-up', {signUp: 'offered', emailSignIn: 'link'}, ['link']],
    ['reset', {signUp: 'offered', emailSignIn: 'password'}, ['sign-in']],
  ])('from %s, with %j, switches to %j', (mode, options, expected) => {
    expect(formSwitches(mode, options)).toEqual(expected);
  });

  it.each<[FormMode, OfferedOptions, FormMode[], FormMode[]]>([
    // Until the gate answers, "Create an account" keeps its place unseen, below the switches shown.
    ['sign-in', {signUp: 'undecided', emailSignIn: 'both'}, ['reset', 'link'], ['sign-up']],
    ['link', {signUp: 'undecided', emailSignIn: 'both'}, ['sign-in'], ['sign-up']],
    ['sign-up', {signUp: 'undecided', emailSignIn: 'both'}, ['sign-in'], []],
    ['reset', {signUp: 'undecided', emailSignIn: 'both'}, ['sign-in'], []],
    ['sign-in', {signUp: 'offered', emailSignIn: 'both'}, ['reset', 'link', 'sign-up'], []],
    ['sign-in', {signUp: 'withheld', emailSignIn: 'both'}, ['reset', 'link'], []],
  ])('from %s, with %j, shows %j and holds the place of %j', (mode, options, shown, held) => {
    expect([formSwitches(mode, options), heldSwitches(mode, options)]).toEqual([shown, held]);
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
  const verify: LoginView = {panel: 'link-sent', email: 'new@corp.test', reason: 'sign-up', link: 'password'};
  const signInLinkSent: LoginView = {panel: 'link-sent', email: 'new@corp.test', reason: 'sign-in-link', link: 'sign-in'};
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
    ['link-sent', at(form('sign-up')), {type: 'link-sent', email: 'new@corp.test', reason: 'sign-up', link: 'password'}, {view: verify}],
    [
      'form-shown',
      at(form(), dirty),
      {type: 'form-shown', mode: 'link', email: 'named@corp.test', notice: 'Nothing was changed.'},
      {view: form('link'), email: 'named@corp.test', error: '', notice: 'Nothing was changed.'},
    ],
    [
      'link-needs-address',
      at(form(), dirty),
      {type: 'link-needs-address', href: 'https://docs.example.com/login?mode=signIn&oobCode=C'},
      {view: {panel: 'confirm-link', href: 'https://docs.example.com/login?mode=signIn&oobCode=C'}, error: ''},
    ],
    [
      'link-needs-address again, with what went wrong',
      at({panel: 'confirm-link', href: 'H'}),
      {type: 'link-needs-address', href: 'H', email: 'other@corp.test', error: 'Not that one.'},
      {email: 'other@corp.test', error: 'Not that one.'},
    ],
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
    [
      'failed with a wrong password: the password field is at fault',
      at(form()),
      {type: 'failed', message: 'The email or password is incorrect.', code: 'auth/invalid-credential'},
      {error: 'The email or password is incorrect.', invalid: 'password'},
    ],
    // Whatever an intent leads to, the field the last failure was about is not at fault any more.
    [
      'started after a wrong password',
      at(form(), {...dirty, invalid: 'password'}),
      {type: 'started'},
      {error: '', notice: '', invalid: null},
    ],
    [
      'mode-chosen after a missing address',
      at(form(), {...dirty, invalid: 'email'}),
      {type: 'mode-chosen', mode: 'link'},
      {view: form('link'), error: '', notice: '', invalid: null},
    ],
    ['leaving', at(form()), {type: 'leaving'}, {leaving: true}],
    // Until the next page shows, the page still says it is signing the reader in.
    ['resumed', at(form()), {type: 'resumed'}, {leaving: true, view: {panel: 'resuming'}}],
  ])('%s', (_name, state, event, expected) => {
    const next = reduceLogin(state, event);
    expect(next).toEqual({...state, ...expected, step: state.step + 1});
  });

  it.each([
    ['the reset form', at(form('reset'), dirty)],
    ['the panel of a sign-in link', at(signInLinkSent)],
  ])('password-chosen on %s changes nothing', (_name, state) => {
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
