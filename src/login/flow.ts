/**
 * The login page's decisions, apart from the calls and the markup: what the reader asked (an intent),
 * what came of it (an event), and the page that follows (the reducer). src/login/useLoginFlow.ts runs
 * the intents as React actions and feeds what happened back through `reduceLogin`.
 */
import type {ActionLink} from '../auth/actionLink';
import type {ActionSteps} from '../auth/actionStep';
import type {GateMode} from '../auth/settings';
import {SESSION_REFUSALS, type EmailSignIn, type SignInOptions} from '../../contracts/session';
import {loginUrlFor} from '../../contracts/paths';
import {normaliseEmail} from '../../contracts/email';
import {resetLinkNotice, sentAgainNotice, SIGN_IN_AFTER_LINK} from './copy';
import type {EmailLink, FormMode, LinkReason, LoginView} from './views';

export type ProviderName = 'google' | 'github';

/** The form's fields a failure can be about. */
export type LoginField = 'email' | 'password';

/** What the reader (or the page, as it opens) asks for. */
export type LoginIntent =
  | {type: 'submit'; mode: FormMode; email: string; password: string}
  | {type: 'provider'; name: ProviderName}
  | {type: 'choose-mode'; mode: FormMode}
  /** "I have chosen my password — sign in", once a password link was sent. */
  | {type: 'password-chosen'}
  | {type: 'send-again'}
  | {type: 'another-account'}
  /** The address a sign-in link opened here was sent to, typed on the confirmation panel. */
  | {type: 'confirm-link'; email: string}
  /** The page opened back from a provider's page (its popup was blocked). */
  | {type: 'provider-returned'}
  /** The page opened from one of Firebase's emails (it is the project's action handler). */
  | {type: 'action-link'; link: Exclude<ActionLink, {kind: 'none'}>}
  /** Firebase knows a reader while the form shows. */
  | {type: 'reader-reported'};

/** An intent with the step of the page the reader saw when they asked (src/auth/actionStep.ts). */
export type SeenIntent = LoginIntent & {seen: number};

export interface LoginState extends ActionSteps {
  /** The panel; 'resuming' only once a resume has led away (while it runs, src/login/useLoginFlow.ts shows it). */
  view: LoginView;
  /** What the email field holds when the form shows: the address last sent, or the one a link went to. */
  email: string;
  /** The last failure as a sentence for the reader, or ''. */
  error: string;
  /** The field the last failure is about (see fieldOfFailure), or null. */
  invalid: LoginField | null;
  /** A confirmation for the reader (role="status"), or ''. */
  notice: string;
}

export const INITIAL_LOGIN_STATE: LoginState = {
  view: {panel: 'form', mode: 'sign-in'},
  email: '',
  error: '',
  invalid: null,
  notice: '',
  leaving: false,
  step: 0,
};

/** What came of an intent. */
export type LoginEvent =
  /** An intent starts: earlier messages go; a submitted address is what the form shows from now on. */
  | {type: 'started'; email?: string}
  | {type: 'mode-chosen'; mode: FormMode}
  /** The form, with what the page found out for the reader (an address a link named, why a link did nothing). */
  | {type: 'form-shown'; mode: FormMode; email: string; error?: string; notice?: string}
  | {type: 'link-sent'; email: string; reason: LinkReason; link: EmailLink}
  /** A sign-in link to use once the reader says where it was sent (with what went wrong the last time). */
  | {type: 'link-needs-address'; href: string; email?: string; error?: string}
  | {type: 'reset-link-sent'; email: string}
  | {type: 'link-sent-again'; email: string}
  | {type: 'password-chosen'}
  /** Signed out of Firebase to use another account: an empty form. */
  | {type: 'account-left'}
  | {type: 'refused'; email: string}
  /** `code`: the failure's (src/auth/errors.ts), which says whether a field is at fault. */
  | {type: 'failed'; message: string; code?: string | null}
  | {type: 'leaving'}
  /** A resume renewed the session: the page goes on saying so until the next page shows. */
  | {type: 'resumed'};

const SIGN_IN: LoginView = {panel: 'form', mode: 'sign-in'};

