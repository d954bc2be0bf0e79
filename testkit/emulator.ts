/**
 * Direct calls to the Firebase Auth emulator's REST API, for the tests and the benchmarks that
 * need accounts and tokens without a browser; each runs its own emulator (`authEmulator(host)`).
 */
import {DEMO_API_KEY, DEMO_PROJECT_ID} from '../contracts/firebaseProject';
import {DEMO_READER} from '../contracts/demoReader';

const PROJECT_ID = DEMO_PROJECT_ID;

/**
 * Waits for the next whole second. Firebase counts sign-ins in seconds (`auth_time`): a reader's
 * sign-in in the same second as the last is the same sign-in, and ends with its sign-out.
 */
export async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  // A timer can end a little early (Node counts from the event loop turn's start): the clock decides.
  while (Math.floor(Date.now() / 1000) === second) await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
}

export interface OobCode {
  /** The account's address (for a change of address, the address it has now). */
  email: string;
  /** For a change of address: where it would move, and where the email went. */
  newEmail?: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL' | 'RECOVER_EMAIL' | string;
  oobCode: string;
  oobLink: string;
}

/** The REST calls of the emulator at `host` (`127.0.0.1:9099`). */
export function authEmulator(host: string) {
  const IDENTITY = `http://${host}/identitytoolkit.googleapis.com/v1`;

  async function identityCall(method: string, body: object): Promise<{idToken: string; localId: string}> {
    const response = await fetch(`${IDENTITY}/accounts:${method}?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({...body, returnSecureToken: true}),
    });
    const json = (await response.json()) as {idToken: string; localId: string; error?: {message: string}};
    if (!response.ok) throw new Error(`emulator ${method}: ${json.error?.message ?? response.status}`);
    return json;
  }

  function signInWithPassword(email: string, password: string) {
    return identityCall('signInWithPassword', {email, password});
  }

  function signUp(email: string, password: string) {
    return identityCall('signUp', {email, password});
  }

  /** Firebase's own verification email, as any account can ask for it with its ID token (`accounts:sendOobCode`). */
  async function requestVerificationEmail(idToken: string): Promise<void> {
    const response = await fetch(`${IDENTITY}/accounts:sendOobCode?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({requestType: 'VERIFY_EMAIL', idToken}),
    });
    if (!response.ok) throw new Error(`emulator sendOobCode: ${response.status} ${await response.text()}`);
  }

  /**
   * Firebase's change-of-address email, as any account can ask for it with its ID token: a link that moves
   * the account to `newEmail`, mailed there (`accounts:sendOobCode`, VERIFY_AND_CHANGE_EMAIL).
   */
  async function requestEmailChange(idToken: string, newEmail: string): Promise<void> {
    const response = await fetch(`${IDENTITY}/accounts:sendOobCode?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken, newEmail}),
    });
    if (!response.ok) throw new Error(`emulator sendOobCode: ${response.status} ${await response.text()}`);
  }

  /**
   * Changes an account's address at once with its ID token (`accounts:update`), as Firebase's API allows
   * where email enumeration protection is off: Firebase mails the old address a link to take it back.
   */
  async function changeEmail(idToken: string, email: string): Promise<void> {
    const response = await fetch(`${IDENTITY}/accounts:update?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({idToken, email}),
    });
    if (!response.ok) throw new Error(`emulator accounts:update: ${response.status} ${await response.text()}`);
  }

  /** Sets a new password with the code of a password link (`accounts:resetPassword`), as the page it opens does. */
  async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
    const response = await fetch(`${IDENTITY}/accounts:resetPassword?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({oobCode, newPassword}),
    });
    if (!response.ok) throw new Error(`emulator resetPassword: ${response.status} ${await response.text()}`);
  }

  /** A sign-in link mailed to `email` (`accounts:sendOobCode`, EMAIL_SIGNIN), as the login page asks for one; its code, once "sent". */
  async function requestSignInLink(email: string): Promise<string> {
    const response = await fetch(`${IDENTITY}/accounts:sendOobCode?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({requestType: 'EMAIL_SIGNIN', email, continueUrl: 'http://127.0.0.1/login', canHandleCodeInApp: true}),
    });
    if (!response.ok) throw new Error(`emulator sendOobCode: ${response.status} ${await response.text()}`);
    const code = (await sentEmails(email)).filter((sent) => sent.requestType === 'EMAIL_SIGNIN').pop();
    if (!code) throw new Error(`the emulator sent ${email} no sign-in link`);
    return code.oobCode;
  }

  /** Signs in with the code of a sign-in link (`accounts:signInWithEmailLink`), as the login page does with the link. */
  function signInWithEmailLink(email: string, oobCode: string) {
    return identityCall('signInWithEmailLink', {email, oobCode});
  }

  /** An anonymous Firebase account (`accounts:signUp` with no email), as any visitor can make one. */
  function signUpAnonymously() {
    return identityCall('signUp', {});
  }

  /** The emulator's admin calls: `Bearer owner` stands in for a service account. */
  async function ownerCall(method: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(`${IDENTITY}/projects/${PROJECT_ID}/accounts:${method}`, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: 'Bearer owner'},
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown> & {error?: {message: string}};
    if (!response.ok) throw new Error(`emulator accounts:${method}: ${json.error?.message ?? response.status}`);
    return json;
  }

  /** Sets what an operator (or Firebase itself) can change on an account. */
  async function updateAccount(localId: string, changes: {emailVerified?: boolean; disableUser?: boolean}): Promise<void> {
    await ownerCall('update', {localId, ...changes});
  }

  /** Replaces an account's custom claims, as another writer of them (an instance, an admin script) would. */
  async function setCustomClaims(localId: string, claims: Record<string, unknown>): Promise<void> {
    await ownerCall('update', {localId, customAttributes: JSON.stringify(claims)});
  }

  /** An account's custom claims as Firebase holds them. */
  async function customClaimsOf(localId: string): Promise<Record<string, unknown>> {
    const {users} = (await ownerCall('lookup', {localId: [localId]})) as {users: {customAttributes?: string}[]};
    return JSON.parse(users[0]?.customAttributes ?? '{}') as Record<string, unknown>;
  }

  async function deleteAccount(localId: string): Promise<void> {
    await ownerCall('delete', {localId});
  }

  /** A new email-and-password account, verified unless asked otherwise, as the policy admits it. */
  async function newAccount(
    email: string,
    password = 'a-good-long-password',
    {verified = true}: {verified?: boolean} = {},
  ): Promise<{email: string; password: string; localId: string}> {
    const {localId} = await signUp(email, password);
    if (verified) await updateAccount(localId, {emailVerified: true});
    return {email, password, localId};
  }

  /** The emails the emulator "sent" (verification, reset and sign-in links), oldest first. */
  async function sentEmails(email?: string): Promise<OobCode[]> {
    const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const {oobCodes} = (await response.json()) as {oobCodes: OobCode[]};
    return email === undefined ? oobCodes : oobCodes.filter((code) => code.email === email);
  }

  /**
   * A new user whose tokens count as valid since 2020, so that a test can present a token from
   * an old sign-in without the emulator calling it revoked.
   */
  async function longStandingUser(): Promise<string> {
    const {localId} = await newAccount(uniqueEmail('long-standing'), 'long-standing-reader');
    await ownerCall('update', {localId, validSince: String(Date.UTC(2020, 0, 1) / 1000)});
    return localId;
  }

  return {
    signInWithPassword,
    signUp,
    requestVerificationEmail,
    requestEmailChange,
    changeEmail,
    resetPassword,
    requestSignInLink,
    signInWithEmailLink,
    signUpAnonymously,
    updateAccount,
    setCustomClaims,
    customClaimsOf,
    deleteAccount,
    newAccount,
    sentEmails,
    longStandingUser,
  };
}

/** A fresh address; `domain` defaults to the one the tests' reader policy admits. */
export function uniqueEmail(prefix: string, domain = 'tutorial-hub.test'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT such as the emulator issues; the claims are whatever the test needs. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  return `${base64url({alg: 'none', typ: 'JWT'})}.${base64url(claims)}.`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a session cookie for the demo reader; override to make it expired, foreign, … */
export function sessionCookieClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = nowSeconds();
  return {
    iss: `https://session.firebase.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - 60,
    user_id: 'demo-reader',
    sub: 'demo-reader',
    iat: now - 60,
    exp: now + 3600,
    email: DEMO_READER.email,
    firebase: {identities: {}, sign_in_provider: 'password'},
    ...overrides,
  };
}

export function idTokenClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {...sessionCookieClaims(), iss: `https://securetoken.google.com/${PROJECT_ID}`, ...overrides};
}

export {nowSeconds};
