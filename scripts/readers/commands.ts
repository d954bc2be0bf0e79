/**
 * The I/O half of `npm run readers`: Firebase Auth through firebase-admin, the allowed-emails file, and
 * the audiences the site defines (its audiences.json). Paths in the environment are from the folder the command runs in.
 */
import {access, constants, readFile, realpath, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {deleteApp, initializeApp} from 'firebase-admin/app';
import {FirebaseAuthError, getAuth, type Auth, type UserRecord} from 'firebase-admin/auth';
import {
  describePolicy,
  emailDomain,
  emailsFileFromEnv,
  parseEmailList,
  PolicyError,
  policySettingsFromEnv,
  readerAccountOf,
  unfinishedLineWarning,
  type EmailList,
  type ReaderPolicy,
} from '../../server/rules/readerPolicy';
import {takeBack} from '../../server/services/accountClaims';
import {USER_NOT_FOUND} from '../../server/services/firebaseAuth';
import type {Env} from '../../contracts/firebaseProject';
import {readSiteAudiences} from '../../plugins/audiences/declarations';
import {addToEmailList, grantAudiences, revokeAudiences, type AudienceEdit} from './listFile';
import {undefinedAudienceProblem, UsageError, UserError, type Command} from './commandLine';
import {invitationLinkOf, inviteAction, readersTarget, type InviteAction} from './invitations';
import {formatAccountTable, formatAudiences, type AccountRow} from './listing';
import {parseReadersCsv} from './readersCsv';

function emailsFileOf(env: Env): string {
  const file = emailsFileFromEnv(env, process.cwd());
  if (file === null) throw new UserError('ALLOWED_EMAILS_FILE is not set: set it to the allowed-emails file the gate server reads.');
  return file;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The file's text; a missing file is an error, or empty when `missingIsEmpty` (the first invite creates it). */
async function readText(file: string, {missingIsEmpty = false} = {}): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (missingIsEmpty) return '';
    throw new UserError(`${file} does not exist.`);
  }
}

/**
 * Where the allowed-emails file really is (through a symlink, which must stay one), checked before
 * Firebase is touched: a file this command cannot replace must stop it before any account changes.
 */
async function writableListFile(file: string): Promise<string> {
  const target = await realpath(file).catch((error: unknown) => {
    if (isMissing(error)) return file;
    throw error;
  });
  try {
    await access(path.dirname(target), constants.W_OK);
  } catch {
    throw new UserError(`cannot replace ${target}: its folder ${path.dirname(target)} is missing or not writable.`);
  }
  return target;
}

/** The gate polls the file: writing a temporary file and renaming it swaps the whole list in at once. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const mode = await stat(file).then(
    (stats) => stats.mode & 0o777,
    () => undefined,
  );
  await writeFile(temporary, text, {mode});
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, {force: true});
    throw error;
  }
}

async function findUser(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (error instanceof FirebaseAuthError && error.code === USER_NOT_FOUND) return null;
    throw error;
  }
}

async function requireUser(auth: Auth, email: string): Promise<UserRecord> {
  const user = await findUser(auth, email);
  if (!user) throw new UserError(`no account has the address ${email}.`);
  return user;
}

/** What ensureAccount found and did, and the link to hand out (null when the reader has a way in). */
interface Invitation {
  action: InviteAction['kind'];
  /** The sign-in methods a reclaimed account lost besides its password. */
  unlinked: string[];
  link: {kind: 'sign-in' | 'password'; url: string} | null;
}

/**
 * The reader's account, made or taken back (see inviteAction) so that only the owner of the mailbox can
 * sign in to it: through the printed link, which also verifies the address, as the gate requires. The
 * link is a sign-in link when the gate offers links, else the one that sets the password.
 */
