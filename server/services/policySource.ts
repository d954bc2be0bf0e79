/**
 * The reader policy of a running gate: the domains from the environment, and the addresses of
 * `ALLOWED_EMAILS_FILE`, re-read whenever the file changes (no restart).
 */
import {readFileSync, unwatchFile, watchFile, type Stats} from 'node:fs';
import type {FastifyBaseLogger} from 'fastify';
import {parseEmailList, type PolicySettings, type ReaderPolicy} from '../rules/readerPolicy';

/** Polling survives editors and deploy tools that replace the file rather than write into it. */
const WATCH_INTERVAL_MS = 1000;

export class PolicySource {
  private policy: ReaderPolicy;
  private readonly listeners = new Set<() => void>();
  /** While the file cannot be read, it is tried (and the failure logged) at every poll. */
  private failing: NodeJS.Timeout | null = null;

  constructor(
    private readonly settings: PolicySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    // A missing or unreadable file at start is the operator's mistake: fail loudly.
    this.policy = {domains: settings.domains, emails: settings.emailsFile ? this.readFile(settings.emailsFile) : new Set()};
    if (settings.emailsFile) watchFile(settings.emailsFile, {interval: WATCH_INTERVAL_MS}, this.onFileChange);
  }

  current = (): ReaderPolicy => this.policy;

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  close(): void {
    if (this.settings.emailsFile) unwatchFile(this.settings.emailsFile, this.onFileChange);
    this.stopRetrying();
    this.listeners.clear();
  }

  private readFile(file: string): Set<string> {
    const {emails, invalid} = parseEmailList(readFileSync(file, 'utf8'));
    for (const {line, text} of invalid) {
      this.log.warn({file, line}, `Skipped line ${line} of the allowed-emails file: "${text}" is not an email address`);
    }
    return emails;
  }

  private readonly onFileChange = (current: Stats): void => {
    const file = this.settings.emailsFile!;
    if (current.nlink === 0 && current.mtimeMs === 0) {
      // Deleting the list removes everyone on it.
      this.stopRetrying();
      this.log.warn({file}, 'The allowed-emails file is gone: no address is admitted through it until it is back');
      this.apply(new Set());
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
    let emails: Set<string>;
    try {
      emails = this.readFile(file);
    } catch (error) {
      this.log.error(
        {file, err: error},
        'The allowed-emails file cannot be read: no address is admitted through it until it can be (the domains still apply)',
      );
      if (this.failing === null) this.apply(new Set(), false);
      this.failing ??= setInterval(() => this.reload(), WATCH_INTERVAL_MS).unref();
      return;
    }
    this.stopRetrying();
    this.apply(emails);
  }

  private apply(emails: Set<string>, announce = true): void {
    this.policy = {domains: this.settings.domains, emails};
    if (announce) this.log.info({file: this.settings.emailsFile, addresses: emails.size}, 'Reader list reloaded');
    for (const listener of this.listeners) listener();
  }

  private stopRetrying(): void {
    if (this.failing) clearInterval(this.failing);
    this.failing = null;
  }
}
