/**
 * The reader policy of a running gate: the domains from the environment, and the addresses of
 * `ALLOWED_EMAILS_FILE`, re-read whenever the file changes (no restart).
 */
import {readFileSync, unwatchFile, watchFile, type Stats} from 'node:fs';
import {parseEmailList, type ReaderPolicy} from '../rules/readerPolicy';

export interface PolicySettings {
  domains: ReaderPolicy['domains'];
  emailsFile: string | null;
}

export interface PolicyLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Polling survives editors and deploy tools that replace the file rather than write into it. */
const WATCH_INTERVAL_MS = 1000;

export class PolicySource {
  private policy: ReaderPolicy;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly settings: PolicySettings,
    private readonly log: PolicyLog,
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
    let emails: Set<string>;
    if (current.nlink === 0 && current.mtimeMs === 0) {
      // Deleting the list removes everyone on it.
      emails = new Set();
      this.log.warn({file}, 'The allowed-emails file is gone: no address is admitted through it until it is back');
    } else {
      try {
        emails = this.readFile(file);
      } catch (error) {
        this.log.error({file, err: error}, 'The allowed-emails file could not be read: the previous list stays in force');
        return;
      }
    }
    this.policy = {domains: this.settings.domains, emails};
    this.log.info({file, addresses: emails.size}, 'Reader list reloaded');
    for (const listener of this.listeners) listener();
  };
}
