/**
 * `npm run readers` as an operator runs it: the real CLI in a child process, against the Auth
 * emulator, with a temporary allowed-emails file. Each test checks what the operator sees and
 * what Firebase and the file hold afterwards.
 */
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {deleteApp, initializeApp, type App} from 'firebase-admin/app';
import {getAuth, type Auth, type UserRecord} from 'firebase-admin/auth';
import {EMULATOR_HOST, PROJECT_ID} from '../support/environment';
import {runScript, type Finished} from '../support/childProcess';
import {emulator, uniqueEmail} from '../support/emulator';

let app: App;
let auth: Auth;
let dir: string;
let listFile: string;

beforeAll(() => {
  app = initializeApp({projectId: PROJECT_ID}, 'readers-test');
  auth = getAuth(app);
});
afterAll(() => deleteApp(app));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'readers-'));
  listFile = path.join(dir, 'allowed-emails.txt');
  return () => rmSync(dir, {recursive: true, force: true});
});

/** Runs `npm run readers -- ...args`; `null` in env unsets a variable. */
function readers(args: string[], env: Record<string, string | null> = {}): Promise<Finished> {
  const merged = {
    ...process.env,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    ALLOWED_EMAILS_FILE: listFile,
    ALLOWED_EMAIL_DOMAINS: null,
    ...env,
  };
  return runScript(
    'scripts/readers/cli.ts',
    args,
    Object.fromEntries(Object.entries(merged).map(([name, value]) => [name, value ?? undefined])),
  );
}

async function accountOf(email: string): Promise<UserRecord | null> {
  return auth.getUserByEmail(email).catch((error: {code?: string}) => {
    if (error.code === 'auth/user-not-found') return null;
    throw error;
  });
}

/** A user error is one line on stderr: no stack trace. */
function expectOneLineError(stderr: string, message: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
}

/** Uses a printed password link as the reader would: sets the password through the emulator. */
function choosePassword(link: string, newPassword: string): Promise<void> {
  return emulator.resetPassword(new URL(link).searchParams.get('oobCode')!, newPassword);
}

const LIST_WITH_COMMENTS = '# Readers of Tutorial Hub\nold-reader@example.com  # since 2024\n\n# gone@example.com left\n';

describe('invite', () => {
  it('creates the account, lists the address once, and prints a link that sets the password', async () => {
    writeFileSync(listFile, LIST_WITH_COMMENTS);
    const email = uniqueEmail('invited');
    const first = await readers(['invite', email.toUpperCase()]);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Created an account for ${email}.`);
    expect(first.stdout).toContain('sends no email');
    expect(readFileSync(listFile, 'utf8')).toBe(`${LIST_WITH_COMMENTS}${email}\n`);
    const account = await accountOf(email);
    expect(account).toMatchObject({email, emailVerified: false, disabled: false, providerData: []});

    const again = await readers(['invite', email]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`${email} has an account already.`);
    expect(again.stdout).toContain(`${email} is on ${listFile} already.`);
    expect(readFileSync(listFile, 'utf8')).toBe(`${LIST_WITH_COMMENTS}${email}\n`);
    expect(readdirSync(dir)).toEqual(['allowed-emails.txt']);

    const link = again.stdout.match(/https?:\/\/\S*mode=resetPassword\S*/)?.[0];
    expect(link).toBeDefined();
    await choosePassword(link!, 'chosen-by-the-reader');
    await emulator.signInWithPassword(email, 'chosen-by-the-reader');
    // Choosing the password through the emailed link proves the address, as the gate requires.
    expect((await accountOf(email))?.emailVerified).toBe(true);
  });

  it('puts an existing account on the list, creating the file, without a password link', async () => {
    const {email, localId} = await emulator.newAccount(uniqueEmail('existing'));
    const result = await readers(['invite', email]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${email} has an account already.`);
    expect(result.stdout).not.toContain('resetPassword');
    expect(readFileSync(listFile, 'utf8')).toBe(`${email}\n`);
    expect((await accountOf(email))?.uid).toBe(localId);
  });

  it("takes back an unverified account a stranger made: only the invitee's link lets anyone in", async () => {
    const email = uniqueEmail('newhire');
    const stranger = await emulator.signUp(email, 'the-strangers-password');
    const before = Date.now() - 1000;
    const result = await readers(['invite', email]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `${email} had an unverified account, which anyone could have made: its password was replaced by a random one and its sessions ended.`,
    );
    const link = result.stdout.match(/https?:\/\/\S*mode=resetPassword\S*/)?.[0];
    expect(link).toBeDefined();
    // The stranger's password and sessions are gone at once, before the invitee does anything.
    await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
    expect(Date.parse((await accountOf(email))!.tokensValidAfterTime!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    await choosePassword(link!, 'chosen-by-the-invitee');
    expect(await accountOf(email)).toMatchObject({uid: stranger.localId, emailVerified: true});
    await emulator.signInWithPassword(email, 'chosen-by-the-invitee');
    await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
  });

  it('needs ALLOWED_EMAILS_FILE, and creates no account without it', async () => {
    const email = uniqueEmail('no-file');
    const result = await readers(['invite', email], {ALLOWED_EMAILS_FILE: null});
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^readers: ALLOWED_EMAILS_FILE is not set/);
    expect(await accountOf(email)).toBeNull();
  });
});

