/** The login page's decisions, apart from the calls and the markup: which panel the reader sees next. */
import type {GateMode} from './settings';
import type {SignInOptions} from '../../shared/session';

export type FormMode = 'sign-in' | 'sign-up' | 'reset';

export type LoginView =
  | {panel: 'form'; mode: FormMode}
  /** Firebase still knows the reader: renewing the server session without the password. */
  | {panel: 'resuming'}
  /** The account's address must be verified first; a link is on its way to `email`. */
  | {panel: 'verify'; email: string}
  /** A valid sign-in the reader policy does not admit. */
  | {panel: 'refused'; email: string};

/** Where the failed step started: the sign-in form (password, provider), a silent resume, or the verification panel. */
export type FailedFrom = 'form' | 'resume' | 'verify';

export type FailureOutcome =
  /** Show the verification panel; `sendLink` when no link was sent for this sign-in yet. */
  | {next: 'verify'; sendLink: boolean}
  | {next: 'refused'}
  /**
   * Back to the sign-in form with the error. Signed out of Firebase too, so that the form is only
   * ever shown to a browser nobody is signed in to (no half-signed-in reader for the gate to meet).
   */
  | {next: 'form'; signOut: true}
  /** Stay on the current panel with the error; the reader can try again from there. */
  | {next: 'stay'};

const REFUSED: ReadonlySet<string> = new Set(['session/not-allowed', 'session/anonymous', 'session/disabled', 'auth/user-disabled']);

export function outcomeOfFailure(code: string | null, from: FailedFrom): FailureOutcome {
  if (code === 'session/email-not-verified') {
    return from === 'verify' ? {next: 'stay'} : {next: 'verify', sendLink: from === 'form'};
  }
  // A disabled account reads like any other the policy refuses.
  if (code !== null && REFUSED.has(code)) return {next: 'refused'};
  return from === 'verify' ? {next: 'stay'} : {next: 'form', signOut: true};
}

export type VerificationCheck = 'signed-in' | 'no-user' | 'unverified';

export type VerificationOutcome =
  | {next: 'target'}
  /** Nobody is signed in here (the address already had an account): sign in with its password. */
  | {next: 'sign-in'}
  | {next: 'stay'; code: string};

export function outcomeOfVerificationCheck(check: VerificationCheck): VerificationOutcome {
  switch (check) {
    case 'signed-in':
      return {next: 'target'};
    case 'no-user':
      return {next: 'sign-in'};
    case 'unverified':
      return {next: 'stay', code: 'session/email-not-verified'};
  }
}

/** The gate server's answer about sign-up: not yet in, or not to be had. */
export type SignUpAnswer = SignInOptions['signUp'] | 'pending' | 'failed';

/**
 * Offer "Create an account" only once the gate server said sign-up is open; without a gate server
 * (the dev server) nobody decides otherwise.
 */
export function offersSignUp(mode: GateMode, answer: SignUpAnswer): boolean {
  return mode !== 'server' || answer === 'open';
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
