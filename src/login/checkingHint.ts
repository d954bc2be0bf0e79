/**
 * The login page's first paint for a reader Firebase probably knows: "Checking your sign-in…" instead of
 * a form they will not need (an expired server session, /login opened while signed in). Decided before
 * the page is painted, by an inline script of the login build (docusaurus.login.config.ts), from the
 * mark the site leaves in the browser while it has a session (sessionEnded.ts): a stranger, and a reader
 * who signed out on purpose, get the form at once, and can type into it before the page hydrates.
 */
import {HAD_SESSION_KEY} from '../auth/sessionEnded';

/** On `<html>` while the page checks; styles.module.css hides the form under it. */
export const CHECKING_ATTRIBUTE = 'data-checking-sign-in';

export const CHECKING_SCRIPT = `try{localStorage.getItem(${JSON.stringify(HAD_SESSION_KEY)})!==null&&document.documentElement.setAttribute(${JSON.stringify(CHECKING_ATTRIBUTE)},"")}catch(e){}`;

/** Firebase has answered, and the flow has taken a known reader on: the page shows what it decided. */
export function doneChecking(): void {
  document.documentElement.removeAttribute(CHECKING_ATTRIBUTE);
}
