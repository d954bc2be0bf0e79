import {describe, expect, it} from 'vitest';
import {readBuildSettings} from '../../contracts/buildSettings';
import {SettingError} from '../../contracts/envSettings';

describe('readBuildSettings', () => {
  it.each([
    [{}, {TUTORIAL_HUB_PRECOMPRESS: '0'}],
    [
      {TUTORIAL_HUB_PRECOMPRESS: '1', TUTORIAL_HUB_GATE: 'client'},
      {TUTORIAL_HUB_PRECOMPRESS: '1', TUTORIAL_HUB_GATE: 'client'},
    ],
    [
      {FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_API_KEY: 'key', FIREBASE_APP_ID: '1:2:web:3'},
      {FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_API_KEY: 'key', FIREBASE_APP_ID: '1:2:web:3', TUTORIAL_HUB_PRECOMPRESS: '0'},
    ],
    [
      {MEDIA_ORIGINS: 'https://img.shields.io', TUTORIAL_HUB_GATE: ''},
      {MEDIA_ORIGINS: 'https://img.shields.io', TUTORIAL_HUB_PRECOMPRESS: '0'},
    ],
  ])('reads %j', (env, settings) => {
    expect(readBuildSettings(env)).toEqual(settings);
  });

  it.each([
    [{TUTORIAL_HUB_GATE: 'none'}, 'TUTORIAL_HUB_GATE must be one of server, client, off; got "none"'],
    [{TUTORIAL_HUB_PRECOMPRESS: 'yes'}, 'TUTORIAL_HUB_PRECOMPRESS must be 0 or 1; got "yes"'],
    [{FIREBASE_PROJECT_ID: 'acme-docs'}, 'FIREBASE_API_KEY is required for the Firebase project "acme-docs"'],
  ])('refuses %j in one line naming the variable', (env, message) => {
    expect(() => readBuildSettings(env)).toThrow(new SettingError(message));
  });
});
