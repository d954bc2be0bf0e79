/** The login page's words that depend on where the reader is in it; `site` is the site's name (site.config.ts). */
import type {SiteContact} from '../../contracts/siteSettings';
import type {EmailLink, FormMode, LinkReason, LoginView} from './views';

/** Each panel's heading. */
export function headingOf(view: LoginView, site: string): string {
  switch (view.panel) {
    case 'form':
      if (view.mode === 'sign-up') return `Create your ${site} account`;
      return view.mode === 'reset' ? 'Reset your password' : `Sign in to ${site}`;
    case 'resuming':
      return `Sign in to ${site}`;
    case 'link-sent':
      return view.reason === 'sign-in-link' ? 'Check your email' : 'Verify your email address';
    case 'confirm-link':
      return 'Confirm your email address';
    case 'refused':
      return 'No access with this account';
  }
}

/**
 * Under each form's heading: what the form is for, and what happens once it is sent. A new account's
 * address is proven by `proof`, the link the page sends for it.
 */
export function formLead(mode: FormMode, proof: EmailLink, site: string): string {
  switch (mode) {
    case 'sign-in':
      return `${site} is for signed-in readers. Sign in to continue to your tutorial.`;
    case 'link':
      return `Enter the email address you read ${site} with: we email it a link that signs you in. No password needed.`;
    case 'sign-up':
      return proof === 'sign-in'
        ? 'Enter your email address: we email it a link that signs you in and confirms the address. No password to choose.'
        : 'Enter your email address: we email it a link to choose your password, which also confirms the address. Then sign in here with it.';
    case 'reset':
      return 'Enter the email address you sign in with. If it has an account, we send it a link to choose a new password.';
  }
}

export const SUBMIT_LABEL: Record<FormMode, {idle: string; busy: string}> = {
  'sign-in': {idle: 'Sign in', busy: 'Signing in…'},
  link: {idle: 'Email me a sign-in link', busy: 'Sending…'},
  'sign-up': {idle: 'Create account', busy: 'Creating your account…'},
  reset: {idle: 'Send reset link', busy: 'Sending…'},
};

/** The button that switches to each form from another one. */
export const SWITCH_LABEL: Record<FormMode, string> = {
  'sign-in': 'Sign in with a password',
  link: 'Email me a sign-in link',
  'sign-up': 'Create an account',
  reset: 'Forgot password?',
};

/** The switch back from the forms that are a detour (a new account, a new password). */
export const BACK_TO_SIGN_IN = 'Back to sign in';

/**
 * What the link panel says was sent, in the same words whether or not the address has an account or
 * may read. A password link is Firebase's password-reset link: choosing the password through it also
 * verifies the address, so no password chosen by whoever registered the address first survives that
 * proof. A sign-in link proves the mailbox at every sign-in (and the gate takes back, before it is used, an
 * unverified account anyone else could sign in to).
 */
export function linkPanelCopy(reason: LinkReason, email: string, link: EmailLink): string {
  if (link === 'sign-in') {
    const next = 'Open it to verify the address and sign in.';
    switch (reason) {
      case 'sign-in-link':
        return `We sent a sign-in link to ${email}. Open it in this browser or any other to sign in: it works once, for a short while.`;
      case 'sign-up':
        return `We sent a sign-in link to ${email}. Open it to sign in: that also confirms the address, and there is no password to choose.`;
      case 'unverified':
        return `${email} is not verified yet. We sent a sign-in link to it. ${next}`;
      case 'verify-link':
        return `This link does not verify ${email} on its own: we sent it a sign-in link instead. ${next}`;
    }
  }
  const next = 'Open it and choose a password (that also verifies the address), then sign in here with it.';
  switch (reason) {
    case 'sign-in-link':
    case 'sign-up':
      return `We sent a link to choose your password to ${email}. ${next}`;
    case 'unverified':
      return `${email} is not verified yet. We sent a link to choose a new password to it. ${next}`;
    case 'verify-link':
      return `This link does not verify ${email} on its own: we sent it a link to choose a password instead. ${next}`;
  }
}

/** The password link's way on: the sign-in form, email filled in, once the password is chosen. */
export const SIGN_IN_AFTER_LINK = {button: 'I have chosen my password — sign in', notice: 'Sign in with the password you chose.'} as const;

/** Under the heading of the panel that asks which address a sign-in link opened in another browser was sent to. */
export const CONFIRM_LINK_LEAD =
  'This link was opened in another browser than the one that asked for it. Enter the address it was sent to, once, to sign in.';

/** On the refused panel: how to ask the site's team for access (site.config.ts `contact`), as words before a link. */
export interface AccessRequest {
  lead: string;
  href: string;
  label: string;
}

/**
 * How the reader `email` (or '', an account without an address) asks for access to `site`: a message whose
 * subject names the site and the address to let in, or the team's page.
 */
export function accessRequest(contact: SiteContact, site: string, email: string): AccessRequest {
  if (contact.kind === 'web') return {lead: 'To ask for access, go to', href: contact.url, label: contact.url};
  const subject = email ? `Access to ${site} for ${email}` : `Access to ${site}`;
  return {
    lead: 'To ask for access, write to',
    href: `mailto:${contact.address}?subject=${encodeURIComponent(subject)}`,
    label: contact.address,
  };
}

/** A link that would set an account's address (src/auth/actionLink.ts, `not-applied`), on the form it leads to. */
export function notAppliedNotice(mode: 'verifyAndChangeEmail' | 'recoverEmail', email: string, site: string): string {
  const what =
    mode === 'verifyAndChangeEmail'
      ? `This link would move another account to ${email}.`
      : `This link would give ${email} back to an account that no longer has it.`;
  return `${what} ${site} does not change addresses that way, so nothing was changed. To read with ${email}, sign in with it.`;
}

/** The same words whether or not an account uses the address. */
export const resetLinkNotice = (email: string) => `If an account uses ${email}, a link to reset its password is on its way.`;

export const sentAgainNotice = (email: string) => `We sent another link to ${email}.`;

/**
 * Shown on the sign-in form to a reader whose session this browser saw end without them signing out
 * here: signed out elsewhere, or no longer admitted. The same words for every cause, so that the page
 * says nothing about the account that the next sign-in would not.
 */
export const SESSION_ENDED_NOTICE = 'Your session has ended, so you were signed out. Sign in again to go on reading.';
