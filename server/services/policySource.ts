/**
 * The reader policy of a running gate: the domains from the environment, and the addresses, domains
 * and audiences of `ALLOWED_EMAILS_FILE`, re-read whenever the file changes (no restart).
 */
import {readFileSync, statSync, unwatchFile, watchFile, type Stats} from 'node:fs';
import type {FastifyBaseLogger} from 'fastify';
import {
  parseEmailList,
  readersFileSettlesIn,
  unfinishedLineWarning,
  type EmailList,
  type PolicySettings,
  type ReaderPolicy,
} from '../rules/readerPolicy';

/** What the file says, as the policy reads it. */
type ListedReaders = Pick<EmailList, 'emails' | 'domains' | 'audiences' | 'named'>;
const NOBODY: ListedReaders = {emails: new Set(), domains: new Set(), audiences: new Map(), named: []};

/** Polling survives editors and deploy tools that replace the file rather than write into it. */
const WATCH_INTERVAL_MS = 1000;

export class PolicySource {
  private policy: ReaderPolicy;
  /** The audiences the file names, with their lines (the gate says which ones its build does not define). */
  private named: EmailList['named'] = [];
  private readonly listeners = new Set<() => void>();
  /** While the file cannot be read, it is tried (and the failure logged) at every poll. */
  private failing: NodeJS.Timeout | null = null;
  /** A read put off until the file has settled (readersFileSettlesIn). */
  private settling: NodeJS.Timeout | null = null;

  constructor(
    private readonly settings: PolicySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    // A missing or unreadable file at start is the operator's mistake: fail loudly.
    this.policy = this.policyOf(settings.emailsFile ? this.warnOfInvalidLines(this.readFile(settings.emailsFile)) : NOBODY);
    if (settings.emailsFile) watchFile(settings.emailsFile, {interval: WATCH_INTERVAL_MS}, this.onFileChange);
  }

  current = (): ReaderPolicy => this.policy;

  /** The audiences the readers file names, each with its line. */
  namedAudiences(): EmailList['named'] {
    return this.named;
  }

  private policyOf(listed: ListedReaders): ReaderPolicy {
    this.named = listed.named;
    return {domains: this.settings.domains, emails: listed.emails, listedDomains: listed.domains, audiences: listed.audiences};
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  close(): void {
    if (this.settings.emailsFile) unwatchFile(this.settings.emailsFile, this.onFileChange);
    this.stopRetrying();
    if (this.settling) clearTimeout(this.settling);
    this.listeners.clear();
  }

  private readFile(file: string): EmailList {
    return parseEmailList(readFileSync(file, 'utf8'));
  }

  private warnOfInvalidLines(list: EmailList): EmailList {
    for (const {line, text} of list.invalid) {
      this.log.warn(
        {file: this.settings.emailsFile, line},
        `Skipped line ${line} of the allowed-emails file: "${text}" is not an email address (or @domain) followed by audiences`,
      );
    }
    if (list.unfinished) {
      this.log.warn({file: this.settings.emailsFile, line: list.unfinished.line}, unfinishedLineWarning(list.unfinished));
    }
    return list;
  }

  private readonly onFileChange = (current: Stats): void => {
    const file = this.settings.emailsFile!;
    if (current.nlink === 0 && current.mtimeMs === 0) {
      // Deleting the list removes everyone on it.
      this.stopRetrying();
      this.log.warn({file}, 'The allowed-emails file is gone: no address is admitted through it until it is back');
      this.apply(NOBODY);
      return;
    }
    this.reload();
  };

  /**
   * A list the gate cannot read admits nobody through it (the domains still apply): the old list
   * may hold readers the operator just removed.
   */
  private reload(): void {
    const file = this.settings.emailsFile!;
    if (this.settling) clearTimeout(this.settling);
    this.settling = null;
    let listed: EmailList;
    let settlesIn: number;
    try {
      const before = statSync(file);
      listed = this.readFile(file);
      settlesIn = readersFileSettlesIn(before, statSync(file), Date.now());
    } catch (error) {
      this.log.error(
        {file, err: error},
        'The allowed-emails file cannot be read: no address is admitted through it until it can be (the domains still apply)',
      );
      if (this.failing === null) this.apply(NOBODY, false);
      this.failing ??= setInterval(() => this.reload(), WATCH_INTERVAL_MS).unref();
      return;
    }
    if (settlesIn > 0) {
      this.settling = setTimeout(() => this.reload(), settlesIn).unref();
      return;
    }
    this.stopRetrying();
    this.apply(this.warnOfInvalidLines(listed));
  }

  private apply(listed: ListedReaders, announce = true): void {
    this.policy = this.policyOf(listed);
    if (announce)
      this.log.info({file: this.settings.emailsFile, addresses: listed.emails.size, domains: listed.domains.size}, 'Reader list reloaded');
    for (const listener of this.listeners) listener();
  }

  private stopRetrying(): void {
    if (this.failing) clearInterval(this.failing);
    this.failing = null;
  }
}
