/**
 * Build-time sign-in settings, read from the environment by docusaurus.config.ts
 * and handed to the browser through `customFields.auth`.
 */

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

export const DEMO_PROJECT_ID = 'demo-tutorial-hub';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

type Env = Record<string, string | undefined>;

const GATE_MODES: readonly GateMode[] = ['server', 'client', 'off'];

function parseGateMode(value: string | undefined, fallback: GateMode): GateMode {
  if (value === undefined || value === '') return fallback;
  if ((GATE_MODES as readonly string[]).includes(value)) return value as GateMode;
  throw new Error(`TUTORIAL_HUB_GATE must be one of ${GATE_MODES.join(', ')}; got "${value}"`);
}

/**
 * With no Firebase variables set, the site talks to the Auth emulator of the demo project,
 * so it runs offline. A real project id switches the emulator off unless
 * FIREBASE_AUTH_EMULATOR_HOST asks for it explicitly.
 */
export function authSettingsFromEnv(env: Env, defaultGateMode: GateMode): AuthSettings {
  const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  const isDemo = projectId.startsWith('demo-');
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || (isDemo ? DEFAULT_EMULATOR_HOST : null);
  if (!isDemo && !env.FIREBASE_API_KEY) {
    throw new Error(`FIREBASE_API_KEY is required for the Firebase project "${projectId}"`);
  }
  return {
    firebase: {
      // The emulator accepts any API key; a real project needs its own.
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      projectId,
      ...(env.FIREBASE_APP_ID ? {appId: env.FIREBASE_APP_ID} : {}),
    },
    emulatorHost,
    gateMode: parseGateMode(env.TUTORIAL_HUB_GATE, defaultGateMode),
  };
}
