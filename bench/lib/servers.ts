/** The two servers compared: our gate server, and `docusaurus serve` (the plain Docusaurus anchor). */
import path from 'node:path';
import {DEMO_READER} from '../../shared/demoReader';
import {DOCUSAURUS} from './docusaurus';
import {BENCH_EMULATOR_HOST, firebaseEnv, HOST} from './environment';
import {startServer, type RunningServer} from './processes';
import {REPO} from '../../testkit/siteCopy';
import {gateSession} from './sessions';

const START_TIMEOUT_MS = 120_000;

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

/** A `__session` cookie value minted as the login page mints one: emulator sign-in, then POST /api/session. */
export async function sessionCookie(gateOrigin: string): Promise<string> {
  const signIn = await fetch(
    `http://${BENCH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({...DEMO_READER, returnSecureToken: true}),
    },
  );
  if (!signIn.ok) throw new Error(`emulator sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const {idToken} = (await signIn.json()) as {idToken: string};
  return gateSession(gateOrigin, idToken);
}
