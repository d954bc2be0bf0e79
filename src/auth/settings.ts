/**
 * Build-time sign-in settings, from the build's settings (contracts/buildSettings.ts) that
 * docusaurus.config.ts reads, handed to the browser through `customFields.auth`.
 */
import type {BuildSettings, GATE_MODES} from '../../contracts/buildSettings';
import {DEMO_API_KEY, firebaseProjectFromEnv} from '../../contracts/firebaseProject';

/**
 * `server`: served by the gate server, HTML reaches the browser only for verified sessions.
 * `client`: no gate server (dev server, plain static hosting), the browser alone hides pages.
 * `off`: no sign-in at all; only for benchmarks against a plain Docusaurus site.
 */
export type GateMode = (typeof GATE_MODES)[number];

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

/** The browser's half of firebaseProjectFromEnv, plus the web app's own keys and the gate mode. */
export function authSettingsOf(settings: BuildSettings, defaultGateMode: GateMode): AuthSettings {
  const {projectId, emulatorHost, authDomain} = firebaseProjectFromEnv(settings);
  return {
    firebase: {
      apiKey: settings.FIREBASE_API_KEY || DEMO_API_KEY,
      authDomain,
      projectId,
      ...(settings.FIREBASE_APP_ID ? {appId: settings.FIREBASE_APP_ID} : {}),
    },
    emulatorHost,
    gateMode: settings.TUTORIAL_HUB_GATE ?? defaultGateMode,
  };
}
