/**
 * What the operator typed: the commands of `npm run readers`, their usage text, and the two kinds of
 * mistake (a usage error, exit 2; a user error, exit 1). Pure.
 */
import {DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID} from '../../contracts/firebaseProject';
import {PUBLIC} from '../../contracts/audiences';
import {isEmailAddress, normaliseEmail} from '../../contracts/email';
import {listEntryOf} from './listFile';

/** Where the site runs when the demo project is served by `npm start` (the gate's default port). */
export const DEMO_SITE_ORIGIN = 'http://127.0.0.1:3000';

export const USAGE = `Usage: npm run readers -- [--site <folder>] <command>

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
are those of the site's audiences.json: the site is the repository this command belongs to, or the
folder --site names.
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

/** The command line: the command, and the site folder `--site <folder>` (or `--site=<folder>`) names, if any. */
export function parseCommandLine(argv: readonly string[]): {command: Command; site: string | null} {
  const rest: string[] = [];
  let site: string | null = null;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word !== '--site' && !word.startsWith('--site=')) {
      rest.push(word);
      continue;
    }
    const folder = word === '--site' ? argv[++index] : word.slice('--site='.length);
    if (folder === undefined || folder.trim() === '') throw new UsageError("--site needs the site's folder");
    if (site !== null) throw new UsageError('--site is given twice');
    site = folder;
  }
  return {command: parseArgs(rest), site};
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