async function ensureAccount(auth: Auth, env: Env, isDemo: boolean, email: string, name: string | null): Promise<Invitation> {
  const linkKind = invitationLinkOf(env, isDemo);
  const existing = await findUser(auth, email);
  const action = inviteAction(existing && accountRow(existing));
  if (action.kind === 'create') await auth.createUser({email, ...(name ? {displayName: name} : {})});
  if (action.kind === 'reclaim') await takeBack(auth, existing!.uid, action.providersToUnlink);
  const unlinked = action.kind === 'reclaim' ? action.providersToUnlink : [];
  if (action.kind === 'keep') return {action: action.kind, unlinked, link: null};
  const link =
    linkKind.kind === 'sign-in'
      ? {kind: 'sign-in' as const, url: await auth.generateSignInWithEmailLink(email, {url: linkKind.loginUrl, handleCodeInApp: true})}
      : {kind: 'password' as const, url: await auth.generatePasswordResetLink(email)};
  return {action: action.kind, unlinked, link};
}

/** What the operator is told to hand on, for a link of each kind. */
const LINK_PURPOSE = {'sign-in': 'sign in (it works once, for a short while)', password: 'choose a password'} as const;

/** What was done to an account that was taken back, for the operator. */
function reclaimReport(unlinked: readonly string[]): string {
  const removed = unlinked.length > 0 ? `, its sign-in through ${unlinked.join(', ')} removed` : '';
  return `had an unverified account, which anyone could have made: its password was replaced by a random one${removed} and its sessions ended`;
}

/** What happened to the address's account: a sentence for invite, a line for import. */
function accountReport(email: string, {action, unlinked}: Invitation, style: 'invite' | 'import'): string {
  if (action === 'reclaim') {
    return style === 'invite'
      ? `${email} ${reclaimReport(unlinked)}. Only the link below lets anyone in.`
      : `${email}: ${reclaimReport(unlinked)}`;
  }
  if (action === 'create') return style === 'invite' ? `Created an account for ${email}.` : `${email}: account created`;
  return style === 'invite' ? `${email} has an account already.` : `${email}: has an account already`;
}

async function addToListFile(file: string, emails: readonly string[]): Promise<string[]> {
  const {text, added} = addToEmailList(await readText(file, {missingIsEmpty: true}), emails);
  if (added.length > 0) await writeAtomically(file, text);
  return added;
}

/** The audiences the site defines (name → description), with any mistake in audiences.json as a warning. */
function siteAudiences(siteDir: string): ReadonlyMap<string, string> {
  const {defined, problems} = readSiteAudiences(siteDir);
  for (const {file, line, message} of problems) console.error(`warning: ${file}:${line}: ${message}`);
  return defined;
}

/** Warnings, by line, about the file's lines that the gate skips or whose audiences give nobody anything. */
function warnAboutList(file: string, list: EmailList, defined: ReadonlyMap<string, string>): void {
  const warnings = [
    ...list.invalid.map(({line, text}) => ({
      line,
      message: `"${text}" is not an email address or @domain (followed by any audiences); the gate skips it.`,
    })),
    ...list.named
      .filter(({audience}) => !defined.has(audience))
      .map(({line, audience}) => ({
        line,
        message: `"${audience}" is not an audience that audiences.json defines; it gives nobody anything.`,
      })),
    ...(list.unfinished ? [{line: list.unfinished.line, message: `${unfinishedLineWarning(list.unfinished)}.`}] : []),
  ].sort((a, b) => a.line - b.line);
  for (const {line, message} of warnings) console.error(`warning: ${file}:${line}: ${message}`);
}

/** The policy the gate would apply with this environment (server/config.ts), with the file as it is now. */
async function currentPolicy(
  env: Env,
  isDemo: boolean,
  defined: ReadonlyMap<string, string>,
): Promise<{policy: ReaderPolicy; description: string; namesAudiences: boolean}> {
  let settings;
  try {
    ({settings} = policySettingsFromEnv(env, process.cwd(), isDemo));
  } catch (error) {
    if (error instanceof PolicyError) throw new UserError(error.message);
    throw error;
  }
  const file = settings.emailsFile;
  const list = file ? parseEmailList(await readText(file)) : null;
  if (file && list) warnAboutList(file, list, defined);
  return {
    policy: {domains: settings.domains, emails: list?.emails ?? new Set(), listedDomains: list?.domains, audiences: list?.audiences},
    description: describePolicy(settings.domains, file) || 'nobody (set ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS_FILE)',
    namesAudiences: (list?.named.length ?? 0) > 0,
  };
}

