/** The login page's words that depend on where the reader is in it. */
import type {FormMode, LinkReason, LoginView} from './flow';

/** Each panel's heading. */
export function headingOf(view: LoginView): string {
  switch (view.panel) {
    case 'form':
      if (view.mode === 'sign-up') return 'Create your Tutorial Hub account';
      return view.mode === 'reset' ? 'Reset your password' : 'Sign in to Tutorial Hub';
    case 'resuming':
      return 'Sign in to Tutorial Hub';
    case 'verify':
      return 'Verify your email address';
    case 'refused':
      return 'No access with this account';
  }
}

/** Under each form's heading: what the form is for, and what happens once it is sent. */
export function formLead(mode: FormMode): string {
  switch (mode) {
    case 'sign-in':
      return 'Tutorial Hub is for signed-in readers. Sign in to continue to your tutorial.';
    case 'sign-up':
      return 'Choose the email address and password you will sign in with. You confirm the address from your inbox before you start reading.';
    case 'reset':
      return 'Enter the email address you sign in with. If it has an account, we send it a link to choose a new password.';
  }
}

export const SUBMIT_LABEL: Record<FormMode, {idle: string; busy: string}> = {
  'sign-in': {idle: 'Sign in', busy: 'Signing in…'},
  'sign-up': {idle: 'Create account', busy: 'Creating your account…'},
  reset: {idle: 'Send reset link', busy: 'Sending…'},
};

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

/** The same words whether or not an account uses the address. */
export const resetLinkNotice = (email: string) => `If an account uses ${email}, a link to reset its password is on its way.`;

export const sentAgainNotice = (email: string) => `We sent another link to ${email}.`;

/**
 * Shown on the sign-in form to a reader whose session this browser saw end without them signing out
 * here: signed out elsewhere, or no longer admitted. The same words for every cause, so that the page
 * says nothing about the account that the next sign-in would not.
 */
export const SESSION_ENDED_NOTICE = 'Your session has ended, so you were signed out. Sign in again to go on reading.';
