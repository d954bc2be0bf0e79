/** Calls to the gate server's session endpoints (present only when the gate mode is 'server'). */
import {AuthFlowError} from './errors';

export const SESSION_ENDPOINT = '/api/session';
export const LOGOUT_ENDPOINT = '/api/logout';

async function postJson(url: string, body: unknown): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthFlowError('session/unreachable');
  }
}

/** Trades a fresh Firebase ID token for the server's session cookie. */
export async function startServerSession(idToken: string): Promise<void> {
  const response = await postJson(SESSION_ENDPOINT, {idToken});
  if (!response.ok) {
    throw new AuthFlowError(response.status >= 500 ? 'session/unreachable' : 'session/rejected');
  }
}

/** Ends this browser's server session; `everywhere` also ends every other session of the reader. */
export async function endServerSession({everywhere = false} = {}): Promise<void> {
  const response = await postJson(LOGOUT_ENDPOINT, {everywhere});
  if (!response.ok) throw new AuthFlowError('session/unreachable');
}