function accountRow(user: UserRecord): AccountRow {
  return {uid: user.uid, ...readerAccountOf(user), lastSignInTime: user.metadata.lastSignInTime};
}

async function list(auth: Auth, env: Env, isDemo: boolean, siteDir: string): Promise<void> {
  const defined = siteAudiences(siteDir);
  const {policy, description, namesAudiences} = await currentPolicy(env, isDemo, defined);
  const accounts: AccountRow[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    accounts.push(...page.users.map(accountRow));
    pageToken = page.pageToken;
  } while (pageToken);
  console.log(formatAccountTable(accounts, policy, {audienceColumn: defined.size > 0 || namesAudiences}));
  console.log(`Policy: ${description}.`);
}

async function invite(auth: Auth, env: Env, isDemo: boolean, email: string): Promise<void> {
  const file = await writableListFile(emailsFileOf(env));
  const invitation = await ensureAccount(auth, env, isDemo, email, null);
  console.log(accountReport(email, invitation, 'invite'));
  const added = await addToListFile(file, [email]);
  console.log(added.length > 0 ? `Added ${email} to ${file}.` : `${email} is on ${file} already.`);
  // firebase-admin can make the link but not mail it.
  const {link} = invitation;
  if (link) console.log(`Send ${email} this link to ${LINK_PURPOSE[link.kind]}; this command sends no email:\n  ${link.url}`);
}

async function importCsv(auth: Auth, env: Env, isDemo: boolean, csvFile: string): Promise<void> {
  const file = emailsFileOf(env);
  const {readers, problems} = parseReadersCsv(await readText(path.resolve(csvFile)));
  if (problems.length > 0) {
    for (const {line, message} of problems) console.error(`${csvFile}:${line}: ${message}`);
    throw new UserError(`${problems.length} problem(s) in ${csvFile}; nothing was changed.`);
  }
  if (readers.length === 0) {
    console.log(`${csvFile} lists no readers; nothing was changed.`);
    return;
  }
  const target = await writableListFile(file);
  let links = 0;
  for (const {email, name} of readers) {
    const invitation = await ensureAccount(auth, env, isDemo, email, name);
    console.log(accountReport(email, invitation, 'import'));
    if (invitation.link) {
      console.log(`  ${invitation.link.kind} link: ${invitation.link.url}`);
      links++;
    }
  }
  const added = await addToListFile(
    target,
    readers.map((reader) => reader.email),
  );
  console.log(`Added ${added.length} address(es) to ${target}; ${readers.length - added.length} were on it already.`);
  if (links > 0) console.log('This command sends no email: send each reader their link yourself.');
}

/** Where an edit wrote, as `file:line`. */
function lineRefs(file: string, lines: readonly number[]): string {
  return lines.map((line) => `${file}:${line}`).join(', ');
}

function grantReport(who: string, {wasListed, changed, unchanged, lines}: AudienceEdit, file: string): string {
  if (changed.length === 0) return `${who} is in ${unchanged.join(', ')} already; nothing changed.`;
  if (!wasListed) {
    // A new line lets its address, or its whole domain, in: the operator must not miss that.
    const domain = who.startsWith('@') ? `: the gate admits every verified address of ${who.slice(1)}` : '';
    return `${who} is now on the reader list, in ${changed.join(', ')} (${lineRefs(file, lines)})${domain}.`;
  }
  const already = unchanged.length > 0 ? `, and was in ${unchanged.join(', ')} already` : '';
  return `${who} is now in ${changed.join(', ')}${already} (${lineRefs(file, lines)}).`;
}

function revokeReport(who: string, {wasListed, changed, unchanged, lines}: AudienceEdit, file: string): string {
  if (!wasListed) return `${who} is not on ${file}; nothing changed.`;
  if (changed.length === 0) return `${who} is not in ${unchanged.join(', ')}; nothing changed.`;
  const notIn = unchanged.length > 0 ? `, and was not in ${unchanged.join(', ')}` : '';
  return `${who} is no longer in ${changed.join(', ')}${notIn}; it stays on the reader list (${lineRefs(file, lines)}).`;
}

