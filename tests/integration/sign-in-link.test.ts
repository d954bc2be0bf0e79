/**
 * POST /api/sign-in-link, which the login page calls before it uses a sign-in link: an unverified account of
 * the address (anyone can make one, with a password of their own) is taken back, so that the link's proof of
 * the mailbox lets nobody else in; the answer is the same whatever the account.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {postSession, sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {emulator, nextSecond, uniqueEmail} from '../support/emulator';
import {sameOriginJson, SUBRESOURCE} from '../../testkit/http';
import {SIGN_IN_LINK_ENDPOINT, SIGN_IN_OPTIONS_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

function prepare(target: RunningGate, email: string, headers: Record<string, string> = sameOriginJson(target.origin)) {
  return target.request(SIGN_IN_LINK_ENDPOINT, {method: 'POST', headers, body: JSON.stringify({email})});
}

const STRANGERS_PASSWORD = 'the-strangers-password';
const refusedPassword = /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/;

describe('before a sign-in link is used', () => {
  it("takes back an unverified account a stranger made: the stranger's password and sessions are gone", async () => {
    const email = uniqueEmail('link-newhire');
    const stranger = await emulator.signUp(email, STRANGERS_PASSWORD);
    const response = await prepare(gate, email.toUpperCase());
    expect({status: response.status, body: response.body}).toEqual({status: 204, body: ''});
    await expect(emulator.signInWithPassword(email, STRANGERS_PASSWORD)).rejects.toThrow(refusedPassword);
    expect(gate.logs).toContainEqual(expect.objectContaining({event: 'account-taken-back', uid: stranger.localId, email, unlinked: []}));
  });

  it("ends a stranger's sign-in made as late as possible, in the second the account is taken back: once the owner's link verifies the address, the stranger's ID token starts no session", async () => {
    const email = uniqueEmail('link-late-stranger');
    await emulator.signUp(email, STRANGERS_PASSWORD);
    // At the start of a second, so that the take-back falls in the same one unless it waits.
    await nextSecond();
    const stranger = await emulator.signInWithPassword(email, STRANGERS_PASSWORD);
    expect((await prepare(gate, email)).status).toBe(204);
    const owner = await emulator.signInWithEmailLink(email, await emulator.requestSignInLink(email));

    // Refused whichever check sees the revocation first (firebase-admin's own, against the emulator, or the gate's).
    const strangers = await postSession(gate, stranger.idToken);
    expect({status: strangers.status, cookie: strangers.headers['set-cookie']}).toEqual({status: 401, cookie: undefined});
    expect((await postSession(gate, owner.idToken)).status).toBe(204);
  });

  it("leaves a verified account as it is: the owner's password and sessions go on", async () => {
    const reader = await emulator.newAccount(uniqueEmail('link-reader'));
    const cookie = await sessionCookieFor(gate, reader);
    const response = await prepare(gate, reader.email);
    expect({status: response.status, body: response.body}).toEqual({status: 204, body: ''});
    await emulator.signInWithPassword(reader.email, reader.password);
    expect((await gate.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}})).status).toBe(200);
  });

  it('answers an address without an account as any other, and makes none', async () => {
    const email = uniqueEmail('link-nobody');
    const response = await prepare(gate, email);
    expect({status: response.status, body: response.body}).toEqual({status: 204, body: ''});
    await expect(emulator.signInWithPassword(email, 'anything-at-all')).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  });

  it.each([
    ['not an address', {email: 'not-an-address'}, sameOriginJson, 400],
    ['no address', {}, sameOriginJson, 400],
    ['another site', {email: 'a@tutorial-hub.test'}, () => ({'content-type': 'application/json', origin: 'https://evil.example'}), 403],
  ])('refuses %s', async (_name, body, headers, status) => {
    const response = await gate.request(SIGN_IN_LINK_ENDPOINT, {method: 'POST', headers: headers(gate.origin), body: JSON.stringify(body)});
    expect(response.status).toBe(status);
  });

  it('is limited per address, as new sessions are per account', async () => {
    const limited = await startGate({SIGN_IN_RATE_PER_ACCOUNT: '2'});
    try {
      const email = uniqueEmail('link-limited');
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await prepare(limited, email)).status);
      expect(statuses).toEqual([204, 204, 429]);
      expect((await prepare(limited, uniqueEmail('link-other'))).status).toBe(204);
    } finally {
      await limited.close();
    }
  });

  it('is not there on a gate that offers passwords only, which tells the login page so: no link to prepare, no account to take back', async () => {
    const passwords = await startGate({EMAIL_SIGN_IN: 'password'});
    try {
      const email = uniqueEmail('link-off');
      await emulator.signUp(email, STRANGERS_PASSWORD);
      expect(JSON.parse((await passwords.request(SIGN_IN_OPTIONS_ENDPOINT)).body)).toEqual({signUp: 'open', emailSignIn: 'password'});
      expect((await prepare(passwords, email)).status).toBe(404);
      const {idToken} = await emulator.signInWithPassword(email, STRANGERS_PASSWORD);
      // Still unverified: the gate refuses it all the same.
      expect((await postSession(passwords, idToken)).status).toBe(403);
    } finally {
      await passwords.close();
    }
  });
});
