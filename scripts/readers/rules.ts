/**
 * The pure half of `npm run readers`: what the operator typed, what a readers CSV holds, and how
 * accounts and audiences are shown (listFile.ts edits the allowed-emails file). No I/O here; commands.ts does that.
 */
import {parse as parseCsv} from 'csv-parse/sync';
import {
  DEFAULT_EMULATOR_HOST,
  DEMO_PROJECT_ID,
  emulatorForRealProject,
  firebaseProjectFromEnv,
  type Env,
  type FirebaseProject,
} from '../../contracts/firebaseProject';
import {PUBLIC} from '../../contracts/audiences';
import {isEmailAddress, normaliseEmail} from '../../contracts/email';
import {EMAIL_SIGN_IN_METHODS, type SessionRefusal} from '../../contracts/session';
import {loginUrlFor} from '../../contracts/paths';
import {OriginSettingError, parsePublicOrigin} from '../../contracts/origins';
import {admit, audiencesOf, emailDomain, type ReaderAccount, type ReaderPolicy} from '../../server/rules/readerPolicy';
import {takeBackOf, type ClaimedAccount} from '../../server/rules/accountClaims';
import {listEntryOf} from './listFile';

/** Where the site runs when the demo project is served by `npm start` (the gate's default port). */
export const DEMO_SITE_ORIGIN = 'http://127.0.0.1:3000';

export const USAGE = `Usage: npm run readers -- <command>

  list                  every account: verified, disabled, last sign-in, whether the gate admits it,
                        and its audiences (when the site has any)
  invite <email>        put the address on ALLOWED_EMAILS_FILE, create its account if there is none,
                        and print a link for the reader: a sign-in link, or with EMAIL_SIGN_IN=password
                        one with which the reader sets a password
  import <file.csv>     invite every reader of a CSV whose header names an "email" column
                        (and optionally "name"); nothing changes if any line is malformed
  disable <email>       stop the account from signing in (the gate refuses it at its next check)
  enable <email>        undo disable
  sign-out <email>      end all of the account's sessions
  grant <email|@domain> <audience>...
                        put the address, or every address of the domain, in audiences that
                        audiences.json defines; one not on ALLOWED_EMAILS_FILE yet is added to it
  revoke <email|@domain> <audience>...
                        take the audiences away again (the address or domain stays on the list)
  audiences             each audience audiences.json defines, and who ALLOWED_EMAILS_FILE puts in it

Environment: FIREBASE_PROJECT_ID (default ${DEMO_PROJECT_ID}), FIREBASE_AUTH_EMULATOR_HOST
(default ${DEFAULT_EMULATOR_HOST} for demo- projects), ALLOWED_EMAILS_FILE, ALLOWED_EMAIL_DOMAINS, EMAIL_SIGN_IN
and PUBLIC_ORIGIN (where a sign-in link leads; ${DEMO_SITE_ORIGIN} for demo- projects). The audiences
are those of audiences.json in the folder the command runs in (the site's root).
Exit status: 0 done, 1 failed (the message says why), 2 usage error. help (or --help) prints this text.`;

/** A mistake of the operator's: printed as one line, exit 1, never a stack trace. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** A command line that is not one of USAGE's: printed with the usage text, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type Command =
  | {name: 'help' | 'list' | 'audiences'}
  | {name: 'invite' | 'disable' | 'enable' | 'sign-out'; email: string}
  | {name: 'import'; file: string}
  /** `who`: a lower-case address or `@domain`, as its line lists it; `audiences`: each once, in the order typed. */
  | {name: 'grant' | 'revoke'; who: string; audiences: string[]};

/**
 * Why an address cannot be invited, or null when it can. Beyond the gate's own test, a leading `#`
 * is refused: the allowed-emails file would read the line as a comment, so the address would never match.
 */
export function inviteProblem(raw: string): string | null {
  if (raw.trim() === '') return 'no email address';
  if (!isEmailAddress(raw)) return `"${raw.trim()}" is not an email address`;
  if (raw.trim().startsWith('#')) return `"${raw.trim()}" starts with #, which starts a comment in the allowed-emails file`;
  return null;
}