/**
 * grant and revoke: the file edited line by line and replaced at once. Either ends with the line as
 * asked, so asking twice is no mistake (exit 0, "nothing changed"); an audience the site does not
 * define is one (exit 2), before anything is read or written.
 */
async function changeAudiences(
  env: Env,
  siteDir: string,
  {name, who, audiences}: Extract<Command, {name: 'grant' | 'revoke'}>,
): Promise<void> {
  const problem = undefinedAudienceProblem(audiences, siteAudiences(siteDir));
  if (problem) throw new UsageError(problem);
  const file = await writableListFile(emailsFileOf(env));
  const before = await readText(file, {missingIsEmpty: name === 'grant'});
  const edit = (name === 'grant' ? grantAudiences : revokeAudiences)(before, who, audiences);
  if (edit.text !== before) await writeAtomically(file, edit.text);
  if (name === 'grant') {
    console.log(grantReport(who, edit, file));
    return;
  }
  console.log(revokeReport(who, edit, file));
  // An address also has what its domain's line gives: revoking it from the address alone does not take that away.
  const domain = who.startsWith('@') ? null : emailDomain(who);
  const fromDomain = domain === null ? [] : (parseEmailList(edit.text).audiences.get(`@${domain}`) ?? []);
  const kept = audiences.filter((audience) => fromDomain.includes(audience));
  if (kept.length > 0) {
    console.error(
      `warning: ${who} is still in ${kept.join(', ')} through the line of @${domain}, which gives it to every address of ${domain}.`,
    );
  }
}

/** Each audience the site defines, and who the file puts in it; only the file is read, not Firebase. */
async function showAudiences(env: Env, siteDir: string): Promise<void> {
  const defined = siteAudiences(siteDir);
  const file = emailsFileFromEnv(env, process.cwd());
  const list = file ? parseEmailList(await readText(file)) : null;
  if (file && list) warnAboutList(file, list, defined);
  console.log(formatAudiences(defined, list?.audiences ?? new Map()));
  if (defined.size > 0) {
    console.log(file ? `\nReaders as ${file} lists them.` : '\nALLOWED_EMAILS_FILE is not set, so nobody is in an audience.');
  }
}

/** Runs a command; `siteDir` is the site whose audiences.json defines the audiences. */
export async function runCommand(command: Exclude<Command, {name: 'help'}>, env: Env, siteDir: string): Promise<void> {
  // These edit or read the allowed-emails file alone: no Firebase project is needed.
  switch (command.name) {
    case 'grant':
    case 'revoke':
      return changeAudiences(env, siteDir, command);
    case 'audiences':
      return showAudiences(env, siteDir);
  }
  const {projectId, isDemo, emulatorHost} = readersTarget(env);
  // firebase-admin reads the emulator address from the environment.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const app = initializeApp({projectId}, 'readers');
  const auth = getAuth(app);
  try {
    switch (command.name) {
      case 'list':
        return await list(auth, env, isDemo, siteDir);
      case 'invite':
        return await invite(auth, env, isDemo, command.email);
      case 'import':
        return await importCsv(auth, env, isDemo, command.file);
      case 'disable':
      case 'enable': {
        const disabled = command.name === 'disable';
        await auth.updateUser((await requireUser(auth, command.email)).uid, {disabled});
        console.log(
          disabled
            ? `Disabled ${command.email}: it cannot sign in, and the gate ends its sessions at their next check.`
            : `Enabled ${command.email}: it can sign in again.`,
        );
        return;
      }
      case 'sign-out':
        await auth.revokeRefreshTokens((await requireUser(auth, command.email)).uid);
        console.log(`Signed out ${command.email}: the gate ends its sessions at their next check (SESSION_REVOCATION_CHECK_SECONDS).`);
        return;
    }
  } finally {
    await deleteApp(app);
  }
}