describe('import', () => {
  it('invites every reader, with names, and writes the list once', async () => {
    const already = uniqueEmail('already');
    const before = `${LIST_WITH_COMMENTS}${already}\n`;
    writeFileSync(listFile, before);
    const ada = uniqueEmail('ada');
    const existing = await emulator.newAccount(uniqueEmail('bob'));
    const csv = path.join(dir, 'readers.csv');
    writeFileSync(csv, `email,name,team\n${ada},"Lovelace, Ada",red\n\n${existing.email},Bob,blue\n${already},,blue\n`);

    const result = await readers(['import', csv]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${ada}: account created`);
    expect(result.stdout).toContain(`${existing.email}: has an account already`);
    expect(result.stdout).toContain(`Added 2 address(es) to ${listFile}; 1 were on it already.`);
    expect(readFileSync(listFile, 'utf8')).toBe(`${before}${ada}\n${existing.email}\n`);
    expect(await accountOf(ada)).toMatchObject({email: ada, displayName: 'Lovelace, Ada'});
    expect((await accountOf(already))?.email).toBe(already);
  });

  it('takes back an unverified account a stranger made, and says so', async () => {
    const email = uniqueEmail('imported-newhire');
    await emulator.signUp(email, 'the-strangers-password');
    const csv = path.join(dir, 'readers.csv');
    writeFileSync(csv, `email\n${email}\n`);
    const result = await readers(['import', csv]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `${email}: had an unverified account, which anyone could have made: its password was replaced by a random one and its sessions ended\n  password link: `,
    );
    await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
  });

  it('reports every malformed line by number and changes nothing', async () => {
    writeFileSync(listFile, LIST_WITH_COMMENTS);
    const valid = uniqueEmail('valid');
    const csv = path.join(dir, 'readers.csv');
    writeFileSync(csv, `email,name\n${valid},Val\nnot-an-address,Nobody\n${valid.toUpperCase()},Twice\n`);

    const result = await readers(['import', csv]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `${csv}:3: "not-an-address" is not an email address`,
      `${csv}:4: ${valid} is already on line 2`,
      `readers: 2 problem(s) in ${csv}; nothing was changed.`,
    ]);
    expect(result.stdout).toBe('');
    expect(readFileSync(listFile, 'utf8')).toBe(LIST_WITH_COMMENTS);
    expect(readdirSync(dir).sort()).toEqual(['allowed-emails.txt', 'readers.csv']);
    expect(await accountOf(valid)).toBeNull();
  });

  it('needs ALLOWED_EMAILS_FILE and an existing CSV', async () => {
    const csv = path.join(dir, 'readers.csv');
    writeFileSync(csv, `email\n${uniqueEmail('unused')}\n`);
    expectOneLineError((await readers(['import', csv], {ALLOWED_EMAILS_FILE: null})).stderr, /ALLOWED_EMAILS_FILE is not set/);
    const missing = await readers(['import', path.join(dir, 'missing.csv')]);
    expect(missing.status).toBe(1);
    expectOneLineError(missing.stderr, /missing\.csv does not exist/);
  });
});

describe('disable, enable and sign-out', () => {
  it('disable stops the account signing in; enable lets it sign in again', async () => {
    const {email, password, localId} = await emulator.newAccount(uniqueEmail('toggled'));
    const disabled = await readers(['disable', email]);
    expect(disabled.status).toBe(0);
    expect(disabled.stdout).toContain(`Disabled ${email}`);
    expect((await auth.getUser(localId)).disabled).toBe(true);
    await expect(emulator.signInWithPassword(email, password)).rejects.toThrow(/USER_DISABLED/);

    const enabled = await readers(['enable', email]);
    expect(enabled.status).toBe(0);
    expect((await auth.getUser(localId)).disabled).toBe(false);
    await emulator.signInWithPassword(email, password);
  });

  it('sign-out revokes every session of the account', async () => {
    const localId = await emulator.longStandingUser();
    const {email} = await auth.getUser(localId);
    const before = Date.now() - 1000;
    const result = await readers(['sign-out', email!]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Signed out ${email}`);
    // Tokens issued before this moment no longer count (it was 2020 until now).
    expect(Date.parse((await auth.getUser(localId)).tokensValidAfterTime!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it.each([['disable'], ['enable'], ['sign-out']])('%s names an unknown address and exits 1', async (command) => {
    const email = uniqueEmail('nobody');
    const result = await readers([command, email]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expectOneLineError(result.stderr, new RegExp(`^readers: no account has the address ${email}\\.$`));
  });
});

describe('list', () => {
  it('shows each account and whether the gate admits it, by list or domain', async () => {
    const domain = `list-${Date.now()}.test`;
    const listed = await emulator.newAccount(uniqueEmail('listed'));
    const inDomain = await emulator.newAccount(uniqueEmail('in-domain', domain));
    const unverified = await emulator.newAccount(uniqueEmail('unverified', domain), undefined, {verified: false});
    const disabled = await emulator.newAccount(uniqueEmail('disabled'));
    const outsider = await emulator.newAccount(uniqueEmail('outsider'));
    await emulator.updateAccount(disabled.localId, {disableUser: true});
    writeFileSync(listFile, `# list\n${listed.email}\n${disabled.email}\n`);

    const result = await readers(['list'], {ALLOWED_EMAIL_DOMAINS: domain});
    expect(result.status).toBe(0);
    const row = (email: string) =>
      result.stdout
        .split('\n')
        .find((line) => line.startsWith(`${email} `))
        ?.split(/\s{2,}/);
    const signedIn = /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$|^never$/;
    expect(result.stdout.split('\n')[0]).toMatch(/^EMAIL +VERIFIED +DISABLED +LAST SIGN-IN +ALLOWED BY +ADMITTED$/);
    expect(row(listed.email)).toEqual([listed.email, 'yes', 'no', expect.stringMatching(signedIn), 'on list', 'yes']);
    expect(row(inDomain.email)).toEqual([inDomain.email, 'yes', 'no', expect.stringMatching(signedIn), 'domain', 'yes']);
    expect(row(unverified.email)).toEqual([unverified.email, 'no', 'no', expect.stringMatching(signedIn), 'domain', 'no (not verified)']);
    expect(row(disabled.email)).toEqual([disabled.email, 'yes', 'yes', expect.stringMatching(signedIn), 'on list', 'no (disabled)']);
    expect(row(outsider.email)).toEqual([outsider.email, 'yes', 'no', expect.stringMatching(signedIn), '-', 'no (not allowed)']);
    expect(result.stdout).toMatch(/^\d+ account\(s\), \d+ admitted by the gate\.$/m);
    expect(result.stdout).toContain(`Policy: verified emails of 1 allowed domain(s), and the verified addresses listed in ${listFile}.`);
  });

  it('warns about a line of the file that is not one address, and lists nobody through it', async () => {
    const evil = await emulator.newAccount(uniqueEmail('evil', 'attacker.test'));
    writeFileSync(listFile, `# list\n${evil.email}#@tutorial-hub.test\n`);
    const result = await readers(['list']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`warning: ${listFile}:2: "${evil.email}#@tutorial-hub.test" is not an email address; the gate skips it.\n`);
    const row = result.stdout.split('\n').find((line) => line.startsWith(`${evil.email} `));
    expect(row?.split(/\s{2,}/).slice(4)).toEqual(['-', 'no (not allowed)']);
  });

  it('cuts a very long address, so that one account cannot flood the listing', async () => {
    const long = await emulator.newAccount(uniqueEmail('x'.repeat(5000), 'attacker.test'));
    writeFileSync(listFile, '');
    const result = await readers(['list']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${long.email.slice(0, 59)}…  yes`);
    expect(Math.max(...result.stdout.split('\n').map((line) => line.length))).toBeLessThan(200);
  });
});

describe('usage and configuration errors', () => {
  it.each([[[]], [['frob']], [['invite']], [['disable', 'not-an-address']]])('%j prints the usage and exits 2', async (args) => {
    const result = await readers(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^readers: .+\n\nUsage: npm run readers -- <command>/);
  });

  it('help prints the usage on stdout', async () => {
    const result = await readers(['help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run readers -- <command>/);
  });

  it('refuses the emulator for a project that is not demo-', async () => {
    const result = await readers(['list'], {FIREBASE_PROJECT_ID: 'acme-docs'});
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /not a demo- project/);
  });
});
