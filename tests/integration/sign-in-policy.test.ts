/**
 * Who may read, decided by the gate against the Auth emulator: refusals at sign-in, the allowed-emails
 * file read again while the gate runs, and access that ends at the re-check when the account changes.
 */
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  auditOf,
  postLogout,
  postSession,
  type RunningGate,
  sessionCookieFor,
  sessionCookieOf,
  startGate,
  statusWith,
} from '../support/gate';
import {emulator, uniqueEmail} from '../support/emulator';
import {SIGN_IN_OPTIONS_ENDPOINT} from '../../contracts/session';

/** The gate notices a change of the readers file on its own poll. */
const WITHIN_POLLS = {timeout: 10_000, interval: 100};

let gate: RunningGate;
beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

describe('starting a session', () => {
  it('refuses an anonymous account: 403 anonymous, no cookie', async () => {
    const {idToken} = await emulator.signUpAnonymously();
    const response = await postSession(gate, idToken);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error).toBe('anonymous');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unverified address of the allowed domain: 403 email-not-verified', async () => {
    const reader = await emulator.newAccount(uniqueEmail('unverified'), undefined, {verified: false});
    const response = await postSession(gate, (await emulator.signInWithPassword(reader.email, reader.password)).idToken);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error).toBe('email-not-verified');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a verified address of another domain: 403 not-allowed, and names no allowed domain', async () => {
    const reader = await emulator.newAccount(uniqueEmail('outsider', 'other.test'));
    const response = await postSession(gate, (await emulator.signInWithPassword(reader.email, reader.password)).idToken);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error).toBe('not-allowed');
    expect(response.body).not.toContain('tutorial-hub.test');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a look-alike domain', async () => {
    const reader = await emulator.newAccount(uniqueEmail('lookalike', 'tutorial-hub.test.evil.test'));
    const response = await postSession(gate, (await emulator.signInWithPassword(reader.email, reader.password)).idToken);
    expect(response.status).toBe(403);
  });

  it('refuses a token of an account disabled since it signed in', async () => {
    const reader = await emulator.newAccount(uniqueEmail('disabled'));
    const {idToken} = await emulator.signInWithPassword(reader.email, reader.password);
    await emulator.updateAccount(reader.localId, {disableUser: true});
    const response = await postSession(gate, idToken);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error).toBe('disabled');
  });

  it('admits a verified address of the allowed domain', async () => {
    const reader = await emulator.newAccount(uniqueEmail('admitted'));
    const response = await postSession(gate, (await emulator.signInWithPassword(reader.email, reader.password)).idToken);
    expect(response.status).toBe(204);
    expect(await statusWith(gate, sessionCookieOf(response))).toBe(200);
  });

  it('tells the login page whether it may offer sign-up, and how readers sign in with their address; with sign-up closed, readers still sign in', async () => {
    const closed = await startGate({SIGN_UP: 'closed', EMAIL_SIGN_IN: 'link'});
    try {
      expect(JSON.parse((await gate.request(SIGN_IN_OPTIONS_ENDPOINT)).body)).toEqual({signUp: 'open', emailSignIn: 'both'});
      const response = await closed.request(SIGN_IN_OPTIONS_ENDPOINT);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(response.body)).toEqual({signUp: 'closed', emailSignIn: 'link'});
      // Closed sign-up offers nothing new to an account made through Firebase's API anyway.
      const stranger = await emulator.newAccount(uniqueEmail('rest-made', 'other.test'));
      const session = await postSession(closed, (await emulator.signInWithPassword(stranger.email, stranger.password)).idToken);
      expect(session.status).toBe(403);
      // Readers still sign in (what the login page then shows: tests/e2e/signed-out/reader-policy.spec.ts).
      const reader = await emulator.newAccount(uniqueEmail('sign-up-closed'));
      const admitted = await postSession(closed, (await emulator.signInWithPassword(reader.email, reader.password)).idToken);
      expect(admitted.status).toBe(204);
      expect(await statusWith(closed, sessionCookieOf(admitted))).toBe(200);
    } finally {
      await closed.close();
    }
  });
});

