/**
 * Who may read: the admission rule the gate applies when a session starts and at every re-check,
 * and the parsers of its two settings. Pure functions; the gate server, the `readers` command and
 * the tests share them.
 */
import path from 'node:path';
import type {UserRecord} from 'firebase-admin/auth';
import {SettingError} from '../../contracts/envSettings';
import {isEmailAddress, normaliseEmail} from '../../contracts/email';
import type {SessionRefusal} from '../../contracts/session';

export interface ReaderPolicy {
  /** Whole email domains, lower case; `any` admits every verified email (`ALLOWED_EMAIL_DOMAINS=*`). */
  domains: ReadonlySet<string> | 'any';
  /** Addresses from `ALLOWED_EMAILS_FILE`, lower case. */
  emails: ReadonlySet<string>;
  /** The readers file's `@domain` lines: domains it admits, lower case. */
  listedDomains?: ReadonlySet<string>;
  /** Address or `@domain` → the audiences the readers file gives it. */
  audiences?: ReadonlyMap<string, readonly string[]>;
}

/** What the gate knows of a Firebase account, from its user record. */
export interface ReaderAccount {
  email: string | null;
  emailVerified: boolean;
  disabled: boolean;
  /** Sign-in providers linked to the account (`password`, `google.com`, …); none for an anonymous one. */
  providerIds: readonly string[];
}

/** The account as the reader policy judges it. */
export function readerAccountOf(user: UserRecord): ReaderAccount {
  return {
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    providerIds: user.providerData.map((provider) => provider.providerId),
  };
}

/** Who may read, as the environment says: the domains, and the file of addresses (read by the caller). */
export interface PolicySettings {
  domains: ReaderPolicy['domains'];
  emailsFile: string | null;
}

/** The settings of the reader policy, from the environment or the gate's settings schema. */
export interface PolicyEnv {
  ALLOWED_EMAIL_DOMAINS?: string;
  ALLOWED_EMAILS_FILE?: string;
}

/** `ALLOWED_EMAILS_FILE` relative to `cwd`, or null when unset. */
export function emailsFileFromEnv(env: PolicyEnv, cwd: string): string | null {
  return env.ALLOWED_EMAILS_FILE ? path.resolve(cwd, env.ALLOWED_EMAILS_FILE) : null;
}

/**
 * The policy settings of `ALLOWED_EMAIL_DOMAINS` and `ALLOWED_EMAILS_FILE` (relative to `cwd`).
 * With neither (`unset`), a demo project admits every verified email; a real project nobody (the
 * gate then refuses to start). Throws PolicyError for a malformed domain list.
 */
export function policySettingsFromEnv(env: PolicyEnv, cwd: string, isDemo: boolean): {settings: PolicySettings; unset: boolean} {
  const domains = parseAllowedDomains(env.ALLOWED_EMAIL_DOMAINS);
  const emailsFile = emailsFileFromEnv(env, cwd);
  const unset = domains === undefined && emailsFile === null;
  return {settings: {domains: domains ?? (unset && isDemo ? 'any' : new Set()), emailsFile}, unset};
}

/** A refusal is the `error` of the gate's 403, which the login page explains. */
export type Admission = {admitted: true} | {admitted: false; reason: SessionRefusal};

const ADMITTED: Admission = {admitted: true};

/** The domain part of an address, or null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  return email.slice(at + 1).toLowerCase();
}

/**
 * Admitted = an account that is not anonymous and not disabled, whose email is verified and
 * either listed or in one of the domains, compared whole: `example.com` never admits
 * `evil-example.com` or `example.com.evil.test`.
 *
 * Verification is judged before the list: anyone can create an unverified account for any
 * address, and must not learn from the answer whether that address or its domain may read.
 */
export function admit(account: ReaderAccount, policy: ReaderPolicy): Admission {
  if (account.disabled) return {admitted: false, reason: 'disabled'};
  if (!account.email) {
    return {admitted: false, reason: account.providerIds.length === 0 ? 'anonymous' : 'not-allowed'};
  }
  if (!account.emailVerified) return {admitted: false, reason: 'email-not-verified'};
  const email = normaliseEmail(account.email);
  const listed = policy.emails.has(email);
  const domain = emailDomain(email);
  const inDomain =
    domain !== null && (policy.domains === 'any' || policy.domains.has(domain) || (policy.listedDomains?.has(domain) ?? false));
  return listed || inDomain ? ADMITTED : {admitted: false, reason: 'not-allowed'};
}

/** The audiences the readers file gives an (admitted) address: its own line's and its domain's. */
export function audiencesOf(email: string | null, policy: ReaderPolicy): string[] {
  if (email === null || !policy.audiences) return [];
  const address = normaliseEmail(email);
  const domain = emailDomain(address);
  return [...new Set([...(policy.audiences.get(address) ?? []), ...(domain === null ? [] : (policy.audiences.get(`@${domain}`) ?? []))])];
}

