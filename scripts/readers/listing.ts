/** How `list` and `audiences` show accounts and audiences to the operator. Pure. */
import {normaliseEmail} from '../../contracts/email';
import type {SessionRefusal} from '../../contracts/session';
import {admit, audiencesOf, emailDomain, type ReaderAccount, type ReaderPolicy} from '../../server/rules/readerPolicy';

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
