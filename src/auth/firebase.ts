/**
 * The one place that starts the Firebase SDK. Loaded lazily by the auth provider, so the SDK is
 * not on the path to a signed-in reader's first paint.
 */
import {initializeApp} from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  type Auth,
  type User,
} from 'firebase/auth';
import {AUTH_SETTINGS} from './siteSettings';

let auth: Auth | undefined;

export function authClient(): Auth {
  if (!auth) {
    const app = initializeApp(AUTH_SETTINGS.firebase);
    // No popup/redirect resolver here: only the login page needs one, and it brings its own.
    auth = initializeAuth(app, {persistence: [indexedDBLocalPersistence, browserLocalPersistence]});
    if (AUTH_SETTINGS.emulatorHost) {
      connectAuthEmulator(auth, `http://${AUTH_SETTINGS.emulatorHost}`, {disableWarnings: true});
    }
  }
  return auth;
}

export function watchAuthState(listener: (user: User | null) => void): () => void {
  return onAuthStateChanged(authClient(), listener);
}
