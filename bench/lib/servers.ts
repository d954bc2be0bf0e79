/**
 * What the benchmarks serve and browse with, on loopback, away from the tests' gate (3100) and emulator
 * (9099): the bench's own Auth emulator (bench/firebase.json, 4180; not 4190, a port browsers refuse),
 * the gate, `docusaurus serve` (the plain Docusaurus anchor), Chromium, and readers' sessions, minted
 * as the login page mints them.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {DEMO_READER} from '../../contracts/demoReader';
import {DEMO_PROJECT_ID} from '../../contracts/firebaseProject';
import {sessionCookieHeader} from '../../contracts/session';
import {siteBuildEnv} from '../../testkit/siteBuild';
import {chromiumLaunchOptions} from '../../testkit/chromium';
import {authEmulator} from '../../testkit/emulator';
import {startGateProcess, type GateProcess} from '../../testkit/gateProcess';
import {mintSessionCookie} from '../../testkit/gateSession';
import {temporaryDir} from '../../testkit/siteCopy';
import {startServer} from './processes';

export const HOST = '127.0.0.1';
export const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
export const PORTS = {docusaurusServe: 4110, lighthouseDebugging: 4120} as const;
/** BENCH_EMULATOR_PORT: while another run holds 4180, one started with a firebase.json of its own. */
export const EMULATOR_HOST = `${HOST}:${process.env.BENCH_EMULATOR_PORT || 4180}`;
const emulator = authEmulator(EMULATOR_HOST);
/** The doc page the page-load, server and Lighthouse benchmarks open. */
export const DOC_PAGE = '/1.0/tutorial-basics/markdown-features';

/** The gate's: it checks sessions with the bench's emulator. */
const firebaseEnv = () => ({FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST});

export async function assertEmulatorRunning(): Promise<void> {
  try {
    await fetch(`http://${EMULATOR_HOST}/`, {signal: AbortSignal.timeout(2000)});
  } catch {
    throw new Error(`No Auth emulator at ${EMULATOR_HOST}: run the benchmarks with "npm run bench", which starts it.`);
  }
}

export const launchBrowser = () => chromium.launch(chromiumLaunchOptions());

/**
 * The gate as production runs it (testkit/gateProcess.ts), with the production session settings unless
 * `env` says otherwise, but sign-ins unlimited: the benchmarks start a thousand readers' sessions from one
 * address.
 */
export const startBenchGate = (buildDir: string, env: Record<string, string> = {}): Promise<GateProcess> =>
  startGateProcess({
    ...firebaseEnv(),
    BUILD_DIR: buildDir,
    LOG_REQUESTS: 'false',
    SIGN_IN_RATE_PER_CLIENT: '1000000',
    SIGN_IN_RATE_PER_ACCOUNT: '1000000',
    // The insights benchmark turns them on, with a database of its own.
    INSIGHTS: 'off',
    ...env,
  });

/** `docusaurus serve` needs the site's folder: it reads the config for the base URL. */
export function startDocusaurusServe(siteDir: string, buildDir: string) {
  const port = String(PORTS.docusaurusServe);
  return startServer(process.execPath, [DOCUSAURUS, 'serve', '--dir', buildDir, '--port', port, '--host', HOST, '--no-open'], {
    cwd: siteDir,
    env: siteBuildEnv(EMULATOR_HOST, 'off'),
    origin: `http://${HOST}:${port}`,
    readyPath: '/',
  });
}

export type Credentials = {email: string; password: string};

/** A seeded reader's `Cookie` header: the demo reader's unless another's credentials are given. */
export const readerCookie = async (gate: GateProcess, reader: Credentials = DEMO_READER) =>
  sessionCookieHeader(await mintSessionCookie(gate, emulator, reader));

/** The demo reader's `Cookie` header. */
export const demoReaderCookie = (gate: GateProcess) => readerCookie(gate);

/**
 * An `ALLOWED_EMAILS_FILE` (README, "Who reads what") admitting these readers, each in their audiences;
 * in a temporary folder removed when the run ends.
 */
export function readersFile(readers: readonly {email: string; audiences: readonly string[]}[]): string {
  const file = path.join(temporaryDir('readers'), 'readers.txt');
  writeFileSync(file, readers.map(({email, audiences}) => `${email} ${audiences.join(',')}`.trim()).join('\n') + '\n');
  return file;
}

/** `count` new verified readers' `Cookie` headers, made 16 at a time. */
export async function distinctReaderCookies(gate: GateProcess, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < count; start += 16) {
    const batch = Array.from({length: Math.min(16, count - start)}, async (_, i) => {
      const reader = await emulator.newAccount(`bench-reader-${Date.now()}-${start + i}@tutorial-hub.test`, 'bench-reader-password');
      return sessionCookieHeader(await mintSessionCookie(gate, emulator, reader));
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}
