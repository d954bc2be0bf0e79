/** Signing out at the gate: a copied cookie ended on every instance, "everywhere", and a cookie the gate would not serve. */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {auditOf, postLogout, type RunningGate, sessionCookieFor, startGate, statusWith} from '../support/gate';
import {emulator, nextSecond, uniqueEmail} from '../support/emulator';
import {SUBRESOURCE} from '../../testkit/http';
import {SESSION_COOKIE, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

describe('signing out', () => {
  let otherInstance: RunningGate;
  beforeAll(async () => {
    otherInstance = await startGate();
  });
  afterAll(() => otherInstance.close());

  it('"Sign out" ends a copy of the cookie, on this instance and on another, and no other session', async () => {
    const reader = await emulator.newAccount(uniqueEmail('copied'));
    const cookie = await sessionCookieFor(gate, reader);
    // Two sessions of one reader minted in the same second are the same cookie, byte for byte.
    await nextSecond();
    const laptop = await sessionCookieFor(gate, reader);
    expect(laptop).not.toBe(cookie);
    expect(await statusWith(otherInstance, cookie)).toBe(200);

    const logout = await postLogout(gate, cookie);
    expect({status: logout.status, answer: JSON.parse(logout.body)}).toEqual({status: 200, answer: {scope: 'session', pending: false}});
    // The browser dropped its cookie; a copy of it (stolen, or left in another tool) is dead too.
    expect(await statusWith(gate, cookie)).toBe(401);
    expect(await statusWith(otherInstance, cookie)).toBe(401);
    expect(await statusWith(gate, laptop)).toBe(200);
    expect(await statusWith(otherInstance, laptop)).toBe(200);
  });

  it('"Sign out everywhere" ends sessions started in the same second, on every instance', async () => {
    const reader = await emulator.newAccount(uniqueEmail('same-second'));
    // Start right after a second begins, so sign-in, sessions and sign-out share that second.
    let sameSecond = false;
    let cookies: string[] = [];
    for (let attempt = 0; attempt < 5 && !sameSecond; attempt += 1) {
      await nextSecond();
      const second = Math.floor(Date.now() / 1000);
      cookies = [await sessionCookieFor(gate, reader), await sessionCookieFor(gate, reader)];
      const logout = postLogout(gate, cookies[0]!, {everywhere: true});
      sameSecond = Math.floor(Date.now() / 1000) === second;
      expect((await logout).status).toBe(200);
    }
    expect(sameSecond).toBe(true);
    for (const cookie of cookies) {
      expect(await statusWith(gate, cookie)).toBe(401);
      expect(await statusWith(otherInstance, cookie)).toBe(401);
    }
    // Signing in again afterwards works.
    expect(await statusWith(gate, await sessionCookieFor(gate, reader))).toBe(200);
  });
});

describe('a sign-out with a cookie the gate would not serve', () => {
  it('ends nothing and records nothing: a cookie already signed out cannot sign its reader out everywhere', async () => {
    const audited = await startGate();
    try {
      const reader = await emulator.newAccount(uniqueEmail('stale-logout'));
      const signedOut = await sessionCookieFor(audited, reader);
      await postLogout(audited, signedOut);
      await nextSecond();
      const other = await sessionCookieFor(audited, reader);
      const before = auditOf(audited).length;

      const logout = await postLogout(audited, signedOut, {everywhere: true});
      expect(logout.status).toBe(200);
      expect(JSON.parse(logout.body)).toEqual({scope: 'session', pending: false});
      // The cookie is cleared all the same.
      expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(auditOf(audited).slice(before)).toEqual([]);
      // The reader's other session goes on.
      const page = await audited.request(PAGE.path, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(other)}});
      expect(page.status).toBe(200);
    } finally {
      await audited.close();
    }
  });
});
