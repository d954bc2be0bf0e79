/**
 * `npm run readers` as an operator uses it, against the Auth emulator, with a temporary allowed-emails
 * file. Each test checks what the operator reads (exit status, stdout, stderr) and what Firebase and
 * the file hold afterwards. The commands run in this process (program.ts, what the CLI calls), their
 * console captured; the last tests run the real CLI in a child process, as a shell does. The site is
 * the tests' own (tests/fixtures/test-docs, whose audiences.json defines partners, staff and beta),
 * whatever audiences the repository's site defines, if any.
 */
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {format} from 'node:util';
import {deleteApp, initializeApp, type App} from 'firebase-admin/app';
import {getAuth, type Auth, type UserRecord} from 'firebase-admin/auth';
import {EMULATOR_HOST, PROJECT_ID} from '../support/environment';
import {REPO, runScript, type Finished} from '../support/childProcess';
import {emulator, nextSecond, uniqueEmail} from '../support/emulator';
import {runReaders} from '../../scripts/readers/program';
import {TEST_DOCS} from '../support/siteCopies';

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

/** The environment of `npm run readers` in these tests; `null` in `env` unsets a variable. */
function readersEnv(env: Record<string, string | null>): Record<string, string | undefined> {
  const merged = {
    ...process.env,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    ALLOWED_EMAILS_FILE: listFile,
    ALLOWED_EMAIL_DOMAINS: null,
    ...env,
  };
  return Object.fromEntries(Object.entries(merged).map(([name, value]) => [name, value ?? undefined]));
}

/** `npm run readers -- ...args`, run here: what it prints, as the console would show it, and its exit status. */
async function readers(args: string[], env: Record<string, string | null> = {}): Promise<Finished> {
  const output = {stdout: '', stderr: ''};
  const capture =
    (stream: keyof typeof output) =>
    (...parts: unknown[]) =>
      void (output[stream] += `${format(...parts)}\n`);
  const log = vi.spyOn(console, 'log').mockImplementation(capture('stdout'));
  const error = vi.spyOn(console, 'error').mockImplementation(capture('stderr'));
  // The command points firebase-admin at its emulator through this process's environment: this file's own Auth needs it back.
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    const status = await runReaders(args, readersEnv(env), TEST_DOCS);
    return {status, ...output};
  } finally {
    log.mockRestore();
    error.mockRestore();
    if (emulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }
}

