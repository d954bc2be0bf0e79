/**
 * The real gate server over the real build, in this process, with no port: requests go through
 * `app.inject`. Only what needs real HTTP (paths a URL parser would rewrite, oversized headers)
 * opens a port, with `listen()`.
 */
import {Writable} from 'node:stream';
import {buildGateServer} from '../../server/app';
import {firebaseAuth} from '../../server/services/firebaseAuth';
import {loadConfig} from '../../server/config';
import {TEST_GATE_ENV} from './environment';
import {emulator} from './emulator';
import {jsonLineParser, type Gate} from '../../testkit/gateProcess';
import {rawRequest, SUBRESOURCE, type RawResponse, type RequestOptions} from '../../testkit/http';
import {sessionCookieHeader} from '../../contracts/session';
import {PAGE} from './builtSite';
import {mintSessionCookie} from '../../testkit/gateSession';

export {postLogout, postSession, sessionCookieOf} from '../../testkit/gateSession';

export interface RunningGate extends Gate {
  /** Opens a free loopback port, for what only real HTTP shows; resolves with its origin. */
  listen(): Promise<string>;
}

/** Headers as a client receives them: every value a string, Set-Cookie always a list. */
function asReceived(headers: Record<string, string | string[] | number | undefined>): RawResponse['headers'] {
  const received: RawResponse['headers'] = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const values = ([] as (string | number)[]).concat(value).map(String);
    received[name] = name === 'set-cookie' ? values : values.join(', ');
  }
  return received;
}

/**
 * `app.inject` parses the path as a URL, which resolves `..`, reads `//host` as a host and turns
 * `\` into `/`: a path it would change must be sent over a port, or the test proves nothing.
 */
function injectablePath(path: string): string {
  const parsed = new URL(path, 'http://gate.invalid');
  if (parsed.host !== 'gate.invalid' || parsed.pathname + parsed.search !== path) {
    throw new Error(`app.inject would send ${parsed.pathname + parsed.search} for ${path}: send it over a port (listen())`);
  }
  return path;
}

export async function startGate(env: Record<string, string> = {}): Promise<RunningGate> {
  const config = loadConfig({...TEST_GATE_ENV, ...env});
  // firebase-admin reads the emulator's address from this process's environment, which vitest sets.
  const reachable = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (config.emulatorHost !== reachable) {
    throw new Error(`firebase-admin in this process talks to ${reachable}, not ${config.emulatorHost}: use startTestGateProcess`);
  }
  const logs: Record<string, unknown>[] = [];
  const parse = jsonLineParser(logs);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parse(chunk);
      done();
    },
  });
  const firebase = firebaseAuth(config.projectId);
  const app = await buildGateServer({config, auth: firebase.auth, logger: {level: 'info', stream}});
  // Injected requests come from no socket: the gate takes its own origin from the configured port.
  const origin = `http://127.0.0.1:${config.port}`;
  return {
    origin,
    logs,
    async request(path, {method = 'GET', headers = {}, body}: RequestOptions = {}) {
      const response = await app.inject({method, url: injectablePath(path), headers: {host: new URL(origin).host, ...headers}, body});
      return {status: response.statusCode, headers: asReceived(response.headers), body: response.body, bytes: response.rawPayload};
    },
    listen: () => app.listen({port: 0, host: '127.0.0.1'}),
    // Firebase last: the gate's own closing still calls it (as server/main.ts does).
    close: async () => {
      await app.close();
      await firebase.close();
    },
  };
}

/** A session cookie value minted the way the login page mints one, with the tests' emulator. */
export function sessionCookieFor(gate: Pick<Gate, 'origin' | 'request'>, credentials?: {email: string; password: string}): Promise<string> {
  return mintSessionCookie(gate, emulator, credentials);
}

/** A gate in this process, also listening on a loopback port (for what only real HTTP carries), and the demo reader's session on it. */
export async function signedInGate(env: Record<string, string> = {}): Promise<{gate: RunningGate; port: string; cookie: string}> {
  const gate = await startGate(env);
  return {gate, port: await gate.listen(), cookie: await sessionCookieFor(gate)};
}

/** /healthz's status in process and on the gate's port: [200, 200] while the gate still answers. */
export async function healthStatuses(gate: RunningGate, port: string): Promise<number[]> {
  return [(await gate.request('/healthz')).status, (await rawRequest(port, '/healthz')).status];
}

/** The audit trail a gate in this process wrote so far: its lines that name an event. */
export function auditOf(gate: Pick<RunningGate, 'logs'>): Record<string, unknown>[] {
  return gate.logs.filter((line) => typeof line.event === 'string');
}

/** What a reader with this session cookie gets for a gated file (a subresource: no redirect, just the status). */
export async function statusWith(gate: Pick<RunningGate, 'request'>, cookie: string): Promise<number> {
  return (await gate.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status;
}
