/** Many distinct readers for the server benchmark: accounts in the bench's emulator, each with a gate session. */
import {SESSION_ENDPOINT, sessionCookieFrom, sessionCookieHeader} from '../../shared/session';
import {BENCH_EMULATOR_HOST, PROJECT_ID} from './environment';

const IDENTITY = `http://${BENCH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

async function call<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...headers},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The `__session` cookie value the gate gives for a fresh ID token, as the login page asks for it. */
export async function gateSession(gateOrigin: string, idToken: string): Promise<string> {
  const response = await fetch(`${gateOrigin}${SESSION_ENDPOINT}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: gateOrigin, 'sec-fetch-site': 'same-origin'},
    body: JSON.stringify({idToken}),
  });
  const cookie = sessionCookieFrom(response.headers.getSetCookie());
  if (response.status !== 204 || cookie === null)
    throw new Error(`POST ${SESSION_ENDPOINT} answered ${response.status}: ${await response.text()}`);
  return cookie;
}

/** One verified reader and the `__session` cookie the gate gave them. */
async function oneSession(gateOrigin: string, index: number): Promise<string> {
  const email = `bench-reader-${Date.now()}-${index}@tutorial-hub.test`;
  const {idToken, localId} = await call<{idToken: string; localId: string}>(`${IDENTITY}/accounts:signUp?key=demo-api-key`, {
    email,
    password: 'bench-reader-password',
    returnSecureToken: true,
  });
  await call(`${IDENTITY}/projects/${PROJECT_ID}/accounts:update`, {localId, emailVerified: true}, {authorization: 'Bearer owner'});
  return sessionCookieHeader(await gateSession(gateOrigin, idToken));
}

/** `count` distinct readers' cookie headers (`__session=…`), made `parallel` at a time. */
export async function distinctSessions(gateOrigin: string, count: number, parallel = 16): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({length: Math.min(parallel, count - start)}, (_, offset) => oneSession(gateOrigin, start + offset));
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}