/** A DNS name of at least two labels: letters, digits and inner hyphens. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export class PolicyError extends SettingError {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}

/** `ALLOWED_EMAIL_DOMAINS`: `example.com,example.org`, or `*`; undefined when unset. */
export function parseAllowedDomains(raw: string | undefined): ReaderPolicy['domains'] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.trim() === '*') return 'any';
  const domains = new Set<string>();
  for (const entry of raw.split(',')) {
    const domain = entry.trim().toLowerCase().replace(/^@/, '');
    if (domain === '') continue;
    if (!DOMAIN.test(domain)) {
      throw new PolicyError(
        `ALLOWED_EMAIL_DOMAINS has "${entry.trim()}", which is not a domain such as example.com (use * alone for any verified email)`,
      );
    }
    domains.add(domain);
  }
  return domains;
}

export interface EmailList {
  emails: Set<string>;
  /** Domains of `@domain` lines. */
  domains: Set<string>;
  /** Address or `@domain` → its audiences, in the order written. */
  audiences: Map<string, string[]>;
  /** Lines that are neither blank, a comment nor an address (with its audiences), by line number (from 1). */
  invalid: {line: number; text: string}[];
  /** Every audience a line names, with the line: the gate says which ones the build does not define. */
  named: {line: number; audience: string}[];
  /** A last line with no line ending, read as one still being written: it lists nobody (see parseEmailList). */
  unfinished: {line: number; text: string} | null;
}

/**
 * A `#` at the line's start or after whitespace starts a comment. One inside a word does not: `#` is
 * legal in an address, and `evil@attacker.test#@allowed.test` must be reported, not read as `evil@attacker.test`.
 */
const COMMENT = /(?:^|\s)#.*$/s;

/**
 * A readers file: one address a line, followed by its audiences if any, separated by spaces or commas
 * (`ana@acme.test partners`, `bo@corp.test staff,partners`); `@corp.test staff` admits the whole domain
 * and gives it the audiences; a comment on its own line or after the rest. A last line with no line
 * ending lists nobody: a file caught while it is written ends mid-line, and a line cut short can be
 * another address, domain or audience (`staff` of `staff-admins`, `@acme.co` of `@acme.com`).
 */
export function parseEmailList(text: string): EmailList {
  const list: EmailList = {emails: new Set(), domains: new Set(), audiences: new Map(), invalid: [], named: [], unfinished: null};
  const lines = text.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const line = rawLine.replace(COMMENT, '').trim();
    if (line === '') return;
    if (index === lines.length - 1) {
      list.unfinished = {line: index + 1, text: rawLine.trim()};
      return;
    }
    const [who = '', ...rest] = line.split(/\s+/);
    const audiences = rest
      .join(' ')
      .split(/[\s,]+/)
      .filter(Boolean);
    let key: string;
    if (who.startsWith('@') && DOMAIN.test(who.slice(1).toLowerCase())) {
      key = who.toLowerCase();
      list.domains.add(key.slice(1));
    } else if (isEmailAddress(who) && audiences.every((audience) => !audience.includes('@'))) {
      key = normaliseEmail(who);
      list.emails.add(key);
    } else {
      list.invalid.push({line: index + 1, text: rawLine.trim()});
      return;
    }
    for (const audience of audiences) list.named.push({line: index + 1, audience});
    if (audiences.length > 0) list.audiences.set(key, [...new Set([...(list.audiences.get(key) ?? []), ...audiences])]);
  });
  return list;
}

/** What the gate and the readers command say of a last line with no line ending. */
export function unfinishedLineWarning({line, text}: {line: number; text: string}): string {
  return `Line ${line} of the allowed-emails file ("${text}") has no line ending: it is read as a line still being written, and lists nobody until it ends with one`;
}

/** One line for the start banner; it names no address or domain. */
export function describePolicy(domains: ReaderPolicy['domains'], emailsFile: string | null): string {
  const parts: string[] = [];
  if (domains === 'any') parts.push('any verified email');
  else if (domains.size > 0) parts.push(`verified emails of ${domains.size} allowed domain(s)`);
  if (emailsFile) parts.push(`the verified addresses listed in ${emailsFile}`);
  return parts.join(', and ');
}

/**
 * How long the readers file must have been still before a read of it is trusted. Most tools write a file
 * in place, truncating it first: a read in between sees an empty list, and would end every listed
 * reader's access until the next change.
 */
export const READERS_FILE_SETTLE_MS = 200;

/** What a read of the readers file is checked against: the file's state just before and just after it. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
  ino: number;
}

/** 0 when a read of the readers file stamped `before` and `after` it may be applied; else how long to wait before reading it again. */
export function readersFileSettlesIn(before: FileStamp, after: FileStamp, nowMs: number): number {
  if (before.mtimeMs !== after.mtimeMs || before.size !== after.size || before.ino !== after.ino) return READERS_FILE_SETTLE_MS;
  const stillFor = nowMs - after.mtimeMs;
  // A time of change ahead of this clock (a file written from another machine) cannot be waited out.
  return stillFor >= 0 && stillFor < READERS_FILE_SETTLE_MS ? READERS_FILE_SETTLE_MS - stillFor : 0;
}
