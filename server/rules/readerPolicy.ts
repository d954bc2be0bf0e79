/**
 * Who may read: the admission rule the gate applies when a session starts and at every re-check,
 * and the parsers of its two settings. Pure functions; the gate server, the `readers` command and
 * the tests share them.
 */
import path from 'node:path';
import type {UserRecord} from 'firebase-admin/auth';
import type {Env} from '../../contracts/firebaseProject';
import {isEmailAddress, normaliseEmail} from '../../contracts/email';
import type {SessionRefusal} from '../../contracts/session';

export interface ReaderPolicy {
  /** Whole email domains, lower case; `any` admits every verified email (`ALLOWED_EMAIL_DOMAINS=*`). */
  domains: ReadonlySet<string> | 'any';
  /** Addresses from `ALLOWED_EMAILS_FILE`, lower case. */
  emails: ReadonlySet<string>;
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

/** `ALLOWED_EMAILS_FILE` relative to `cwd`, or null when unset. */
export function emailsFileFromEnv(env: Env, cwd: string): string | null {
  return env.ALLOWED_EMAILS_FILE ? path.resolve(cwd, env.ALLOWED_EMAILS_FILE) : null;
}

/**
 * The policy settings of `ALLOWED_EMAIL_DOMAINS` and `ALLOWED_EMAILS_FILE` (relative to `cwd`).
 * With neither (`unset`), a demo project admits every verified email; a real project nobody (the
 * gate then refuses to start). Throws PolicyError for a malformed domain list.
 */
export function policySettingsFromEnv(env: Env, cwd: string, isDemo: boolean): {settings: PolicySettings; unset: boolean} {
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
  const inDomain = domain !== null && (policy.domains === 'any' || policy.domains.has(domain));
  return listed || inDomain ? ADMITTED : {admitted: false, reason: 'not-allowed'};
}

/** A DNS name of at least two labels: letters, digits and inner hyphens. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export class PolicyError extends Error {
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
  /** Lines that are neither blank, a comment nor an address, by line number (from 1). */
  invalid: {line: number; text: string}[];
}

/**
 * A `#` at the line's start or after whitespace starts a comment. One inside a word does not: `#` is
 * legal in an address, and `evil@attacker.test#@allowed.test` must be reported, not read as `evil@attacker.test`.
 */
const COMMENT = /(?:^|\s)#.*$/;

/** An allowed-emails file: one address a line; a comment on its own line or after an address. */
export function parseEmailList(text: string): EmailList {
  const emails = new Set<string>();
  const invalid: EmailList['invalid'] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = rawLine.replace(COMMENT, '').trim();
    if (line === '') return;
    if (isEmailAddress(line)) emails.add(normaliseEmail(line));
    else invalid.push({line: index + 1, text: rawLine.trim()});
  });
  return {emails, invalid};
}

/** One line for the start banner; it names no address or domain. */
export function describePolicy(domains: ReaderPolicy['domains'], emailsFile: string | null): string {
  const parts: string[] = [];
  if (domains === 'any') parts.push('any verified email');
  else if (domains.size > 0) parts.push(`verified emails of ${domains.size} allowed domain(s)`);
  if (emailsFile) parts.push(`the verified addresses listed in ${emailsFile}`);
  return parts.join(', and ');
}
