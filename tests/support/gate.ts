/** Starts the real gate server in this process, on a free loopback port, over the real build. */
import type {FastifyInstance} from 'fastify';
import {createGateServer} from '../../server/app';
import {loadConfig} from '../../server/config';
import {EMULATOR_HOST, PROJECT_ID} from './environment';
import {signInWithPassword} from './emulator';
import {DEMO_READER} from '../../server/demoReader';

export interface RunningGate {
  app: FastifyInstance;
  origin: string;
  close(): Promise<void>;
}

export async function startGate(env: Record<string, string> = {}): Promise<RunningGate> {
  const config = loadConfig({
    PORT: '0',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    SESSION_REVOCATION_CHECK_SECONDS: '0',
    ...env,
  });
  const app = await createGateServer(config);
  const address = await app.listen({port: 0, host: '127.0.0.1'});
  return {app, origin: address, close: () => app.close()};
}

/** A session cookie value minted the way the login page mints one. */
export async function sessionCookieFor(gate: RunningGate, {email = DEMO_READER.email, password = DEMO_READER.password} = {}): Promise<string> {
  const {idToken} = await signInWithPassword(email, password);
  const response = await fetch(`${gate.origin}/api/session`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gate.origin, 'sec-fetch-site': 'same-origin'},
    body: JSON.stringify({idToken}),
  });
  if (response.status !== 204) throw new Error(`POST /api/session answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__session='));
  if (!cookie) throw new Error('POST /api/session set no __session cookie');
  return cookie.slice('__session='.length, cookie.indexOf(';'));
}
