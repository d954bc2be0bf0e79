/** Firebase Admin's Auth for the configured project, in an app of its own that closing deletes. */
import {randomUUID} from 'node:crypto';
import {deleteApp, initializeApp} from 'firebase-admin/app';
import {getAuth, type Auth} from 'firebase-admin/auth';

/** The error codes of firebase-admin's Auth that the gate and the readers command act on. */
export const USER_DISABLED = 'auth/user-disabled';
export const USER_NOT_FOUND = 'auth/user-not-found';

/** The `code` of an error firebase-admin threw, if it has one. */
export function firebaseErrorCode(error: unknown): unknown {
  return (error as {code?: unknown} | null)?.code;
}

export interface FirebaseAuth {
  auth: Auth;
  close(): Promise<void>;
}

/**
 * firebase-admin takes the emulator's address only from FIREBASE_AUTH_EMULATOR_HOST in the
 * environment, read at every call: the process entry (main.ts) or the test runner sets it.
 */
export function firebaseAuth(projectId: string): FirebaseAuth {
  const app = initializeApp({projectId}, `gate-${randomUUID()}`);
  return {auth: getAuth(app), close: () => deleteApp(app)};
}
