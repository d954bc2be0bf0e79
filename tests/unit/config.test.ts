import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
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
      insights: {databaseUrl: null, dataDir: '/srv/site/.tutorial-hub-data/insights', audience: null, retentionDays: 90},
    });
  });

  it('refuses the emulator for a project that is not demo-', () => {
    expect(() => loadConfig({FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'})).toThrow(
      /not a demo- project.*refusing to start/,
    );
  });

  const REAL = {
    FIREBASE_PROJECT_ID: 'acme-docs',
    ALLOWED_EMAIL_DOMAINS: 'acme.com',
    PUBLIC_ORIGIN: 'https://docs.acme.com',
    DATABASE_URL: 'postgres://docs@db.acme.internal:5432/insights',
  };

  it('talks to the real service for a real project', () => {
    expect(loadConfig(REAL).emulatorHost).toBeNull();
  });

  it('refuses to start a real project without a reader policy, in one line naming both variables', () => {
    const attempt = () => loadConfig({...REAL, ALLOWED_EMAIL_DOMAINS: ''});
    expect(attempt).toThrow(/^Set ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS_FILE: .*refusing to start\.$/);
  });

  it('refuses to start a real project without its public origin', () => {
    expect(() => loadConfig({...REAL, PUBLIC_ORIGIN: ''})).toThrow(/PUBLIC_ORIGIN.*refusing to start/);
  });

  it.each([['docs.acme.com'], ['https://docs.acme.com/path'], ['ftp://docs.acme.com'], ['not a url'], ['https://docs.acme.com;x']])(
    'refuses PUBLIC_ORIGIN=%s',
    (origin) => {
      expect(() => loadConfig({...REAL, PUBLIC_ORIGIN: origin})).toThrow(/PUBLIC_ORIGIN must be an origin/);
    },
  );

  it('reads MEDIA_ORIGINS into a list, and refuses an entry that is not an https origin, naming it', () => {
    expect(loadConfig({MEDIA_ORIGINS: 'https://img.shields.io, https://www.youtube-nocookie.com'}).mediaOrigins).toEqual([
      'https://img.shields.io',
      'https://www.youtube-nocookie.com',
    ]);
    expect(() => loadConfig({MEDIA_ORIGINS: 'https://img.shields.io/badge'})).toThrow(
      'MEDIA_ORIGINS lists "https://img.shields.io/badge": each entry must be an https origin',
    );
  });

  it('admits every verified email on a demo project with no policy, and says so', () => {
    const config = loadConfig({});
    expect(config.policy).toEqual({domains: 'any', emailsFile: null});
    expect(config.openDemoPolicy).toBe(true);
    expect(config.signUp).toBe('open');
    expect(config.publicOrigin).toBeNull();
  });

  it('reads the reader policy', () => {
    const config = loadConfig(
      {...REAL, ALLOWED_EMAIL_DOMAINS: 'Acme.com,acme.org', ALLOWED_EMAILS_FILE: 'readers.txt', SIGN_UP: 'closed'},
      '/srv',
    );
    expect(config.policy).toEqual({domains: new Set(['acme.com', 'acme.org']), emailsFile: '/srv/readers.txt'});
    expect(config.openDemoPolicy).toBe(false);
    expect(config.signUp).toBe('closed');
    expect(config.publicOrigin).toBe('https://docs.acme.com');
    expect(loadConfig({...REAL, ALLOWED_EMAIL_DOMAINS: '', ALLOWED_EMAILS_FILE: 'readers.txt'}, '/srv').policy).toEqual({
      domains: new Set(),
      emailsFile: '/srv/readers.txt',
    });
  });

  it('logs every request in production unless told otherwise, and reads the outage settings', () => {
    expect(loadConfig({}).logRequests).toBe(false);
    expect(loadConfig({...REAL, NODE_ENV: 'production'}).logRequests).toBe(true);
    expect(loadConfig({...REAL, NODE_ENV: 'production', LOG_REQUESTS: 'false'}).logRequests).toBe(false);
    expect(loadConfig({})).toMatchObject({
      identityTimeoutMs: 4000,
      identityGraceMs: 3_600_000,
      shutdownTimeoutMs: 10_000,
      logLevel: 'info',
    });
    expect(loadConfig({IDENTITY_TIMEOUT_SECONDS: '2', IDENTITY_GRACE_SECONDS: '0', LOG_LEVEL: 'warn'})).toMatchObject({
      identityTimeoutMs: 2000,
      identityGraceMs: 0,
      logLevel: 'warn',
    });
  });

  it.each([
    [{}, 'FIREBASE_PROJECT_ID is not set'],
    [{FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'}, 'FIREBASE_PROJECT_ID is not set'],
    [{FIREBASE_PROJECT_ID: 'demo-tutorial-hub'}, 'FIREBASE_PROJECT_ID is the demo project "demo-tutorial-hub"'],
    [
      {FIREBASE_PROJECT_ID: 'demo-tutorial-hub', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'},
      'FIREBASE_PROJECT_ID is the demo project "demo-tutorial-hub"',
    ],
    [{...REAL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'}, 'FIREBASE_AUTH_EMULATOR_HOST is set'],
  ])('never starts on the demo project or an emulator in production: %j', (env, reason) => {
    expect(() => loadConfig({...env, NODE_ENV: 'production'})).toThrow(
      new RegExp(`^NODE_ENV is production but ${reason.replace(/[."]/g, '\\$&')}.*refusing to start\\.$`),
    );
  });

  it('starts in production on a real project without an emulator', () => {
    expect(loadConfig({...REAL, NODE_ENV: 'production'})).toMatchObject({projectId: 'acme-docs', emulatorHost: null});
  });

  it.each([
    ['tutorial-hub.firebaseapp.com', true],
    ['auth.docs.acme.com', true],
    ['localhost:9099', true],
    ['acme.firebaseapp.com; frame-src *', false],
    ['https://acme.firebaseapp.com', false],
    ['*.firebaseapp.com', false],
    ['acme.firebaseapp.com/__/auth', false],
  ])("checks FIREBASE_AUTH_DOMAIN=%s at start, since the login page's CSP names it", (domain, accepted) => {
    const attempt = () => loadConfig({...REAL, FIREBASE_AUTH_DOMAIN: domain});
    if (accepted) expect(attempt().authDomain).toBe(domain);
    else expect(attempt).toThrow(`FIREBASE_AUTH_DOMAIN must be a host name such as tutorial-hub.firebaseapp.com; got "${domain}"`);
  });

  it.each([['docs.acme.com'], ['https://docs.acme.com/login'], ['https://docs.acme.com;x'], ['*'], ['null']])(
    'refuses ALLOWED_ORIGINS with %s in it, naming the entry',
    (entry) => {
      expect(() => loadConfig({...REAL, ALLOWED_ORIGINS: `https://ok.acme.com, ${entry}`})).toThrow(
        `ALLOWED_ORIGINS lists "${entry}": each entry must be an origin such as https://docs.example.com (no path).`,
      );
    },
  );

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.0/8, 192.0.2.7', ['10.0.0.0/8', '192.0.2.7']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as the proxies it believes', (setting, trusted) => {
    expect(loadConfig({TRUST_PROXY: setting}).trustProxy).toEqual(trusted);
  });

  it.each([
    ['true', /TRUST_PROXY=true believes every X-Forwarded-For entry.*Cloud Run: 1; Firebase Hosting in front of Cloud Run: 2/],
    ['0.0.0.0/0', /TRUST_PROXY's "0.0.0.0\/0" holds every address/],
    ['10.0.0.1, ::/0', /TRUST_PROXY's "::\/0" holds every address/],
    ['proxy.internal', /"proxy.internal" is none/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is none/],
    ['10.0.0.1/8/2', /"10.0.0.1\/8\/2" is none/],
    ['11', /the number of proxies in front of the gate \(1 to 10\)/],
  ])('refuses TRUST_PROXY=%j, which would take an address the client writes, or is no proxy', (setting, message) => {
    expect(() => loadConfig({TRUST_PROXY: setting})).toThrow(message);
  });

  it("starts with the image's TRUST_PROXY, a count of the proxies in front (Hosting, then Cloud Run's front end)", () => {
    const setting = /^ENV .*\bTRUST_PROXY=(\S+)/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(loadConfig({...REAL, TRUST_PROXY: setting}).trustProxy).toBe(2);
  });

  it('caps connections per client only when no proxy stands in front', () => {
    expect(loadConfig({}).maxConnectionsPerClient).toBe(64);
    expect(loadConfig({MAX_CONNECTIONS_PER_CLIENT: '8'}).maxConnectionsPerClient).toBe(8);
    expect(loadConfig({TRUST_PROXY: '1', MAX_CONNECTIONS_PER_CLIENT: '8'}).maxConnectionsPerClient).toBeNull();
  });

  it('cuts slow and idle clients, and caps connections, by default and as set', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      maxConnections: 1024,
    });
    expect(loadConfig({REQUEST_TIMEOUT_SECONDS: '5', IDLE_TIMEOUT_SECONDS: '10', MAX_CONNECTIONS: '50'})).toMatchObject({
      requestTimeoutMs: 5000,
      idleTimeoutMs: 10_000,
      maxConnections: 50,
    });
  });

  it.each([
    [{IDENTITY_TIMEOUT_SECONDS: '0'}, /IDENTITY_TIMEOUT_SECONDS must be more than 0/],
    [{LOG_LEVEL: 'loud'}, /LOG_LEVEL must be one of/],
    [{LOG_REQUESTS: 'yes'}, /LOG_REQUESTS must be true or false/],
    [{ALLOWED_EMAIL_DOMAINS: 'https://acme.com'}, /ALLOWED_EMAIL_DOMAINS/],
    [{SIGN_UP: 'maybe'}, /SIGN_UP must be open or closed/],
    [{REQUEST_TIMEOUT_SECONDS: '0'}, /REQUEST_TIMEOUT_SECONDS must be more than 0/],
    [{MAX_CONNECTIONS: '2.5'}, /MAX_CONNECTIONS must be a whole number/],
    [{IDENTITY_GRACE_SECONDS: 'Infinity'}, /IDENTITY_GRACE_SECONDS must be a finite number; got "Infinity"/],
    [{GATE_MEMORY_CACHE_MB: '-1'}, /GATE_MEMORY_CACHE_MB must be a non-negative number; got "-1"/],
    [{PORT: '70000'}, /PORT must be a port number; got "70000"/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({...REAL, ...env})).toThrow(message);
  });

  it.each([['0'], ['15'], ['-1'], ['five']])('refuses SESSION_MAX_AGE_DAYS=%s', (days) => {
    expect(() => loadConfig({SESSION_MAX_AGE_DAYS: days})).toThrow(/SESSION_MAX_AGE_DAYS/);
  });

  it('takes an empty setting for an unset one, as shells and .env files write them', () => {
    expect(loadConfig({PORT: '', LOG_LEVEL: '', SIGN_UP: ''})).toMatchObject({port: 3000, logLevel: 'info', signUp: 'open'});
  });

  it('reads the operator settings', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SESSION_MAX_AGE_DAYS: '14',
      SESSION_REVOCATION_CHECK_SECONDS: '60',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '2',
      GATE_MEMORY_CACHE_MB: '16',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      sessionMaxAgeMs: 14 * 24 * 3600 * 1000,
      revocationCheckMs: 60_000,
      allowedOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: 2,
      memoryCacheBytes: 16 * 1024 * 1024,
    });
  });

  describe('insights', () => {
    it('keeps them in PostgreSQL at DATABASE_URL, with the audience that reads them and the retention', () => {
      expect(loadConfig({...REAL, INSIGHTS_AUDIENCE: 'authors', INSIGHTS_RETENTION_DAYS: '30'}).insights).toEqual({
        databaseUrl: 'postgres://docs@db.acme.internal:5432/insights',
        dataDir: expect.stringMatching(/\.tutorial-hub-data\/insights$/),
        audience: 'authors',
        retentionDays: 30,
      });
    });

    it('keeps nothing with INSIGHTS=off, which a real project may set in place of a database', () => {
      expect(loadConfig({...REAL, DATABASE_URL: '', INSIGHTS: 'off'}).insights).toBeNull();
    });

    it.each([
      [{DATABASE_URL: ''}, /^Set DATABASE_URL to the PostgreSQL where insights are kept, or INSIGHTS=off: .*refusing to start\.$/],
      [{DATABASE_URL: 'mysql://db/insights'}, /^DATABASE_URL must be a PostgreSQL address/],
      [{INSIGHTS: 'maybe'}, /INSIGHTS must be on or off/],
      [{INSIGHTS_RETENTION_DAYS: '0'}, /INSIGHTS_RETENTION_DAYS must be a whole number of days from 1 to 3650/],
    ])('refuses %j, saying what to set', (env, message) => {
      expect(() => loadConfig({...REAL, ...env})).toThrow(message);
    });
  });
});
