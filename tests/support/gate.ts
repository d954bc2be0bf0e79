/** Starts the real gate server in this process, on a free loopback port, over the real build. */
import {Writable} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import {buildGateServer} from '../../server/app';
import {firebaseAuth} from '../../server/services/firebaseAuth';
import {loadConfig} from '../../server/config';
import {ALLOWED_TEST_DOMAIN, EMULATOR_HOST, PROJECT_ID} from './environment';
import {signInWithPassword} from './emulator';
import {DEMO_READER} from '../../shared/demoReader';
import {LOGOUT_ENDPOINT, SESSION_COOKIE, SESSION_ENDPOINT, sessionCookieFrom, sessionCookieHeader} from '../../shared/session';

export interface RunningGate {
  app: FastifyInstance;
  origin: string;
  /** The JSON lines the gate logged so far (audit trail, warnings, errors), parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startGate(env: Record<string, string> = {}): Promise<RunningGate> {
  const config = loadConfig({
    PORT: '0',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    SESSION_REVOCATION_CHECK_SECONDS: '0',
    ALLOWED_EMAIL_DOMAINS: ALLOWED_TEST_DOMAIN,
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // firebase-admin reads the emulator's address only from the environment.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  const firebase = firebaseAuth(config.projectId);
  const app = await buildGateServer({config, auth: firebase.auth, logger: {level: 'info', stream}});
  app.addHook('onClose', () => firebase.close());
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {app, origin: address, logs, close: () => app.close()};
}

/** POST /api/session with a fresh ID token, from the gate's own origin as the login page does. */
export function postSession(gate: RunningGate, idToken: string): Promise<Response> {
  return fetch(`${gate.origin}${SESSION_ENDPOINT}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gate.origin, 'sec-fetch-site': 'same-origin'},
    body: JSON.stringify({idToken}),
  });
}

/** POST /api/logout with a session cookie. */
export function postLogout(gate: RunningGate, cookie: string, {everywhere = false} = {}): Promise<Response> {
  return fetch(`${gate.origin}${LOGOUT_ENDPOINT}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gate.origin, cookie: sessionCookieHeader(cookie)},
    body: JSON.stringify({everywhere}),
  });
}

/** The session cookie value a 204 from POST /api/session set. */
export function sessionCookieOf(response: Response): string {
  const cookie = sessionCookieFrom(response.headers.getSetCookie());
  if (cookie === null) throw new Error(`POST ${SESSION_ENDPOINT} set no ${SESSION_COOKIE} cookie`);
  return cookie;
}

/** A session cookie value minted the way the login page mints one. */
export async function sessionCookieFor(
  gate: RunningGate,
  {email, password}: {email: string; password: string} = DEMO_READER,
): Promise<string> {
  const {idToken} = await signInWithPassword(email, password);
  const response = await postSession(gate, idToken);
  if (response.status !== 204) throw new Error(`POST /api/session answered ${response.status}: ${await response.text()}`);
  return sessionCookieOf(response);
}
