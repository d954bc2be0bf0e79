/**
 * The servers compared: our gate server, `docusaurus serve` (the plain Docusaurus anchor); and the
 * readers' sessions, minted as the login page mints them: an emulator sign-in, then POST /api/session.
 */
import path from 'node:path';
import {DEMO_READER} from '../../contracts/demoReader';
import {sessionCookieHeader} from '../../contracts/session';
import {postSession, startedSession} from '../../testkit/gateSession';
import {rawRequest, type RequestOptions} from '../../testkit/http';
import {DOCUSAURUS} from './docusaurus';
import {BENCH_EMULATOR_HOST, firebaseEnv, HOST} from './environment';
import {startServer, type RunningServer} from './processes';
import {REPO} from '../../testkit/siteCopy';
import {authEmulator} from '../../testkit/emulator';

const START_TIMEOUT_MS = 120_000;
const emulator = authEmulator(BENCH_EMULATOR_HOST);

/**
 * The gate as production runs it (the compiled server, `npm run build:server`), in its own process
 * so that its memory can be read, with the production session settings unless `env` says otherwise.
 */
export function startGate(buildDir: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(process.execPath, [path.join(REPO, 'dist/server/main.js')], {
    cwd: REPO,
    env: {...firebaseEnv(), PORT: String(port), HOST, BUILD_DIR: buildDir, LOG_REQUESTS: 'false', ...env},
    origin: `http://${HOST}:${port}`,
    readyPath: '/healthz',
    timeoutMs: START_TIMEOUT_MS,
  });
}

/** `docusaurus serve` needs the site's folder: it reads the config for the base URL. */
export function startDocusaurusServe(siteDir: string, buildDir: string, port: number): Promise<RunningServer> {
  return startServer(process.execPath, [DOCUSAURUS, 'serve', '--dir', buildDir, '--port', String(port), '--host', HOST, '--no-open'], {
    cwd: siteDir,
    env: {...firebaseEnv(), TUTORIAL_HUB_GATE: 'off', CI: 'true'},
    origin: `http://${HOST}:${port}`,
    readyPath: '/',
    timeoutMs: START_TIMEOUT_MS,
  });
}

/** The `Cookie` header the gate's `__session` cookie gives for a fresh ID token. */
async function gateSession(gateOrigin: string, idToken: string): Promise<string> {
  const gate = {origin: gateOrigin, request: (target: string, options?: RequestOptions) => rawRequest(gateOrigin, target, options)};
  return sessionCookieHeader(startedSession(await postSession(gate, idToken)));
}

/** The demo reader's `Cookie` header. */
export async function demoReaderCookie(gateOrigin: string): Promise<string> {
  const {idToken} = await emulator.signInWithPassword(DEMO_READER.email, DEMO_READER.password);
  return gateSession(gateOrigin, idToken);
}

/** One new verified reader's `Cookie` header. */
async function newReaderCookie(gateOrigin: string, index: number): Promise<string> {
  const {email, password} = await emulator.newAccount(`bench-reader-${Date.now()}-${index}@tutorial-hub.test`, 'bench-reader-password');
  return gateSession(gateOrigin, (await emulator.signInWithPassword(email, password)).idToken);
}

/** `count` distinct readers' `Cookie` headers, made 16 at a time. */
export async function distinctReaderCookies(gateOrigin: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < count; start += 16)
    cookies.push(
      ...(await Promise.all(Array.from({length: Math.min(16, count - start)}, (_, i) => newReaderCookie(gateOrigin, start + i)))),
    );
  return cookies;
}
