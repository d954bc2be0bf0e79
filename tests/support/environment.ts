/** Where the tests find the gate server, the emulator and the browser. */
import {writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID} from '../../contracts/firebaseProject';
import {readSiteAudiences} from '../../plugins/audiences/declarations';
import {REPO} from '../../testkit/siteCopy';

/**
 * What names this checkout's site copies and files in the temporary directory (the browser tests' gates
 * listen on ports the system chooses). Overridable so that a second checkout can run its tests beside
 * this one: its build must then be made with the same FIREBASE_AUTH_EMULATOR_HOST, and its emulator
 * started on that port.
 */
export const GATE_PORT = Number(process.env.TEST_GATE_PORT || 3100);
export const EMULATOR_HOST = process.env.TEST_EMULATOR_HOST || DEFAULT_EMULATOR_HOST;
export const PROJECT_ID = DEMO_PROJECT_ID;

/** The reader policy of the tests' gate: verified addresses of this domain (uniqueEmail's default). */
export const ALLOWED_TEST_DOMAIN = 'tutorial-hub.test';

/**
 * The gate server's settings in every test: revocation checked on every request, so tests need not wait;
 * sign-ins limited far above what the tests start from one address or for the demo reader (the tests of
 * the limits set their own).
 */
export const TEST_GATE_ENV: Readonly<Record<string, string>> = {
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  SESSION_REVOCATION_CHECK_SECONDS: '0',
  ALLOWED_EMAIL_DOMAINS: ALLOWED_TEST_DOMAIN,
  SIGN_IN_RATE_PER_CLIENT: '10000',
  SIGN_IN_RATE_PER_ACCOUNT: '10000',
  // Tests of insights turn them on, with a database of their own (tests/support/insights.ts).
  INSIGHTS: 'off',
};

/**
 * The gate's settings for the site's own docs in the browser tests: its readers are in every audience the
 * docs define, so that every page of them is opened (the fixture site's tests show who reads what), with the
 * operator's setting for docs that show images from other sites (CONTRIBUTING.md).
 */
export function ownSiteGateEnv(): Record<string, string> {
  const readers = path.join(tmpdir(), `tutorial-hub-test-readers-${GATE_PORT}.txt`);
  writeFileSync(readers, `@${ALLOWED_TEST_DOMAIN} ${[...readSiteAudiences(REPO).defined.keys()].join(',')}\n`);
  return {ALLOWED_EMAILS_FILE: readers, MEDIA_ORIGINS: process.env.MEDIA_ORIGINS ?? ''};
}
