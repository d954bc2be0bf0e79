/**
 * The allowed-emails file (ALLOWED_EMAILS_FILE) edited as text: addresses appended, audiences granted
 * and revoked. Each line is read as the gate reads it (parseEmailList); every line an edit does not
 * need (comments, order, line endings, other readers) stays byte for byte. Pure; commands.ts writes the file.
 */
import {normaliseEmail} from '../../contracts/email';
import {parseEmailList} from '../../server/rules/readerPolicy';

/** The file's own kind of line ending. */
const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** The text ending with a line ending: the gate reads a last line without one as unfinished (parseEmailList). */
function ended(text: string): string {
  return text === '' || text.endsWith('\n') ? text : text + eolOf(text);
}

/** The text with these lines appended, after a line ending of the file's own kind if it lacks a final one. */
function withLinesAppended(text: string, lines: readonly string[]): string {
  const eol = eolOf(text);
  return ended(text) + lines.map((line) => line + eol).join('');
}

/**
 * The allowed-emails file with these addresses appended, each once; everything already there
 * (comments, order, line endings) stays as it was. `added` lists what was not on the list yet.
 */
export function addToEmailList(text: string, emails: readonly string[]): {text: string; added: string[]} {
  const listed = parseEmailList(text).emails;
  const added = [...new Set(emails.map(normaliseEmail))].filter((email) => !listed.has(email));
  if (added.length === 0) return {text, added};
  return {text: withLinesAppended(text, added), added};
}

/** Who one line lists, as the gate reads it (a lower-case address or `@domain`), and its audiences; null for any other line. */
export function listEntryOf(line: string): {who: string; audiences: string[]} | null {
  const {emails, domains, audiences} = parseEmailList(`${line}\n`);
  const [who] = [...emails, ...[...domains].map((domain) => `@${domain}`)];
  return who === undefined ? null : {who, audiences: audiences.get(who) ?? []};
}

/**
 * Indentation, the address or `@domain`, its audiences (words that do not start a comment), and the
 * rest: the spaces and comment after them, kept as written (`s`: whatever characters a comment holds).
 */
const LINE_PARTS = /^(\s*)(\S+)((?:\s+[^\s#]\S*)*)(.*)$/s;

/**
 * The line with its audience words (each once) changed by `change` and written `who a,b`: a line left
 * without audiences keeps no trace of them, and what surrounds the words stays as it was. The words as
 * written, not the gate's reading: should the two part on an odd character, the edit still changes no more than asked.
 */
function withAudiences(line: string, change: (audiences: string[]) => string[]): string {
  const [, indent, who, words, rest] = LINE_PARTS.exec(line)!;
  const audiences = change([...new Set(words!.split(/[\s,]+/).filter(Boolean))]);
  return `${indent}${who}${audiences.length > 0 ? ` ${audiences.join(',')}` : ''}${rest}`;
}

export interface AudienceEdit {
  text: string;
  /** Whether the address or domain had a line before the edit. */
  wasListed: boolean;
  /** The audiences asked for that the edit gave (grant) or took away (revoke), in the order asked. */
  changed: string[];
  /** The audiences asked for that were so already: on a line (grant), or on none (revoke). */
  unchanged: string[];
  /** The lines (from 1) the edit wrote or added. */
  lines: number[];
}

interface ListedLine {
  index: number;
  /** The line without its ending, and the ending's `\r` if it had one: CRLF lines stay CRLF. */
  body: string;
  cr: string;
  /** Its audiences as the gate reads them. */
  audiences: string[];
}

/** The file's lines split on `\n`, and those that list `who` (normalised: see listEntryOf). */
function linesOf(text: string, who: string): {lines: string[]; listed: ListedLine[]} {
  const lines = text.split('\n');
  const listed: ListedLine[] = [];
  lines.forEach((line, index) => {
    const cr = line.endsWith('\r') ? '\r' : '';
    const body = cr ? line.slice(0, -1) : line;
    const entry = listEntryOf(body);
    if (entry?.who === who) listed.push({index, body, cr, audiences: entry.audiences});
  });
  return {lines, listed};
}

/**
 * Puts `who` (a normalised address or `@domain`) in the audiences: the missing ones go on the first
 * line that lists it, after those it has; with no such line, a new line `who a,b` is appended, which
 * also puts it on the list.
 */
export function grantAudiences(text: string, who: string, audiences: readonly string[]): AudienceEdit {
  const {lines, listed} = linesOf(text, who);
  const had = new Set(listed.flatMap((line) => line.audiences));
  const asked = [...new Set(audiences)];
  const changed = asked.filter((audience) => !had.has(audience));
  const unchanged = asked.filter((audience) => had.has(audience));
  const first = listed[0];
  if (first === undefined) {
    const appended = withLinesAppended(text, [`${who} ${changed.join(',')}`]);
    return {text: appended, wasListed: false, changed, unchanged, lines: [appended.split('\n').length - 1]};
  }
  if (changed.length === 0) return {text, wasListed: true, changed, unchanged, lines: []};
  lines[first.index] = withAudiences(first.body, (current) => [...current, ...changed]) + first.cr;
  return {text: ended(lines.join('\n')), wasListed: true, changed, unchanged, lines: [first.index + 1]};
}

/** Takes the audiences from every line that lists `who`; the lines stay, so it stays on the list. */
export function revokeAudiences(text: string, who: string, audiences: readonly string[]): AudienceEdit {
  const {lines, listed} = linesOf(text, who);
  const asked = [...new Set(audiences)];
  const had = new Set(listed.flatMap((line) => line.audiences));
  const edited: number[] = [];
  for (const line of listed) {
    if (!line.audiences.some((audience) => asked.includes(audience))) continue;
    lines[line.index] = withAudiences(line.body, (current) => current.filter((audience) => !asked.includes(audience))) + line.cr;
    edited.push(line.index + 1);
  }
  return {
    text: edited.length > 0 ? ended(lines.join('\n')) : text,
    wasListed: listed.length > 0,
    changed: asked.filter((audience) => had.has(audience)),
    unchanged: asked.filter((audience) => !had.has(audience)),
    lines: edited,
  };
}