describe('the allowed-emails file', () => {
  let dir: string;
  let file: string;
  let listed: RunningGate;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'readers-'));
    file = path.join(dir, 'readers.txt');
    writeFileSync(file, '# Readers of Tutorial Hub\n');
    // Re-checks an hour apart: a removal from the file must not wait for them.
    listed = await startGate({ALLOWED_EMAIL_DOMAINS: '', ALLOWED_EMAILS_FILE: file, SESSION_REVOCATION_CHECK_SECONDS: '3600'});
  });
  afterAll(async () => {
    await listed.close();
    rmSync(dir, {recursive: true, force: true});
  });

  it('admits a listed address of any domain, and ends its access when it is removed, without a restart', async () => {
    const partner = await emulator.newAccount(uniqueEmail('partner', 'partner.test'));
    const colleague = await emulator.newAccount(uniqueEmail('colleague', 'partner.test'));
    expect(
      await postSession(listed, (await emulator.signInWithPassword(partner.email, partner.password)).idToken).then((r) => r.status),
    ).toBe(403);

    writeFileSync(file, `# Readers of Tutorial Hub\n${partner.email.toUpperCase()}\n${colleague.email} # team lead\n`);
    // The gate reads the file on its next poll.
    const cookie = await vi.waitFor(async () => {
      const response = await postSession(listed, (await emulator.signInWithPassword(partner.email, partner.password)).idToken);
      expect(response.status).toBe(204);
      return sessionCookieOf(response);
    }, WITHIN_POLLS);
    const colleagueCookie = await sessionCookieFor(listed, colleague);
    expect(await statusWith(listed, cookie)).toBe(200);

    writeFileSync(file, `# Readers of Tutorial Hub\n${colleague.email}\n`);
    await vi.waitFor(async () => expect(await statusWith(listed, cookie)).toBe(401), WITHIN_POLLS);
    expect(await statusWith(listed, colleagueCookie)).toBe(200);
    expect(auditOf(listed)).toContainEqual(expect.objectContaining({event: 'access-ended', reason: 'not-allowed', email: partner.email}));
  });

  it('replaced by something it cannot read, admits nobody through it until it can be read again, and says so at every poll', async () => {
    const partner = await emulator.newAccount(uniqueEmail('unreadable', 'partner.test'));
    writeFileSync(file, `${partner.email}\n`);
    const signIn = async () =>
      (await postSession(listed, (await emulator.signInWithPassword(partner.email, partner.password)).idToken)).status;
    await vi.waitFor(async () => expect(await signIn()).toBe(204), WITHIN_POLLS);
    const cookie = await sessionCookieFor(listed, partner);
    expect(await statusWith(listed, cookie)).toBe(200);

    // Replaced by something the gate cannot read as a file.
    rmSync(file);
    mkdirSync(file);
    await vi.waitFor(async () => expect(await statusWith(listed, cookie)).toBe(401), WITHIN_POLLS);
    expect(await signIn()).toBe(403);
    const cannotRead = () => listed.logs.filter((line) => String(line.msg).startsWith('The allowed-emails file cannot be read')).length;
    await vi.waitFor(() => expect(cannotRead()).toBeGreaterThanOrEqual(2), WITHIN_POLLS);

    rmSync(file, {recursive: true});
    writeFileSync(file, `${partner.email}\n`);
    await vi.waitFor(async () => expect(await signIn()).toBe(204), WITHIN_POLLS);
  });

  it('is not read while it is being written: an emptied file still changing ends nobody’s access until it has settled', async () => {
    const partner = await emulator.newAccount(uniqueEmail('settling', 'partner.test'));
    writeFileSync(file, `${partner.email}\n`);
    const cookie = await vi.waitFor(() => sessionCookieFor(listed, partner), WITHIN_POLLS);
    expect(await statusWith(listed, cookie)).toBe(200);

    // Truncated as a tool writing in place truncates it, then changed every 20 ms over three of the gate's polls, by a
    // process of its own (this one's timers wait for its requests).
    writeFileSync(file, '');
    const writing = spawn('sh', ['-c', 'while :; do touch -c "$0"; sleep 0.02; done', file], {stdio: 'ignore'});
    try {
      for (let check = 0; check < 30; check += 1) {
        expect(await statusWith(listed, cookie)).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      writing.kill();
      await once(writing, 'exit');
    }
    // Once still, the empty list is the list: the reader is out, and back in as soon as it lists them again.
    await vi.waitFor(async () => expect(await statusWith(listed, cookie)).toBe(401), WITHIN_POLLS);
    writeFileSync(file, `${partner.email}\n`);
    await vi.waitFor(async () => expect(await statusWith(listed, cookie)).toBe(200), WITHIN_POLLS);
  });
});

describe('a line of the allowed-emails file that is not one address', () => {
  it('admits nobody and is logged: a # inside a line starts no comment', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'readers-'));
    const file = path.join(dir, 'readers.txt');
    const evil = await emulator.newAccount(uniqueEmail('evil', 'attacker.test'));
    writeFileSync(file, `# Readers of Tutorial Hub\n${evil.email}#@tutorial-hub.test\n`);
    const strict = await startGate({ALLOWED_EMAIL_DOMAINS: '', ALLOWED_EMAILS_FILE: file});
    try {
      const response = await postSession(strict, (await emulator.signInWithPassword(evil.email, evil.password)).idToken);
      expect(response.status).toBe(403);
      expect(strict.logs).toContainEqual(
        expect.objectContaining({level: 40, file, line: 2, msg: expect.stringContaining(`"${evil.email}#@tutorial-hub.test"`)}),
      );
    } finally {
      await strict.close();
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('access ends at the re-check', () => {
  it('for an account disabled after its session started', async () => {
    const reader = await emulator.newAccount(uniqueEmail('to-disable'));
    const cookie = await sessionCookieFor(gate, reader);
    expect(await statusWith(gate, cookie)).toBe(200);
    await emulator.updateAccount(reader.localId, {disableUser: true});
    expect(await statusWith(gate, cookie)).toBe(401);
    expect(auditOf(gate)).toContainEqual(expect.objectContaining({event: 'access-ended', reason: 'disabled', email: reader.email}));
  });

  it('for a deleted account, whose "sign out everywhere" then ends the session cleanly', async () => {
    const reader = await emulator.newAccount(uniqueEmail('to-delete'));
    const cookie = await sessionCookieFor(gate, reader);
    const other = await sessionCookieFor(gate, reader);
    expect(await statusWith(gate, cookie)).toBe(200);
    await emulator.deleteAccount(reader.localId);
    const logout = await postLogout(gate, other, {everywhere: true});
    expect(logout.status).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/^__session=;/);
    expect(await statusWith(gate, other)).toBe(401);
    expect(await statusWith(gate, cookie)).toBe(401);
  });

  it('for an address that loses its verification', async () => {
    const reader = await emulator.newAccount(uniqueEmail('unverify'));
    const cookie = await sessionCookieFor(gate, reader);
    await emulator.updateAccount(reader.localId, {emailVerified: false});
    expect(await statusWith(gate, cookie)).toBe(401);
  });
});
