/** The gate's session contract: what the login page, the gate server, the tests and the benchmarks agree on. */
import {API_PREFIX} from './paths';

/** The only cookie Firebase Hosting and Cloud Run pass through to the server. */
export const SESSION_COOKIE = '__session';
/**
 * POST `{idToken}`: 204 and the session cookie, 401 for a bad token, 403 with a refusal, 429 when the
 * client or the account asked too often.
 * GET: 204 when the request carries a session the gate would serve, 401 otherwise (the login page's
 * check that the cookie it was just given is the one the browser sends).
 */
export const SESSION_ENDPOINT = `${API_PREFIX}session`;
/**
 * POST `{everywhere}`: ends this session, or every session of the reader. Always clears the
 * cookie; answers 200 with a SignOutAnswer.
 */
export const LOGOUT_ENDPOINT = `${API_PREFIX}logout`;

export interface SignOutAnswer {
  /**
   * What was ended: `everywhere` also when only this session was asked for but the reader's
   * signed-out list was full, so every session had to be revoked.
   */
  scope: 'session' | 'everywhere';
  /**
   * The identity service could not be reached: this server refuses the cookie already, the other
   * servers (and, for `everywhere`, the reader's other devices) follow once it answers again.
   */
  pending: boolean;
}
/** Public: what the login page may offer, decided by the gate server's settings. */
export const SIGN_IN_OPTIONS_ENDPOINT = `${API_PREFIX}sign-in-options`;

/** How the login page signs readers in with their email address: a link emailed to it, a password, or either. */
export const EMAIL_SIGN_IN_METHODS = ['link', 'password', 'both'] as const;
export type EmailSignIn = (typeof EMAIL_SIGN_IN_METHODS)[number];

export interface SignInOptions {
  signUp: 'open' | 'closed';
  emailSignIn: EmailSignIn;
}

/**
 * POST `{email}`, before a sign-in link is used: an unverified account of the address (anyone can make one,
 * with a password of their own) is taken back, so that the link's proof of the mailbox gives nobody else a
 * way in. 204 whatever the account; 404 when the gate offers no links; 429 when asked too often.
 */
export const SIGN_IN_LINK_ENDPOINT = `${API_PREFIX}sign-in-link`;

/** Why the gate refuses a valid sign-in (403 `{error}`): the reader policy's answers. */
export const SESSION_REFUSALS = ['not-allowed', 'email-not-verified', 'anonymous', 'disabled'] as const;
export type SessionRefusal = (typeof SESSION_REFUSALS)[number];

/** The `error` of an endpoint's 429: this client or account asked too often; try again after `Retry-After` seconds. */
export const TOO_MANY_REQUESTS = 'too-many-requests';

/** The `error` of an endpoint's 503 while the identity service cannot be reached: no refusal, try again shortly. */
export const IDENTITY_UNAVAILABLE = 'unavailable';

/** What is said of an account the reader policy does not admit, once it is named (the login page names the address). */
export const NOT_ON_READER_LIST = 'is not on the reader list of Tutorial Hub.';

/**
 * Each refusal in the reader's words: the gate's 403 `message` and the login page's error say the
 * same. Anonymous and disabled accounts read like any other the list does not hold, so that a
 * stranger learns nothing about an account.
 */
export const REFUSAL_WORDING: Readonly<Record<SessionRefusal, string>> = {
  'not-allowed': `This account ${NOT_ON_READER_LIST}`,
  'email-not-verified': 'This email address is not verified yet. Choose a password through the link we sent: that verifies it.',
  anonymous: `This account ${NOT_ON_READER_LIST}`,
  disabled: `This account ${NOT_ON_READER_LIST}`,
};

/** `__session=<value>`, as a Cookie request header. */
export function sessionCookieHeader(value: string): string {
  return `${SESSION_COOKIE}=${value}`;
}

/** Every `__session` value of a Cookie request header, in order (a sibling subdomain can add its own). */
export function sessionCookieValues(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (value !== '') values.push(value);
  }
  return values;
}

/** The session cookie's value out of a response's Set-Cookie lines, or null. */
export function sessionCookieFrom(setCookieLines: readonly string[]): string | null {
  const line = setCookieLines.find((candidate) => candidate.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return null;
  const end = line.indexOf(';');
  return line.slice(SESSION_COOKIE.length + 1, end === -1 ? undefined : end);
}
