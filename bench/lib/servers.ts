/**
 * The servers compared: our gate server, `docusaurus serve` (the plain Docusaurus anchor); and the
 * readers' sessions, minted as the login page mints them: an emulator sign-in, then POST /api/session.
 */
import path from 'node:path';
import {DEMO_READER} from '../../shared/demoReader';
import {SESSION_ENDPOINT, sessionCookieFrom, sessionCookieHeader} from '../../shared/session';
import {DOCUSAURUS} from './docusaurus';
import {BENCH_EMULATOR_HOST, firebaseEnv, HOST, PROJECT_ID} from './environment';
import {startServer, type RunningServer} from './processes';
import {REPO} from '../../testkit/siteCopy';

const START_TIMEOUT_MS = 120_000;
const IDENTITY = `http://${BENCH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

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

async function post<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...headers},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The `Cookie` header the gate's `__session` cookie gives for a fresh ID token. */
async function gateSession(gateOrigin: string, idToken: string): Promise<string> {
  const response = await fetch(`${gateOrigin}${SESSION_ENDPOINT}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gateOrigin, 'sec-fetch-site': 'same-origin'},
    body: JSON.stringify({idToken}),
  });
  const cookie = sessionCookieFrom(response.headers.getSetCookie());
  if (response.status !== 204 || cookie === null)
    throw new Error(`POST ${SESSION_ENDPOINT} answered ${response.status}: ${await response.text()}`);
  return sessionCookieHeader(cookie);
}

/** The demo reader's `Cookie` header. */
export async function demoReaderCookie(gateOrigin: string): Promise<string> {
  const {idToken} = await post<{idToken: string}>(`${IDENTITY}/accounts:signInWithPassword?key=demo-api-key`, {
    ...DEMO_READER,
    returnSecureToken: true,
  });
  return gateSession(gateOrigin, idToken);
}

/** One new verified reader's `Cookie` header. */
async function newReaderCookie(gateOrigin: string, index: number): Promise<string> {
  const email = `bench-reader-${Date.now()}-${index}@tutorial-hub.test`;
  const {idToken, localId} = await post<{idToken: string; localId: string}>(`${IDENTITY}/accounts:signUp?key=demo-api-key`, {
    email,
    password: 'bench-reader-password',
    returnSecureToken: true,
  });
  await post(`${IDENTITY}/projects/${PROJECT_ID}/accounts:update`, {localId, emailVerified: true}, {authorization: 'Bearer owner'});
  return gateSession(gateOrigin, idToken);
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
