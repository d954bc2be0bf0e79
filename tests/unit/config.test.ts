import {describe, expect, it} from 'vitest';
import {loadConfig} from '../../server/config';

describe('loadConfig', () => {
  it('defaults to the demo project and the local emulator on 127.0.0.1:3000', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      buildDir: '/srv/site/build',
      projectId: 'demo-tutorial-hub',
      emulatorHost: '127.0.0.1:9099',
      sessionMaxAgeMs: 5 * 24 * 3600 * 1000,
      revocationCheckMs: 300_000,
      trustProxy: false,
      memoryCacheBytes: 128 * 1024 * 1024,
    });
  });

  it('refuses the emulator for a project that is not demo-', () => {
    expect(() => loadConfig({FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'})).toThrow(
      /not a demo- project.*refusing to start/,
    );
  });

  it('talks to the real service for a real project', () => {
    expect(loadConfig({FIREBASE_PROJECT_ID: 'acme-docs'}).emulatorHost).toBeNull();
  });

  it.each([['0'], ['15'], ['-1'], ['five']])('refuses SESSION_MAX_AGE_DAYS=%s', (days) => {
    expect(() => loadConfig({SESSION_MAX_AGE_DAYS: days})).toThrow(/SESSION_MAX_AGE_DAYS/);
  });

  it('reads the operator settings', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SESSION_MAX_AGE_DAYS: '14',
      SESSION_REVOCATION_CHECK_SECONDS: '60',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: 'true',
      GATE_MEMORY_CACHE_MB: '16',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      sessionMaxAgeMs: 14 * 24 * 3600 * 1000,
      revocationCheckMs: 60_000,
      allowedOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: true,
      memoryCacheBytes: 16 * 1024 * 1024,
    });
  });
});
