/**
 * Which Firebase project and identity service the site, the gate, the readers command and the
 * tests talk to, from the same environment variables. With none set, everything uses the Auth
 * emulator of the demo project, so the whole product runs offline.
 */

export const DEMO_PROJECT_ID = 'demo-tutorial-hub';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
/** The web API key of the demo project: the emulator accepts any, a real project needs its own. */
export const DEMO_API_KEY = 'demo-api-key';

/** Environment variables as the server, the scripts and the site's config read them. */
export type Env = Record<string, string | undefined>;

export interface FirebaseProject {
  projectId: string;
  /** `demo-` projects exist only in the emulator: Firebase's own convention. */
  isDemo: boolean;
  /** `host:port` of the Auth emulator, or null for the real Firebase service. */
  emulatorHost: string | null;
  /** The Firebase auth handler's host (provider sign-in pages). */
  authDomain: string;
}

/**
 * The emulator's tokens are unsigned: trusting them for a real project would let anyone in, and an
 * emulator answering for one would make an operator believe real readers changed.
 */
export function emulatorForRealProject({emulatorHost, isDemo}: FirebaseProject): boolean {
  return emulatorHost !== null && !isDemo;
}

/** The settings that name the project, from the environment or a settings schema (the gate's, the build's). */
export interface FirebaseProjectEnv {
  FIREBASE_PROJECT_ID?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  FIREBASE_AUTH_DOMAIN?: string;
}

/** A real project id switches the emulator off unless FIREBASE_AUTH_EMULATOR_HOST asks for it. */
export function firebaseProjectFromEnv(env: FirebaseProjectEnv): FirebaseProject {
  const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  const isDemo = projectId.startsWith('demo-');
  return {
    projectId,
    isDemo,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || (isDemo ? DEFAULT_EMULATOR_HOST : null),
    authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  };
}
