/** The sign-in flows of the login page: Firebase first, then (behind the gate server) the session cookie. */
import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  getRedirectResult,
  GithubAuthProvider,
  GoogleAuthProvider,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type User,
} from 'firebase/auth';
import {authClient} from './firebase';
import {authErrorCode, AuthFlowError} from './errors';
import {startServerSession} from './session';
import {withTimeout} from './timeout';
import type {AuthSettings} from './settings';

export type ProviderName = 'google' | 'github';

const REDIRECT_PENDING_KEY = 'tutorial-hub:provider-redirect-pending';
/** Firebase's own minimum; checked here so that the answer never depends on whether the address is taken. */
const MIN_PASSWORD_LENGTH = 6;

function providerFor(name: ProviderName) {
  return name === 'google' ? new GoogleAuthProvider() : new GithubAuthProvider();
}

/** Makes the server trust this browser too, with an ID token minted just now. */
export async function establishSession(settings: AuthSettings, user: User): Promise<void> {
  if (settings.gateMode !== 'server') return;
  const idToken = await withTimeout(user.getIdToken(true));
  await startServerSession(idToken);
}

export function validateCredentials(email: string, password: string | null): void {
  if (email.trim() === '') throw new AuthFlowError('auth/missing-email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new AuthFlowError('auth/invalid-email');
  if (password !== null && password === '') throw new AuthFlowError('auth/missing-password');
}

/** The signed-in Firebase user: a session refused by the gate still leaves the reader signed in to Firebase. */
export function currentUser(settings: AuthSettings): User | null {
  return authClient(settings).currentUser;
}

export async function signInWithPassword(settings: AuthSettings, email: string, password: string): Promise<void> {
  validateCredentials(email, password);
  const {user} = await withTimeout(signInWithEmailAndPassword(authClient(settings), email.trim(), password));
  await establishSession(settings, user);
}

/**
 * Creates the account, or finds that the address already has one, and resolves alike: the caller
 * then sends the link of sendAccountLink, so the page never tells a stranger which addresses have accounts.
 */
export async function createAccount(settings: AuthSettings, email: string, password: string): Promise<void> {
  validateCredentials(email, password);
  if (password.length < MIN_PASSWORD_LENGTH) throw new AuthFlowError('auth/weak-password');
  try {
    await withTimeout(createUserWithEmailAndPassword(authClient(settings), email.trim(), password));
  } catch (error) {
    if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
  }
}

/** Resolves alike whether or not an account uses the address. */
export async function sendResetLink(settings: AuthSettings, email: string): Promise<void> {
  validateCredentials(email, null);
  try {
    await withTimeout(sendPasswordResetEmail(authClient(settings), email.trim()));
  } catch (error) {
    // Projects without Firebase's email enumeration protection (and the emulator) say so; we do not.
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/**
 * The link the verification panel promises to `email`: a verification link when that account is
 * signed in here or, when it is not (the address already had an account), a password-reset link
 * so that its owner can get in.
 */
export async function sendAccountLink(settings: AuthSettings, email: string): Promise<void> {
  const user = currentUser(settings);
  if (user?.email && user.email.toLowerCase() === email.trim().toLowerCase()) {
    await withTimeout(sendEmailVerification(user));
  } else {
    await sendResetLink(settings, email);
  }
}

/**
 * After the reader says they followed the verification link: Firebase's fresh word on the account,
 * then a session from an ID token that carries it. `no-user` when nobody is signed in to Firebase here.
 */
export async function continueAfterVerification(settings: AuthSettings): Promise<'signed-in' | 'no-user' | 'unverified'> {
  const user = currentUser(settings);
  if (!user) return 'no-user';
  await withTimeout(reload(user));
  if (!user.emailVerified) return 'unverified';
  await establishSession(settings, user);
  return 'signed-in';
}

/**
 * Opens the provider's popup; when the browser blocks it, leaves for the provider's page
 * instead (and resolves without signing in: the page unloads).
 */
export async function signInWithProvider(settings: AuthSettings, name: ProviderName): Promise<void> {
  const auth = authClient(settings);
  try {
    const {user} = await signInWithPopup(auth, providerFor(name), browserPopupRedirectResolver);
    await establishSession(settings, user);
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
export async function completeProviderRedirect(settings: AuthSettings): Promise<boolean> {
  sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  const result = await withTimeout(getRedirectResult(authClient(settings), browserPopupRedirectResolver));
  if (!result) return false;
  await establishSession(settings, result.user);
  return true;
}

/** Renews the server session of a reader Firebase still knows, without asking for the password. */
export async function resumeSession(settings: AuthSettings): Promise<void> {
  const user = currentUser(settings);
  if (!user) throw new AuthFlowError('session/rejected');
  await establishSession(settings, user);
}

/** Signs this browser out of Firebase only: the gate never gave it a session. */
export async function leaveFirebase(settings: AuthSettings): Promise<void> {
  await signOut(authClient(settings));
}