export function reduceLogin(state: LoginState, event: LoginEvent): LoginState {
  const step = state.step + 1;
  switch (event.type) {
    case 'started':
      return {...state, step, error: '', invalid: null, notice: '', email: event.email ?? state.email};
    case 'mode-chosen':
      return {...state, step, error: '', invalid: null, notice: '', view: {panel: 'form', mode: event.mode}};
    case 'form-shown':
      return {
        ...state,
        step,
        view: {panel: 'form', mode: event.mode},
        email: event.email,
        error: event.error ?? '',
        invalid: null,
        notice: event.notice ?? '',
      };
    case 'link-sent':
      return {...state, step, view: {panel: 'link-sent', email: event.email, reason: event.reason, link: event.link}};
    case 'link-needs-address':
      return {
        ...state,
        step,
        view: {panel: 'confirm-link', href: event.href},
        email: event.email ?? state.email,
        error: event.error ?? '',
        invalid: null,
      };
    case 'reset-link-sent':
      return {...state, step, notice: resetLinkNotice(event.email)};
    case 'link-sent-again':
      return {...state, step, notice: sentAgainNotice(event.email)};
    case 'password-chosen':
      if (state.view.panel !== 'link-sent' || state.view.link !== 'password') return state;
      return {...state, step, view: SIGN_IN, email: state.view.email, error: '', invalid: null, notice: SIGN_IN_AFTER_LINK.notice};
    case 'account-left':
      return {...state, step, view: SIGN_IN, email: ''};
    case 'refused':
      return {...state, step, view: {panel: 'refused', email: event.email}};
    case 'failed':
      return {...state, step, error: event.message, invalid: fieldOfFailure(event.code ?? null)};
    case 'leaving':
      return {...state, step, leaving: true};
    case 'resumed':
      return {...state, step, leaving: true, view: {panel: 'resuming'}};
  }
}

/** Failures that say a field's value is missing or wrong; any other is not the reader's to correct in the form. */
const FIELD_OF_FAILURE: Readonly<Record<string, LoginField>> = {
  'auth/missing-email': 'email',
  'auth/invalid-email': 'email',
  'auth/email-link-mismatch': 'email',
  'auth/missing-password': 'password',
  // "The email or password is incorrect", for an unknown address too: the address stays as typed, the password
  // (which the reader cannot read back) is typed again. Both read alike, so the field tells no more than the words.
  'auth/invalid-credential': 'password',
  'auth/invalid-login-credentials': 'password',
  'auth/wrong-password': 'password',
  'auth/user-not-found': 'password',
};

/** The field a failure is about, which takes the focus back to be corrected; null when no field is at fault. */
export function fieldOfFailure(code: string | null): LoginField | null {
  return (code !== null && FIELD_OF_FAILURE[code]) || null;
}

/** What a sign-in link opened here does (src/auth/actionLink.ts, `sign-in`). */
export type LinkOpening =
  /** Sign in with the link, as sent to `email`. */
  | {next: 'use-link'; email: string}
  /** Go on to the page as the reader signed in here (their session renewed, as a resume does): the link is not needed. */
  | {next: 'go-on'}
  /** Firebase needs the address the link was sent to, which only the reader can say. */
  | {next: 'ask-address'};

/**
 * What a sign-in link opened here does, from the address this browser asked it for (null: asked in another
 * browser, or used here already) and the reader Firebase has signed in here (null: nobody). A reader signed
 * in already reads on, without being asked for an address: they opened the link again once it had signed
 * them in, or opened one asked for elsewhere where they were signed in. An unused link for another account
 * stays unused, and valid for its short while; the account menu names who is signed in. Only a link this
 * browser asked for another address switches accounts: the reader asked for it here.
 */
export function linkOpening(askedHere: string | null, signedIn: {email: string | null} | null): LinkOpening {
  if (signedIn === null) return askedHere === null ? {next: 'ask-address'} : {next: 'use-link', email: askedHere};
  const switching = askedHere !== null && (signedIn.email === null || normaliseEmail(signedIn.email) !== normaliseEmail(askedHere));
  return switching ? {next: 'use-link', email: askedHere} : {next: 'go-on'};
}

/** Where the page of an emailed link leads back to: the login page, with the page the reader wanted. */
export function linkReturnUrl(origin: string, target: string): string {
  return new URL(loginUrlFor(target), origin).href;
}

export type FailureOutcome =
  /** Show the link panel, signed out of Firebase, with a link that proves the address on its way. */
  | {next: 'verify'}
  | {next: 'refused'}
  /**
   * Back to the sign-in form with the error. Signed out of Firebase too, so that the form is only
   * ever shown to a browser nobody is signed in to (no half-signed-in reader for the gate to meet).
   */
  | {next: 'form'; signOut: true};