/** The address or `@domain` that a grant or revoke names, as the allowed-emails file lists it. */
function listedWho(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('@')) {
    const who = listEntryOf(text)?.who;
    if (who !== text.toLowerCase()) throw new UsageError(`"${text}" is not a domain such as @example.com`);
    return who;
  }
  if (!isEmailAddress(text)) throw new UsageError(`"${text}" is not an email address or @domain`);
  const problem = inviteProblem(text);
  if (problem) throw new UsageError(problem);
  return normaliseEmail(text);
}

export function parseArgs(argv: readonly string[]): Command {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('give a command');
  if (name === 'help' || name === '--help' || name === '-h') return {name: 'help'};
  const takes = (count: number, what: string) => {
    if (rest.length < count) throw new UsageError(`${name} needs ${what}`);
    if (rest.length > count) throw new UsageError(`${name} takes ${count === 0 ? 'no argument' : `only ${what}`}; got "${rest.join(' ')}"`);
  };
  switch (name) {
    case 'list':
    case 'audiences':
      takes(0, '');
      return {name};
    case 'grant':
    case 'revoke': {
      const [who, ...words] = rest;
      // As in the file, audiences may be separated by commas as well as spaces.
      const audiences = words.flatMap((word) => word.split(/[\s,]+/)).filter(Boolean);
      if (who === undefined || audiences.length === 0) {
        throw new UsageError(`${name} needs an email address or @domain, then one or more audiences`);
      }
      if (audiences.includes(PUBLIC)) {
        throw new UsageError(`"${PUBLIC}" is not an audience readers are put in: public pages are for everyone (PUBLIC_PAGES)`);
      }
      return {name, who: listedWho(who), audiences: [...new Set(audiences)]};
    }
    case 'import':
      takes(1, 'a CSV file');
      return {name, file: rest[0]!};
    case 'invite':
    case 'disable':
    case 'enable':
    case 'sign-out': {
      takes(1, 'an email address');
      const problem =
        name === 'invite' ? inviteProblem(rest[0]!) : isEmailAddress(rest[0]!) ? null : `"${rest[0]}" is not an email address`;
      if (problem) throw new UsageError(problem);
      return {name, email: normaliseEmail(rest[0]!)};
    }
    default:
      throw new UsageError(`unknown command "${name}"`);
  }
}

/**
 * The link an invitation hands out, as the gate's EMAIL_SIGN_IN offers: a sign-in link, which leads to the
 * site's login page (PUBLIC_ORIGIN), unless the gate offers passwords only.
 */
export function invitationLinkOf(env: Env, isDemo: boolean): {kind: 'password'} | {kind: 'sign-in'; loginUrl: string} {
  const method = env.EMAIL_SIGN_IN || 'both';
  if (!(EMAIL_SIGN_IN_METHODS as readonly string[]).includes(method)) {
    throw new UserError(`EMAIL_SIGN_IN must be one of ${EMAIL_SIGN_IN_METHODS.join(', ')}; got "${method}".`);
  }
  if (method === 'password') return {kind: 'password'};
  let origin: string | null;
  try {
    // Read as the gate reads it, which refuses to start with one it would not accept.
    origin = parsePublicOrigin(env.PUBLIC_ORIGIN) ?? (isDemo ? DEMO_SITE_ORIGIN : null);
  } catch (error) {
    if (error instanceof OriginSettingError) throw new UserError(error.message);
    throw error;
  }
  if (origin === null) {
    throw new UserError('PUBLIC_ORIGIN is not set: a sign-in link leads to the site, so set it as the gate has it.');
  }
  return {kind: 'sign-in', loginUrl: `${origin}${loginUrlFor('/')}`};
}

/** The gate server's rule (contracts/firebaseProject.ts), so that both talk to the same Firebase by default. */
export function readersTarget(env: Env): Pick<FirebaseProject, 'projectId' | 'isDemo' | 'emulatorHost'> {
  const project = firebaseProjectFromEnv(env);
  if (emulatorForRealProject(project)) {
    throw new UserError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${project.projectId}" is not a demo- project; unset one of them.`,
    );
  }
  return {projectId: project.projectId, isDemo: project.isDemo, emulatorHost: project.emulatorHost};
}

