/**
 * Calls to the gate server's endpoints (`/api/session`, `/api/logout`, `/api/sign-in-options`,
 * `/api/sign-in-link`), made only when the gate mode is 'server'.
 */
import {
  EMAIL_SIGN_IN_METHODS,
  IDENTITY_UNAVAILABLE,
  LOGOUT_ENDPOINT,
  SESSION_ENDPOINT,
  SESSION_REFUSALS,
  SIGN_IN_LINK_ENDPOINT,
  SIGN_IN_OPTIONS_ENDPOINT,
  type SignInOptions,
  type SignOutAnswer,
} from '../../contracts/session';
import {AuthFlowError} from './errors';

const REFUSALS: ReadonlySet<string> = new Set(SESSION_REFUSALS);

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

async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as {error?: unknown};
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

/**
 * Trades a fresh Firebase ID token for the server's session cookie. A refusal by the reader
 * policy becomes `session/<reason>`, so that the login page can tell the reader what to do.
 */
export async function startServerSession(idToken: string): Promise<void> {
  const response = await postJson(SESSION_ENDPOINT, {idToken});
  if (response.ok) return confirmServerSession();
  // The gate is up, but the identity service behind it is not: not a refusal, try again shortly.
  if (response.status === 503 && (await errorCodeOf(response)) === IDENTITY_UNAVAILABLE) {
    throw new AuthFlowError('session/identity-unavailable');
  }
  if (response.status === 429) throw new AuthFlowError('session/too-many-requests');
  if (response.status >= 500) throw new AuthFlowError('session/unreachable');
  const code = response.status === 403 ? await errorCodeOf(response) : null;
  throw new AuthFlowError(code !== null && REFUSALS.has(code) ? `session/${code}` : 'session/rejected');
}

/**
 * Asks once whether the browser now sends the new cookie. A cookie of the same name planted for a
 * parent domain or a longer path can keep it from the gate: going on would send the reader round
 * between the page and the login page, so the login page stops here and says why.
 */
async function confirmServerSession(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(SESSION_ENDPOINT, {credentials: 'same-origin', cache: 'no-store'});
  } catch {
    throw new AuthFlowError('session/unreachable');
  }
  if (response.status === 401) throw new AuthFlowError('session/did-not-stick');
  if (!response.ok) throw new AuthFlowError('session/unreachable');
}

/**
 * Ends this browser's server session; `everywhere` also ends every other session of the reader.
 * The answer says what the server ended, and whether part of it waits for the identity service.
 */
export async function endServerSession({everywhere = false} = {}): Promise<SignOutAnswer> {
  let response: Response;
  try {
    response = await postJson(LOGOUT_ENDPOINT, {everywhere});
  } catch {
    throw new AuthFlowError('session/sign-out-failed');
  }
  if (!response.ok) throw new AuthFlowError('session/sign-out-failed');
  const body = (await response.json().catch(() => ({}))) as Partial<SignOutAnswer>;
  // What the server says it ended, not what was asked: a session that had ended already signs out nothing more.
  return {scope: body.scope === 'everywhere' ? 'everywhere' : 'session', pending: body.pending === true};
}

export async function fetchSignInOptions(): Promise<SignInOptions> {
  const response = await fetch(SIGN_IN_OPTIONS_ENDPOINT, {credentials: 'same-origin'});
  if (!response.ok) throw new AuthFlowError('session/unreachable');
  const body = (await response.json()) as Partial<SignInOptions>;
  return {
    signUp: body.signUp === 'open' ? 'open' : 'closed',
    // A gate that does not say offers what the page offers by default.
    emailSignIn: EMAIL_SIGN_IN_METHODS.find((method) => method === body.emailSignIn) ?? 'both',
  };
}

/**
 * Before a sign-in link is used: the gate takes back an unverified account of the address (see
 * SIGN_IN_LINK_ENDPOINT). Resolves alike whatever the account; the link must not be used when it throws.
 */
export async function prepareLinkSignIn(email: string): Promise<void> {
  const response = await postJson(SIGN_IN_LINK_ENDPOINT, {email});
  if (response.ok) return;
  if (response.status === 429) throw new AuthFlowError('session/too-many-requests');
  if (response.status === 503 && (await errorCodeOf(response)) === IDENTITY_UNAVAILABLE) {
    throw new AuthFlowError('session/identity-unavailable');
  }
  throw new AuthFlowError('session/unreachable');
}
