/**
 * Build-time sign-in settings, read from the environment by docusaurus.config.ts
 * and handed to the browser through `customFields.auth`.
 */
import {DEMO_API_KEY, firebaseProjectFromEnv, type Env} from '../../contracts/firebaseProject';

export type GateMode =
  /** Served by the gate server: HTML reaches the browser only for verified sessions. */
  | 'server'
  /** No gate server (dev server, plain static hosting): the browser alone hides pages. */
  | 'client'
  /** No sign-in at all; only for benchmarks against a plain Docusaurus site. */
  | 'off';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export interface AuthSettings {
  firebase: FirebaseWebConfig;
  /** `host:port` of the Auth emulator, or null for the real Firebase service. */
  emulatorHost: string | null;
  gateMode: GateMode;
}

const GATE_MODES: readonly GateMode[] = ['server', 'client', 'off'];

function parseGateMode(value: string | undefined, fallback: GateMode): GateMode {
  if (value === undefined || value === '') return fallback;
  if ((GATE_MODES as readonly string[]).includes(value)) return value as GateMode;
  throw new Error(`TUTORIAL_HUB_GATE must be one of ${GATE_MODES.join(', ')}; got "${value}"`);
}

/** The browser's half of firebaseProjectFromEnv, plus the web app's own keys and the gate mode. */
export function authSettingsFromEnv(env: Env, defaultGateMode: GateMode): AuthSettings {
  const {projectId, isDemo, emulatorHost, authDomain} = firebaseProjectFromEnv(env);
  if (!isDemo && !env.FIREBASE_API_KEY) {
    throw new Error(`FIREBASE_API_KEY is required for the Firebase project "${projectId}"`);
  }
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY || DEMO_API_KEY,
      authDomain,
      projectId,
      ...(env.FIREBASE_APP_ID ? {appId: env.FIREBASE_APP_ID} : {}),
    },
    emulatorHost,
    gateMode: parseGateMode(env.TUTORIAL_HUB_GATE, defaultGateMode),
  };
}