/** Every refusal but an unverified address (which the password link settles), and Firebase's own word for a disabled account. */
const REFUSED: ReadonlySet<string> = new Set([
  ...SESSION_REFUSALS.filter((code) => code !== 'email-not-verified').map((code) => `session/${code}`),
  'auth/user-disabled',
]);

/** Where a failed sign-in (password, provider or a silent resume) leads. */
export function outcomeOfFailure(code: string | null): FailureOutcome {
  if (code === 'session/email-not-verified') return {next: 'verify'};
  // A disabled account reads like any other the policy refuses.
  if (code !== null && REFUSED.has(code)) return {next: 'refused'};
  return {next: 'form', signOut: true};
}

/** The gate server's answer about what the login page offers: not in yet, or not to be had. */
export type OptionsAnswer = SignInOptions | 'pending' | 'failed';

/** What the page offers, as the form shows it. */
export interface OfferedOptions {
  /** "Create an account": offered, withheld, or not known yet (the gate has not answered). */
  signUp: 'offered' | 'withheld' | 'undecided';
  emailSignIn: EmailSignIn;
}

/**
 * Offer "Create an account" only once the gate server said sign-up is open; without a gate server
 * (the dev server) nobody decides otherwise. Until it answers, or when it cannot be asked, both ways to
 * sign in with an address (the default).
 */
export function offeredOptions(mode: GateMode, answer: OptionsAnswer): OfferedOptions {
  if (mode !== 'server') return {signUp: 'offered', emailSignIn: 'both'};
  if (answer === 'pending') return {signUp: 'undecided', emailSignIn: 'both'};
  if (answer === 'failed') return {signUp: 'withheld', emailSignIn: 'both'};
  return {signUp: answer.signUp === 'open' ? 'offered' : 'withheld', emailSignIn: answer.emailSignIn};
}

/** The link that proves an address: a sign-in link unless the gate offers passwords only. */
export function proofLinkOf(emailSignIn: EmailSignIn): EmailLink {
  return emailSignIn === 'password' ? 'password' : 'sign-in';
}

/** The form the page shows for `mode`: what the gate does not offer gives way to what it does. */
export function formModeShown(mode: FormMode, emailSignIn: EmailSignIn): FormMode {
  if (emailSignIn === 'link' && (mode === 'sign-in' || mode === 'reset')) return 'link';
  if (emailSignIn === 'password' && mode === 'link') return 'sign-in';
  return mode;
}

/** The other forms a form offers to switch to, in the order they show. */
export function formSwitches(mode: FormMode, {signUp, emailSignIn}: OfferedOptions): FormMode[] {
  const signUpOffered = signUp === 'offered';
  switch (mode) {
    case 'sign-in':
      return ['reset', ...(emailSignIn === 'both' ? (['link'] as const) : []), ...(signUpOffered ? (['sign-up'] as const) : [])];
    case 'link':
      return [...(emailSignIn === 'both' ? (['sign-in'] as const) : []), ...(signUpOffered ? (['sign-up'] as const) : [])];
    case 'sign-up':
    case 'reset':
      return [emailSignIn === 'link' ? 'link' : 'sign-in'];
  }
}

/**
 * The switches whose place the form keeps, unseen, until the gate answers: "Create an account", which the
 * default settings offer, so that it does not push what is below it down as it appears (a layout shift).
 */
export function heldSwitches(mode: FormMode, {signUp}: OfferedOptions): FormMode[] {
  return signUp === 'undecided' && (mode === 'sign-in' || mode === 'link') ? ['sign-up'] : [];
}

/**
 * How long after a sign-out in this tab a reader reported by Firebase is taken for one that a
 * starting tab wrote back (Firebase saves the user it loaded, after a network round trip), not
 * for a new sign-in.
 */
export const SIGN_OUT_SETTLE_MS = 10_000;

/**
 * Firebase reports a reader while the sign-in form shows: renew their session, or, right after
 * this tab signed out, finish that sign-out.
 */
export function onReaderReported(signedOutAt: number | null, now: number): 'resume' | 'finish-sign-out' {
  return signedOutAt !== null && now >= signedOutAt && now - signedOutAt < SIGN_OUT_SETTLE_MS ? 'finish-sign-out' : 'resume';
}