/** The real CLI in a child process: `node --import tsx scripts/readers/cli.ts ...args`, run at the repository's root. */
function readersCli(args: string[], env: Record<string, string | null> = {}): Promise<Finished> {
  return runScript('scripts/readers/cli.ts', args, readersEnv(env));
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

/** A gate that offers passwords only: invitations hand out the link that sets the password. */
const PASSWORDS_ONLY = {EMAIL_SIGN_IN: 'password'};

/** Uses a printed password link as the reader would: sets the password through the emulator. */
function choosePassword(link: string, newPassword: string): Promise<void> {
  return emulator.resetPassword(new URL(link).searchParams.get('oobCode')!, newPassword);
}

const LIST_WITH_COMMENTS = '# Readers of Tutorial Hub\nold-reader@example.com  # since 2024\n\n# gone@example.com left\n';

describe('invite', () => {
  it('creates the account, lists the address once, and prints a link that sets the password (passwords only)', async () => {
    writeFileSync(listFile, LIST_WITH_COMMENTS);
    const email = uniqueEmail('invited');
    const first = await readers(['invite', email.toUpperCase()], PASSWORDS_ONLY);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Created an account for ${email}.`);
    expect(first.stdout).toContain('sends no email');
    expect(readFileSync(listFile, 'utf8')).toBe(`${LIST_WITH_COMMENTS}${email}\n`);
    const account = await accountOf(email);
    expect(account).toMatchObject({email, emailVerified: false, disabled: false, providerData: []});

    const again = await readers(['invite', email], PASSWORDS_ONLY);
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

  it("takes back an unverified account a stranger made: only the invitee's link lets anyone in (passwords only)", async () => {
    const email = uniqueEmail('newhire');
    const stranger = await emulator.signUp(email, 'the-strangers-password');
    // The stranger signs in as late as possible: at the start of the second the command takes the account back in.
    await nextSecond();
    const lateSignIn = await emulator.signInWithPassword(email, 'the-strangers-password');
    const result = await readers(['invite', email], PASSWORDS_ONLY);
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
    await expect(auth.verifyIdToken(lateSignIn.idToken, true)).rejects.toMatchObject({code: 'auth/id-token-revoked'});

    await choosePassword(link!, 'chosen-by-the-invitee');
    expect(await accountOf(email)).toMatchObject({uid: stranger.localId, emailVerified: true});
    await emulator.signInWithPassword(email, 'chosen-by-the-invitee');
    await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
  });

  it("prints a sign-in link when links are on (the default), which signs the invitee in and verifies the address; a stranger's password is gone", async () => {
    const email = uniqueEmail('linked');
    await emulator.signUp(email, 'the-strangers-password');
    const result = await readers(['invite', email], {PUBLIC_ORIGIN: 'https://docs.acme.test'});
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${email} had an unverified account, which anyone could have made`);
    expect(result.stdout).toContain(`Send ${email} this link to sign in (it works once, for a short while); this command sends no email:`);
    const link = new URL(result.stdout.match(/https?:\/\/\S*mode=signIn\S*/)![0]);
    // The link leads, once Firebase's page has read it, to the site's login page.
    expect(link.searchParams.get('continueUrl')).toBe('https://docs.acme.test/login?redirect=%2F');
    await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
    await emulator.signInWithEmailLink(email, link.searchParams.get('oobCode')!);
    expect((await accountOf(email))?.emailVerified).toBe(true);
  });

  it('needs PUBLIC_ORIGIN for a sign-in link to a real site, and changes nothing without it', async () => {
    const email = uniqueEmail('no-origin');
    const result = await readers(['invite', email], {FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_AUTH_EMULATOR_HOST: null});
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^readers: PUBLIC_ORIGIN is not set/);
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
    const result = await readers(['import', csv], PASSWORDS_ONLY);
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

/** The cells of `list`'s row for an address, if any. */
function listRow(stdout: string, email: string): string[] | undefined {
  return stdout
    .split('\n')
    .find((line) => line.startsWith(`${email} `))
    ?.split(/\s{2,}/);
}

// The site (the tests' own audiences.json) defines audiences: list has an AUDIENCES column.
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
    const row = (email: string) => listRow(result.stdout, email);
    const signedIn = /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$|^never$/;
    expect(result.stdout.split('\n')[0]).toMatch(/^EMAIL +VERIFIED +DISABLED +LAST SIGN-IN +ALLOWED BY +ADMITTED +AUDIENCES$/);
    expect(row(listed.email)).toEqual([listed.email, 'yes', 'no', expect.stringMatching(signedIn), 'on list', 'yes', '-']);
    expect(row(inDomain.email)).toEqual([inDomain.email, 'yes', 'no', expect.stringMatching(signedIn), 'domain', 'yes', '-']);
    expect(row(unverified.email)).toEqual([
      unverified.email,
      'no',
      'no',
      expect.stringMatching(signedIn),
      'domain',
      'no (not verified)',
      '-',
    ]);
    expect(row(disabled.email)).toEqual([disabled.email, 'yes', 'yes', expect.stringMatching(signedIn), 'on list', 'no (disabled)', '-']);
    expect(row(outsider.email)).toEqual([outsider.email, 'yes', 'no', expect.stringMatching(signedIn), '-', 'no (not allowed)', '-']);
    expect(result.stdout).toMatch(/^\d+ account\(s\), \d+ admitted by the gate\.$/m);
    expect(result.stdout).toContain(`Policy: verified emails of 1 allowed domain(s), and the verified addresses listed in ${listFile}.`);
  });

  it('warns about a line of the file that is not one address, and lists nobody through it', async () => {
    const evil = await emulator.newAccount(uniqueEmail('evil', 'attacker.test'));
    writeFileSync(listFile, `# list\n${evil.email}#@tutorial-hub.test\n`);
    const result = await readers(['list']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `warning: ${listFile}:2: "${evil.email}#@tutorial-hub.test" is not an email address or @domain (followed by any audiences); the gate skips it.\n`,
    );
    expect(listRow(result.stdout, evil.email)?.slice(4)).toEqual(['-', 'no (not allowed)', '-']);
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

// The audiences are those of the tests' own audiences.json.
describe('grant, revoke and audiences', () => {
  it('grant puts an address or a domain in audiences, on the list if need be, and list shows them', async () => {
    const reader = await emulator.newAccount(uniqueEmail('granted'));
    const domain = `grant-${Date.now()}.test`;
    const colleague = await emulator.newAccount(uniqueEmail('colleague', domain));
    writeFileSync(listFile, LIST_WITH_COMMENTS);

    const first = await readers(['grant', reader.email.toUpperCase(), 'partners']);
    expect(first).toEqual({status: 0, stdout: `${reader.email} is now on the reader list, in partners (${listFile}:5).\n`, stderr: ''});
    const second = await readers(['grant', reader.email, 'staff,partners']);
    expect(second.stdout).toBe(`${reader.email} is now in staff, and was in partners already (${listFile}:5).\n`);
    const third = await readers(['grant', `@${domain}`, 'staff']);
    expect(third.stdout).toBe(
      `@${domain} is now on the reader list, in staff (${listFile}:6): the gate admits every verified address of ${domain}.\n`,
    );
    expect(readFileSync(listFile, 'utf8')).toBe(`${LIST_WITH_COMMENTS}${reader.email} partners,staff\n@${domain} staff\n`);
    expect(readdirSync(dir)).toEqual(['allowed-emails.txt']);

    const list = await readers(['list']);
    expect(list.status).toBe(0);
    expect(list.stderr).toBe('');
    expect(list.stdout.split('\n')[0]).toMatch(/^EMAIL +VERIFIED +DISABLED +LAST SIGN-IN +ALLOWED BY +ADMITTED +AUDIENCES$/);
    expect(listRow(list.stdout, reader.email)?.slice(4)).toEqual(['on list', 'yes', 'partners, staff']);
    expect(listRow(list.stdout, colleague.email)?.slice(4)).toEqual(['listed domain', 'yes', 'staff']);
  });

  it.each([
    [
      'an audience audiences.json does not define',
      ['partners', 'partnrs'],
      /^readers: "partnrs" is not an audience that audiences\.json defines \(it defines [a-z, -]*partners/,
    ],
    ['public', ['public'], /^readers: "public" is not an audience readers are put in/],
  ])('grant and revoke refuse %s: exit 2, and the file is left as it was', async (_, audiences, message) => {
    const email = uniqueEmail('refused');
    const before = `${LIST_WITH_COMMENTS}${email} staff\n`;
    writeFileSync(listFile, before);
    for (const command of ['grant', 'revoke']) {
      const result = await readers([command, email, ...audiences]);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toMatch(message);
    }
    expect(readFileSync(listFile, 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['allowed-emails.txt']);
  });

  it('an undefined audience is refused in one line, before the file is even looked for', async () => {
    const result = await readers(['grant', uniqueEmail('refused'), 'partnrs'], {ALLOWED_EMAILS_FILE: null});
    expect(result.status).toBe(2);
    expectOneLineError(result.stderr, /^readers: "partnrs" is not an audience that audiences\.json defines/);
  });

  it('revoke takes audiences away and keeps the address on the list; revoking again changes nothing', async () => {
    const reader = await emulator.newAccount(uniqueEmail('revoked'));
    writeFileSync(listFile, `${LIST_WITH_COMMENTS}${reader.email} partners,staff  # pilot\n`);

    const result = await readers(['revoke', reader.email, 'partners']);
    expect(result).toEqual({
      status: 0,
      stdout: `${reader.email} is no longer in partners; it stays on the reader list (${listFile}:5).\n`,
      stderr: '',
    });
    expect(readFileSync(listFile, 'utf8')).toBe(`${LIST_WITH_COMMENTS}${reader.email} staff  # pilot\n`);
    const again = await readers(['revoke', reader.email, 'partners']);
    expect(again).toEqual({status: 0, stdout: `${reader.email} is not in partners; nothing changed.\n`, stderr: ''});

    const list = await readers(['list']);
    expect(listRow(list.stdout, reader.email)?.slice(4)).toEqual(['on list', 'yes', 'staff']);
  });

  it("revoke says when the address keeps an audience through its domain's line", async () => {
    const domain = `revoke-${Date.now()}.test`;
    const email = uniqueEmail('in-domain', domain);
    writeFileSync(listFile, `@${domain} staff\n${email} staff,partners\n`);
    const result = await readers(['revoke', email, 'staff', 'partners']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${email} is no longer in staff, partners; it stays on the reader list (${listFile}:2).\n`);
    expect(result.stderr).toBe(
      `warning: ${email} is still in staff through the line of @${domain}, which gives it to every address of ${domain}.\n`,
    );
    expect(readFileSync(listFile, 'utf8')).toBe(`@${domain} staff\n${email}\n`);
  });

  it('audiences shows who is in each audience, and warns about a line naming one the site does not define', async () => {
    const domain = `audiences-${Date.now()}.test`;
    const partner = uniqueEmail('partner');
    writeFileSync(listFile, `# readers\n@${domain} staff\n${partner} partners\n${uniqueEmail('typo')} partnrs\n`);
    // It reads files only: a Firebase setting the other commands refuse does not stop it.
    const result = await readers(['audiences'], {FIREBASE_PROJECT_ID: 'acme-docs'});
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `warning: ${listFile}:4: "partnrs" is not an audience that audiences.json defines; it gives nobody anything.\n`,
    );
    const lines = result.stdout.split('\n');
    const membersOf = (audience: string) => {
      const start = lines.findIndex((line) => line === audience || line.startsWith(`${audience}: `));
      const end = lines.findIndex((line, index) => index > start && !line.startsWith('  '));
      return lines.slice(start + 1, end);
    };
    expect(membersOf('partners')).toEqual([`  ${partner}`]);
    expect(membersOf('staff')).toEqual([`  @${domain}`]);
    expect(result.stdout).toContain(`\nReaders as ${listFile} lists them.\n`);
  });
});

describe('usage and configuration errors', () => {
  it.each([
    [[]],
    [['frob']],
    [['invite']],
    [['disable', 'not-an-address']],
    [['grant', 'not-an-address', 'staff']],
    [['revoke', '@x', 'staff']],
  ])('%j prints the usage and exits 2', async (args) => {
    const result = await readers(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^readers: .+\n\nUsage: npm run readers -- \[--site <folder>\] <command>/);
  });

  it('help prints the usage on stdout', async () => {
    const result = await readers(['help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run readers -- \[--site <folder>\] <command>/);
  });

  it('refuses the emulator for a project that is not demo-', async () => {
    const result = await readers(['list'], {FIREBASE_PROJECT_ID: 'acme-docs'});
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /not a demo- project/);
  });
});

describe('the command line, as a shell runs it', () => {
  it('prints what the command did on stdout and exits 0, with the audiences of the site --site names', async () => {
    const email = uniqueEmail('cli');
    const site = path.relative(REPO, TEST_DOCS);
    const result = await readersCli(['--site', site, 'grant', email, 'beta']);
    expect(result).toEqual({status: 0, stdout: `${email} is now on the reader list, in beta (${listFile}:1).\n`, stderr: ''});
    const after = await readersCli(['grant', email, 'staff', `--site=${site}`]);
    expect(after.stdout).toBe(`${email} is now in staff (${listFile}:1).\n`);
    expect(readFileSync(listFile, 'utf8')).toBe(`${email} beta,staff\n`);
  });

  it('names a --site folder that is not there in one line, and exits 1', async () => {
    const result = await readersCli(['--site', 'no-such-site', 'audiences']);
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^readers: --site no-such-site: there is no such folder\.$/);
  });

  it('prints the usage on stderr and exits 2 for a command it does not know', async () => {
    const result = await readersCli(['frob']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^readers: .+\n\nUsage: npm run readers -- \[--site <folder>\] <command>/);
  });

  it('exits 1 with one line on stderr, and no stack trace, when the command fails', async () => {
    const result = await readersCli(['list'], {FIREBASE_PROJECT_ID: 'acme-docs'});
    expect(result.status).toBe(1);
    expectOneLineError(result.stderr, /^readers: .*not a demo- project/);
  });
});