/**
 * What an invitation does to the address's account (null: there is none). Only a verified address
 * shows that its owner made or claimed the account; anyone can make an unverified one for any address,
 * with a password or a provider of their own. Such an account is taken back (`reclaim`): its password
 * replaced by one nobody knows, its other sign-in methods removed, its sessions ended, so that only the
 * printed link, which goes to the mailbox and verifies the address as it signs the reader in (or sets the
 * password), lets anyone in.
 */
export type InviteAction =
  | {kind: 'create'}
  /** A verified account that can sign in: the reader's own, left as it is. */
  | {kind: 'keep'}
  /** An account nobody can sign in to yet (invited, its link unused): a fresh password link. */
  | {kind: 'link'}
  | {kind: 'reclaim'; providersToUnlink: string[]};

export function inviteAction(account: ClaimedAccount | null): InviteAction {
  if (account === null) return {kind: 'create'};
  if (account.providerIds.length === 0) return {kind: 'link'};
  const takeBack = takeBackOf(account);
  return takeBack === null ? {kind: 'keep'} : {kind: 'reclaim', ...takeBack};
}

export interface CsvReader {
  email: string;
  /** From a `name` column, for the new account's displayName; null when absent or blank. */
  name: string | null;
  line: number;
}

export interface CsvProblem {
  line: number;
  message: string;
}

/**
 * One CSV record on one line (csv-parse, RFC 4180: double quotes protect commas, `""` is a quote).
 * Null for a line that is not one record (an unclosed quote). Line by line, so that every problem
 * keeps its line number.
 */
function splitCsvLine(line: string): string[] | null {
  try {
    const [record] = parseCsv(line, {trim: true, relax_quotes: true}) as string[][];
    return record ?? [];
  } catch {
    return null;
  }
}

/**
 * A readers CSV: a header naming an `email` column (other columns allowed; `name` is used), then
 * one reader a line; blank lines are skipped. Every line is checked, so that the operator sees
 * all problems at once, by line number (from 1), and an import changes nothing unless there is none.
 */
export function parseReadersCsv(text: string): {readers: CsvReader[]; problems: CsvProblem[]} {
  // Spreadsheets often save a byte-order mark before the header.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex === -1) return {readers: [], problems: [{line: 1, message: 'the file is empty; expected a header line "email"'}]};
  const header = (splitCsvLine(lines[headerIndex]!) ?? []).map((column) => column.trim().toLowerCase());
  const emailColumn = header.indexOf('email');
  if (emailColumn === -1) {
    return {
      readers: [],
      problems: [{line: headerIndex + 1, message: 'the header line must name an "email" column, such as "email" or "email,name"'}],
    };
  }
  const nameColumn = header.indexOf('name');
  const readers: CsvReader[] = [];
  const problems: CsvProblem[] = [];
  const firstLineOf = new Map<string, number>();
  lines.forEach((text, index) => {
    const line = index + 1;
    if (index <= headerIndex || text.trim() === '') return;
    const fields = splitCsvLine(text);
    if (fields === null) return problems.push({line, message: 'a quoted field is not closed'});
    if (fields.length !== header.length) {
      return problems.push({line, message: `${fields.length} field(s), but the header has ${header.length}`});
    }
    const raw = fields[emailColumn]!;
    const problem = inviteProblem(raw);
    if (problem) return problems.push({line, message: problem});
    const email = normaliseEmail(raw);
    const first = firstLineOf.get(email);
    // Twice the same address is likely a copy mistake (which name is right?): let the operator decide.
    if (first !== undefined) return problems.push({line, message: `${email} is already on line ${first}`});
    firstLineOf.set(email, line);
    readers.push({email, name: nameColumn === -1 ? null : fields[nameColumn]!.trim() || null, line});
  });
  return {readers, problems};
}

/**
 * Why a grant or revoke cannot name these audiences, or null: each must be one the site's
 * audiences.json defines (`defined`, in its order), so that a typo does not quietly give nobody anything.
 */
export function undefinedAudienceProblem(audiences: readonly string[], defined: ReadonlyMap<string, string>): string | null {
  const unknown = audiences.filter((audience) => !defined.has(audience));
  if (unknown.length === 0) return null;
  const names = unknown.map((audience) => `"${audience}"`).join(', ');
  const known = [...defined.keys()].join(', ') || 'none';
  return `${names} ${unknown.length === 1 ? 'is not an audience' : 'are not audiences'} that audiences.json defines (it defines ${known})`;
}

