/** The login page's decisions, apart from the calls and the markup: which panel the reader sees next. */
import type {GateMode} from './settings';
import {SESSION_REFUSALS, type SignInOptions, type SignOutAnswer} from '../../contracts/session';
import {loginUrlFor} from '../../contracts/paths';

export type FormMode = 'sign-in' | 'sign-up' | 'reset';

export type LoginView =
  | {panel: 'form'; mode: FormMode}
  /** Firebase still knows the reader: renewing the server session without the password. */
  | {panel: 'resuming'}
  /** A link that sets the password and verifies the address in one step is on its way to `email`. */
  | {panel: 'verify'; email: string; reason: LinkReason}
  /** A valid sign-in the reader policy does not admit. */
  | {panel: 'refused'; email: string};

/**
 * Why the page sent the password link: "Create an account" (for a new address and a taken one alike,
 * so that the page never tells which addresses have accounts), a sign-in whose address is not verified,
 * or Firebase's own verification link opened (see ./actionLink.ts).
 */
export type LinkReason = 'sign-up' | 'unverified' | 'verify-link';

/**
 * What the verification panel says was sent. Always Firebase's password-reset link: choosing the password
 * through it also verifies the address, so the mailbox owner's proof is the moment the password is set,
 * and no password chosen by whoever registered the address first survives it.
 */
export function linkPanelCopy(reason: LinkReason, email: string): string {
  const next = 'Open it and choose a password (that also verifies the address), then sign in here with it.';
  switch (reason) {
    case 'sign-up':
      return `We sent a link to choose your password to ${email}. ${next}`;
    case 'unverified':
      return `${email} is not verified yet. We sent a link to choose a new password to it. ${next}`;
    case 'verify-link':
      return `This link does not verify ${email} on its own: we sent it a link to choose a password instead. ${next}`;
  }
}

/** The verification panel's way on: the sign-in form, email filled in, once the password is chosen. */
export const SIGN_IN_AFTER_LINK = {button: 'I have chosen my password — sign in', notice: 'Sign in with the password you chose.'} as const;

/** Where the page of an emailed link leads back to: the login page, with the page the reader wanted. */
export function linkReturnUrl(origin: string, target: string): string {
  return new URL(loginUrlFor(target), origin).href;
}

/**
 * What the login page says after a sign-out, when it did not end exactly what the reader asked:
 * part of it waits for the identity service, or every session ended because the reader's list of
 * signed-out sessions was full. Nothing ('') otherwise.
 */
export function noticeAfterSignOut(everywhere: boolean, answer: SignOutAnswer): string {
  if (answer.pending) {
    return everywhere
      ? 'You are signed out in this browser. Your other devices will be signed out once the sign-in service answers again.'
      : 'You are signed out in this browser. The site finishes signing you out once the sign-in service answers again.';
  }
  if (!everywhere && answer.scope === 'everywhere') return 'You were signed out on all your devices. Sign in again on each of them.';
  return '';
}

/** Where the failed step started: the sign-in form (password, provider) or a silent resume. */
export type FailedFrom = 'form' | 'resume';

export type FailureOutcome =
  /** Show the verification panel, signed out of Firebase, with a new password link on its way. */
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

export function outcomeOfFailure(code: string | null): FailureOutcome {
  if (code === 'session/email-not-verified') return {next: 'verify'};
  // A disabled account reads like any other the policy refuses.
  if (code !== null && REFUSED.has(code)) return {next: 'refused'};
  return {next: 'form', signOut: true};
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
