/** The sign-in flows of the login page: Firebase first, then (behind the gate server) the session cookie. */
import {
  browserPopupRedirectResolver,
  checkActionCode,
  createUserWithEmailAndPassword,
  getRedirectResult,
  GithubAuthProvider,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type User,
} from 'firebase/auth';
import {authClient} from '../auth/firebase';
import {authErrorCode, AuthFlowError} from '../auth/errors';
import {prepareLinkSignIn, startServerSession} from '../auth/gateApi';
import {AUTH_SETTINGS} from '../auth/siteSettings';
import {withTimeout} from '../auth/timeout';
import {isEmailAddress} from '../../contracts/email';
import type {ProviderName} from './flow';

const REDIRECT_PENDING_KEY = 'tutorial-hub:provider-redirect-pending';
/** The address this browser last asked a sign-in link for: Firebase wants it again to use the link. */
const LINK_ADDRESS_KEY = 'tutorial-hub:sign-in-link-address';

function providerFor(name: ProviderName) {
  return name === 'google' ? new GoogleAuthProvider() : new GithubAuthProvider();
}

/** Makes the server trust this browser too, with an ID token minted just now. */
async function establishSession(user: User): Promise<void> {
  if (AUTH_SETTINGS.gateMode !== 'server') return;
  const idToken = await withTimeout(user.getIdToken(true));
  await startServerSession(idToken);
}

function validateCredentials(email: string, password: string | null): void {
  if (email.trim() === '') throw new AuthFlowError('auth/missing-email');
  if (!isEmailAddress(email)) throw new AuthFlowError('auth/invalid-email');
  if (password !== null && password === '') throw new AuthFlowError('auth/missing-password');
}

/** The signed-in Firebase user: a session refused by the gate still leaves the reader signed in to Firebase. */
export function currentUser(): User | null {
  return authClient().currentUser;
}

/**
 * The reader Firebase has signed in to this browser, once it has read them from the browser's storage
 * (before that, `currentUser` is null whoever is signed in); null for nobody.
 */
export async function signedInReader(): Promise<User | null> {
  const auth = authClient();
  // Not read in time, or not at all: nobody counts as signed in, and the page asks what it would ask anyone.
  await withTimeout(auth.authStateReady()).catch(() => undefined);
  return auth.currentUser;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  validateCredentials(email, password);
  const {user} = await withTimeout(signInWithEmailAndPassword(authClient(), email.trim(), password));
  await establishSession(user);
}

/** A password nobody knows, not even this page once it has gone. */
function unguessablePassword(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * "Create an account": makes the account if the address has none, with a password nobody knows, and
 * resolves alike when it has one; this browser is then signed out of it. The caller sends the link of
 * sendResetLink, with which the owner of the mailbox chooses the password and verifies the address in
 * one step: whoever registers an address first never holds a password that outlives that proof.
 */
export async function createAccount(email: string): Promise<void> {
  validateCredentials(email, null);
  const auth = authClient();
  try {
    await withTimeout(createUserWithEmailAndPassword(auth, email.trim(), unguessablePassword()));
  } catch (error) {
    if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
  }
  await signOut(auth);
}

/**
 * Sends Firebase's password-reset link (which also verifies the address), whose page leads back to
 * `returnUrl`. Resolves alike whether or not an account uses the address.
 */
export async function sendResetLink(email: string, returnUrl: string): Promise<void> {
  validateCredentials(email, null);
  try {
    await withTimeout(sendPasswordResetEmail(authClient(), email.trim(), {url: returnUrl}));
  } catch (error) {
    // Projects without Firebase's email enumeration protection (and the emulator) say so; we do not.
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/**
 * Sends a sign-in link, whose page leads back to `returnUrl`, and remembers the address in this browser
 * (the link asks for it again elsewhere). Firebase sends it whether or not an account uses the address.
 */
export async function sendSignInLink(email: string, returnUrl: string): Promise<void> {
  validateCredentials(email, null);
  await withTimeout(sendSignInLinkToEmail(authClient(), email.trim(), {url: returnUrl, handleCodeInApp: true}));
  localStorage.setItem(LINK_ADDRESS_KEY, email.trim());
}

/** The address this browser asked a sign-in link for, or null (the link was opened elsewhere). */
export function addressAskedHere(): string | null {
  return localStorage.getItem(LINK_ADDRESS_KEY);
}

/**
 * Signs in to Firebase with a sign-in link sent to `email` (no server session yet). Behind the gate server
 * an unverified account of the address is taken back first, so that the link's proof of the mailbox lets
 * in nobody who registered the address with a password of their own; when that cannot be done, the link
 * stays unused.
 */
export async function signInWithLink(email: string, href: string): Promise<void> {
  validateCredentials(email, null);
  const auth = authClient();
  if (!isSignInWithEmailLink(auth, href)) throw new AuthFlowError('auth/invalid-action-code');
  if (AUTH_SETTINGS.gateMode === 'server') await prepareLinkSignIn(email.trim());
  try {
    await withTimeout(signInWithEmailLink(auth, email.trim(), href));
  } catch (error) {
    // Firebase's word for another address than the one the link was sent to.
    if (authErrorCode(error) === 'auth/invalid-email') throw new AuthFlowError('auth/email-link-mismatch');
    throw error;
  }
  localStorage.removeItem(LINK_ADDRESS_KEY);
}

/** The address an emailed Firebase link is for, read without applying the link: its code stays unused. */
export async function addressOfActionCode(oobCode: string): Promise<string> {
  const {data} = await withTimeout(checkActionCode(authClient(), oobCode));
  // Sign-in links name no address here.
  if (!data.email) throw new AuthFlowError('auth/invalid-action-code');
  return data.email;
}

/**
 * Opens the provider's popup; when the browser blocks it, leaves for the provider's page
 * instead (and resolves without signing in: the page unloads).
 */
export async function signInWithProvider(name: ProviderName): Promise<void> {
  const auth = authClient();
  try {
    const {user} = await signInWithPopup(auth, providerFor(name), browserPopupRedirectResolver);
    await establishSession(user);
  } catch (error) {
    if (authErrorCode(error) !== 'auth/popup-blocked') throw error;
    sessionStorage.setItem(REDIRECT_PENDING_KEY, name);
    await signInWithRedirect(auth, providerFor(name), browserPopupRedirectResolver);
  }
}

/** True when this tab left for a provider's page (its popup was blocked) and is now back. */
export function isBackFromProviderRedirect(): boolean {
  return sessionStorage.getItem(REDIRECT_PENDING_KEY) !== null;
}

/** After a provider redirect back to /login: true when it signed the reader in. */
export async function completeProviderRedirect(): Promise<boolean> {
  sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  const result = await withTimeout(getRedirectResult(authClient(), browserPopupRedirectResolver));
  if (!result) return false;
  await establishSession(result.user);
  return true;
}

/** Renews the server session of a reader Firebase still knows, without asking for the password. */
export async function resumeSession(): Promise<void> {
  const user = currentUser();
  if (!user) throw new AuthFlowError('session/rejected');
  await establishSession(user);
}

/** Signs this browser out of Firebase only: the gate never gave it a session. */
export async function leaveFirebase(): Promise<void> {
  await signOut(authClient());
}
