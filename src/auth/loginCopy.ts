/** The login page's words that depend on where the reader is in it. */
import type {FormMode} from './loginFlow';

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

/**
 * Shown on the sign-in form to a reader whose session this browser saw end without them signing out
 * here: signed out elsewhere, or no longer admitted. The same words for every cause, so that the page
 * says nothing about the account that the next sign-in would not.
 */
export const SESSION_ENDED_NOTICE = 'Your session has ended, so you were signed out. Sign in again to go on reading.';
