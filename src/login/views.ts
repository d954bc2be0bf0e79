/**
 * What the login page can show: its panels, the form's kinds and the links it sends. The reducer
 * (flow.ts) decides which one follows which; the wording (copy.ts) says each.
 */

/** The form's kinds: email and password, an account to create, a password to reset, a sign-in link to ask for. */
export type FormMode = 'sign-in' | 'sign-up' | 'reset' | 'link';

/**
 * The link that proves an address: a sign-in link (the gate offers links), or Firebase's password-reset
 * link, with which the owner of the mailbox chooses the password (that also verifies the address).
 */
export type EmailLink = 'sign-in' | 'password';

export type LoginView =
  | {panel: 'form'; mode: FormMode}
  /** Firebase still knows the reader: renewing the server session without the password (shown while it runs). */
  | {panel: 'resuming'}
  /** A link is on its way to `email`: for `reason`, of the `link` kind. */
  | {panel: 'link-sent'; email: string; reason: LinkReason; link: EmailLink}
  /** A sign-in link opened in a browser that did not ask for it: Firebase needs the address again. */
  | {panel: 'confirm-link'; href: string}
  /** A valid sign-in the reader policy does not admit. */
  | {panel: 'refused'; email: string};

/**
 * Why the page sent a link: the reader asked for a sign-in link, "Create an account" (for a new address
 * and a taken one alike, so that the page never tells which addresses have accounts), a sign-in whose
 * address is not verified, or Firebase's own verification link opened (see src/auth/actionLink.ts).
 */
export type LinkReason = 'sign-in-link' | 'sign-up' | 'unverified' | 'verify-link';
