/**
 * The gate's start: with the identity service unreachable, and what it refuses to start with (the
 * emulator outside demo- projects, a real project with no reader policy, a mistyped setting); and
 * the build's refusal of a mistyped setting, told the same way.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signedInGate, type RunningGate} from '../support/gate';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {NAVIGATION, SUBRESOURCE} from '../../testkit/http';
import {runScript} from '../support/childProcess';
import {sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';
import {DEMO_GUEST, DEMO_READER} from '../../contracts/demoReader';

let gate: RunningGate;
let cookie: string;

beforeAll(async () => ({gate, cookie} = await signedInGate()));
afterAll(() => gate.close());

describe('when the identity service is down', () => {
  // A process of its own: firebase-admin in this one talks to the runner's emulator.
  let cut: GateProcess;
  beforeAll(async () => {
    cut = await startTestGateProcess({FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9'});
  });
  afterAll(() => cut.close());

  it('a cookie cannot be checked: 503, a page saying why to a page load, not a crash and not a way in', async () => {
    const asset = await cut.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}});
    expect(asset.status).toBe(503);
    expect(asset.body).toBe('');
    const page = await cut.request(PAGE.path, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
    expect(page.status).toBe(503);
    expect(page.body).toContain('The sign-in service cannot be reached');
    expect(page.body).not.toContain(PAGE.h1);
    expect((await cut.request('/healthz')).status).toBe(200);
  });
});

describe('the start banner (npm start)', () => {
  it('names the address and, on the emulator, both demo readers with their audiences from the readers file', async () => {
    const started = await startTestGateProcess({ALLOWED_EMAILS_FILE: 'emulator-seed/readers.txt'});
    try {
      await started.logged((_logs, printed) => printed.some((line) => line.startsWith('  Readers:')));
      expect(started.printed).toEqual(
        expect.arrayContaining([
          `Tutorial Hub is ready at ${started.origin}`,
          `  Demo reader: ${DEMO_READER.email} / ${DEMO_READER.password} (in partners, staff)`,
          `  Demo reader: ${DEMO_GUEST.email} / ${DEMO_GUEST.password} (in no audience)`,
        ]),
      );
    } finally {
      await started.close();
    }
  });
});

describe('emulator safety', () => {
  it('refuses to start with the emulator and a project id that is not demo-', async () => {
    const result = await runScript('server/main.ts', [], {
      ...process.env,
      FIREBASE_PROJECT_ID: 'acme-docs',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PORT: '0',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not a demo- project');
    expect(result.stderr).toContain('refusing to start');
  });
});

describe('secure by default', () => {
  it('a real project with no reader policy refuses to start, in one line naming both variables', async () => {
    const result = await runScript('server/main.ts', [], {
      ...process.env,
      FIREBASE_PROJECT_ID: 'acme-docs',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ALLOWED_EMAIL_DOMAINS: '',
      ALLOWED_EMAILS_FILE: '',
      PUBLIC_ORIGIN: 'https://docs.acme.test',
      PORT: '0',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ALLOWED_EMAIL_DOMAINS');
    expect(lines[0]).toContain('ALLOWED_EMAILS_FILE');
  });
});

describe('a mistyped setting', () => {
  it.each([
    ['server/main.ts', {PORT: '70000'}, 'Tutorial Hub gate server: PORT must be a port number; got "70000"'],
    [
      'docusaurus.config.ts',
      {TUTORIAL_HUB_GATE: 'none'},
      'Tutorial Hub build: TUTORIAL_HUB_GATE must be one of server, client, off; got "none"',
    ],
  ])('stops %s in one line naming the variable, with no stack trace', async (script, env, line) => {
    const result = await runScript(script, [], {...process.env, ...env});
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([line]);
  });
});