export interface AccountRow extends ReaderAccount {
  uid: string;
  /** `metadata.lastSignInTime` of the user record (an HTTP date), if any. */
  lastSignInTime: string | null | undefined;
}

/** Each refusal in the operator's short words (the reader's are the contract's REFUSAL_WORDING). */
const REFUSAL_LABELS: Readonly<Record<SessionRefusal, string>> = {
  anonymous: 'anonymous',
  'email-not-verified': 'not verified',
  'not-allowed': 'not allowed',
  disabled: 'disabled',
};

function lastSignIn(time: string | null | undefined): string {
  const date = time ? new Date(time) : null;
  if (!date || Number.isNaN(date.getTime())) return 'never';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Which part of the policy lists the address, whatever else the account lacks. */
function allowedBy(email: string | null, policy: ReaderPolicy): string {
  if (!email) return '-';
  const domain = emailDomain(email);
  const reasons = [
    policy.emails.has(normaliseEmail(email)) ? 'on list' : null,
    domain !== null && policy.listedDomains?.has(domain) ? 'listed domain' : null,
    policy.domains === 'any' ? 'any email' : domain !== null && policy.domains.has(domain) ? 'domain' : null,
  ].filter(Boolean);
  return reasons.length > 0 ? reasons.join(', ') : '-';
}

/** Widest cell of the `list` table: anyone can make an account, with an address thousands of characters long. */
export const MAX_CELL_LENGTH = 60;

/** A cell as the terminal should show it: control characters replaced, cut at MAX_CELL_LENGTH with a visible `…`. */
export function shownCell(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the terminal
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return printable.length <= MAX_CELL_LENGTH ? printable : `${printable.slice(0, MAX_CELL_LENGTH - 1)}…`;
}

/**
 * The `list` table: one row per account, by email, then a line that counts them. `audienceColumn` adds
 * the audiences the allowed-emails file gives each account (worth a column only where the site has audiences).
 */
export function formatAccountTable(accounts: readonly AccountRow[], policy: ReaderPolicy, {audienceColumn = false} = {}): string {
  // Accounts without an email (anonymous, phone) last.
  const sorted = [...accounts].sort((a, b) =>
    a.email === null || b.email === null ? Number(a.email === null) - Number(b.email === null) : a.email.localeCompare(b.email),
  );
  let admitted = 0;
  const rows = sorted.map((account) => {
    const admission = admit(account, policy);
    if (admission.admitted) admitted++;
    return [
      shownCell(account.email ?? `(no email; uid ${account.uid})`),
      account.emailVerified ? 'yes' : 'no',
      account.disabled ? 'yes' : 'no',
      lastSignIn(account.lastSignInTime),
      allowedBy(account.email, policy),
      admission.admitted ? 'yes' : `no (${REFUSAL_LABELS[admission.reason]})`,
      ...(audienceColumn ? [shownCell(audiencesOf(account.email, policy).join(', ') || '-')] : []),
    ];
  });
  const header = ['EMAIL', 'VERIFIED', 'DISABLED', 'LAST SIGN-IN', 'ALLOWED BY', 'ADMITTED', ...(audienceColumn ? ['AUDIENCES'] : [])];
  const table = [header, ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  return [...lines, '', `${accounts.length} account(s), ${admitted} admitted by the gate.`].join('\n');
}

/** `@domain` lines first, then addresses, each alphabetically. */
function byDomainThenAddress(a: string, b: string): number {
  return Number(!a.startsWith('@')) - Number(!b.startsWith('@')) || a.localeCompare(b);
}

/**
 * What `audiences` shows: each audience the site defines (in audiences.json's order) with its
 * description, then who the allowed-emails file puts in it (`given`: address or `@domain` → audiences), one a line.
 */
export function formatAudiences(defined: ReadonlyMap<string, string>, given: ReadonlyMap<string, readonly string[]>): string {
  if (defined.size === 0) return 'audiences.json defines no audiences.';
  return [...defined]
    .flatMap(([name, description]) => {
      const members = [...given]
        .filter(([, audiences]) => audiences.includes(name))
        .map(([who]) => who)
        .sort(byDomainThenAddress);
      return [description ? `${name}: ${description}` : name, ...(members.length > 0 ? members : ['nobody']).map((who) => `  ${who}`)];
    })
    .join('\n');
}
