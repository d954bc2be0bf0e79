/**
 * The Firebase SDK as the site's code calls it (`firebase/app` and `firebase/auth` resolve here in the
 * component tests: vitest.config.ts), over a project held in memory: accounts with passwords, the reader
 * signed in to this browser, and the providers' sign-in, which fails as the SDK does when it cannot load a
 * provider's page. Each call answers with what the SDK answers (its error codes); only what src/ calls is here.
 */
import type * as app from 'firebase/app';
import type * as auth from 'firebase/auth';

class FakeAuthError extends Error {
  constructor(readonly code: string) {
    super(`Firebase: Error (${code}).`);
  }
}

type Listener = (user: auth.User | null) => void;

const project = {
  /** Each account's password, by its address. */
  accounts: new Map<string, string>(),
  user: null as auth.User | null,
  listeners: new Set<Listener>(),
};

function userOf(email: string): auth.User {
  return {email, displayName: null, emailVerified: true, getIdToken: async () => `id-token-of-${email}`} as unknown as auth.User;
}

function report(user: auth.User | null): void {
  project.user = user;
  for (const listener of project.listeners) listener(user);
}

/** The test's side: who has an account, who is signed in. */
export const firebase = {
  addAccount(email: string, password: string): void {
    project.accounts.set(email, password);
  },
  /** The reader Firebase reports for this browser, as it does once it has read its storage. */
  signedIn(email: string): void {
    report(userOf(email));
  },
  get currentEmail(): string | null {
    return project.user?.email ?? null;
  },
  reset(): void {
    project.accounts.clear();
    project.listeners.clear();
    project.user = null;
  },
};

const client = {
  get currentUser() {
    return project.user;
  },
  authStateReady: async () => undefined,
} as unknown as auth.Auth;

export const initializeApp: typeof app.initializeApp = () => ({}) as app.FirebaseApp;
export const initializeAuth: typeof auth.initializeAuth = () => client;
export const connectAuthEmulator: typeof auth.connectAuthEmulator = () => undefined;
export const browserLocalPersistence = {type: 'LOCAL'} as auth.Persistence;
export const indexedDBLocalPersistence = {type: 'LOCAL'} as auth.Persistence;
export const browserPopupRedirectResolver = {} as auth.PopupRedirectResolver;

export class GoogleAuthProvider {
  readonly providerId = 'google.com';
}
export class GithubAuthProvider {
  readonly providerId = 'github.com';
}

export const onAuthStateChanged = ((_auth: auth.Auth, listener: Listener) => {
  project.listeners.add(listener);
  // As the SDK does: the first report comes once the browser's storage is read.
  void Promise.resolve().then(() => project.listeners.has(listener) && listener(project.user));
  return () => project.listeners.delete(listener);
}) as typeof auth.onAuthStateChanged;

export const signInWithEmailAndPassword = (async (_auth: auth.Auth, email: string, password: string) => {
  if (project.accounts.get(email) !== password) throw new FakeAuthError('auth/invalid-credential');
  report(userOf(email));
  return {user: project.user} as auth.UserCredential;
}) as typeof auth.signInWithEmailAndPassword;

export const signOut: typeof auth.signOut = async () => report(null);

// The provider's page out of reach, as on a machine offline (the SDK cannot load its loader).
export const signInWithPopup: typeof auth.signInWithPopup = () => Promise.reject(new FakeAuthError('auth/network-request-failed'));

export const signInWithRedirect: typeof auth.signInWithRedirect = () =>
  Promise.reject(new FakeAuthError('auth/operation-not-supported-in-this-environment'));
export const getRedirectResult: typeof auth.getRedirectResult = async () => null;
export const createUserWithEmailAndPassword: typeof auth.createUserWithEmailAndPassword = () =>
  Promise.reject(new FakeAuthError('auth/email-already-in-use'));
export const sendPasswordResetEmail: typeof auth.sendPasswordResetEmail = async () => undefined;
export const sendSignInLinkToEmail: typeof auth.sendSignInLinkToEmail = async () => undefined;
export const isSignInWithEmailLink: typeof auth.isSignInWithEmailLink = () => false;
export const signInWithEmailLink: typeof auth.signInWithEmailLink = () => Promise.reject(new FakeAuthError('auth/invalid-action-code'));
export const checkActionCode: typeof auth.checkActionCode = () => Promise.reject(new FakeAuthError('auth/invalid-action-code'));
