/** The gate's session endpoints as the login page calls them, for the tests and the benchmarks. */
import {LOGOUT_ENDPOINT, SESSION_COOKIE, SESSION_ENDPOINT, sessionCookieFrom, sessionCookieHeader} from '../contracts/session';
import {DEMO_READER} from '../contracts/demoReader';
import {sameOriginJson, type RawResponse, type RequestOptions} from './http';

/** A gate (in process, as a process, or behind a balancer), called from `origin`. */
export interface SessionTarget {
  origin: string;
  request(path: string, options?: RequestOptions): Promise<RawResponse>;
}

/** POST /api/session with a fresh ID token, from the gate's own origin as the login page does. */
export function postSession(gate: SessionTarget, idToken: string): Promise<RawResponse> {
  return gate.request(SESSION_ENDPOINT, {
    method: 'POST',
    headers: sameOriginJson(gate.origin),
    body: JSON.stringify({idToken}),
  });
}

/** POST /api/logout with a session cookie. */
export function postLogout(gate: SessionTarget, cookie: string, {everywhere = false} = {}): Promise<RawResponse> {
  return gate.request(LOGOUT_ENDPOINT, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gate.origin, cookie: sessionCookieHeader(cookie)},
    body: JSON.stringify({everywhere}),
  });
}

/** The session cookie value a 204 from POST /api/session set. */
export function sessionCookieOf(response: RawResponse): string {
  const cookie = sessionCookieFrom(([] as string[]).concat(response.headers['set-cookie'] ?? []));
  if (cookie === null) throw new Error(`POST ${SESSION_ENDPOINT} set no ${SESSION_COOKIE} cookie`);
  return cookie;
}

/** The cookie of a session POST /api/session started; throws with the gate's answer otherwise. */
export function startedSession(response: RawResponse): string {
  if (response.status !== 204) throw new Error(`POST ${SESSION_ENDPOINT} answered ${response.status}: ${response.body}`);
  return sessionCookieOf(response);
}

/** A session cookie value minted the way the login page mints one: a sign-in at the emulator, then POST /api/session. */
export async function mintSessionCookie(
  gate: SessionTarget,
  emulator: {signInWithPassword(email: string, password: string): Promise<{idToken: string}>},
  {email, password}: {email: string; password: string} = DEMO_READER,
): Promise<string> {
  const {idToken} = await emulator.signInWithPassword(email, password);
  return startedSession(await postSession(gate, idToken));
}
