import {describe, expect, it} from 'vitest';
import {readBuildSettings} from '../../contracts/buildSettings';
import type {Env} from '../../contracts/firebaseProject';
import {authSettingsOf, type GateMode} from '../../src/auth/settings';

/** The build's settings as docusaurus.config.ts reads them: checked by their schema, then made the browser's. */
const authSettingsFromEnv = (env: Env, defaultGateMode: GateMode) => authSettingsOf(readBuildSettings(env), defaultGateMode);

describe("the build's sign-in settings", () => {
  it('defaults to the demo project on the local Auth emulator', () => {
    expect(authSettingsFromEnv({}, 'server')).toEqual({
      firebase: {apiKey: 'demo-api-key', authDomain: 'demo-tutorial-hub.firebaseapp.com', projectId: 'demo-tutorial-hub'},
      emulatorHost: '127.0.0.1:9099',
      gateMode: 'server',
    });
  });

  it('uses a real project without the emulator', () => {
    const settings = authSettingsFromEnv(
      {FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'docs.acme.com', FIREBASE_APP_ID: '1:2:web:3'},
      'server',
    );
    expect(settings.emulatorHost).toBeNull();
    expect(settings.firebase).toEqual({apiKey: 'key', authDomain: 'docs.acme.com', projectId: 'acme-docs', appId: '1:2:web:3'});
  });

  it('lets FIREBASE_AUTH_EMULATOR_HOST move the emulator', () => {
    expect(authSettingsFromEnv({FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199'}, 'client').emulatorHost).toBe('127.0.0.1:9199');
  });

  it('requires an API key for a real project', () => {
    expect(() => authSettingsFromEnv({FIREBASE_PROJECT_ID: 'acme-docs'}, 'server')).toThrow(/FIREBASE_API_KEY/);
  });

  it('reads the gate mode, and refuses an unknown one', () => {
    expect(authSettingsFromEnv({TUTORIAL_HUB_GATE: 'off'}, 'server').gateMode).toBe('off');
    expect(() => authSettingsFromEnv({TUTORIAL_HUB_GATE: 'none'}, 'server')).toThrow(/TUTORIAL_HUB_GATE/);
  });
});
