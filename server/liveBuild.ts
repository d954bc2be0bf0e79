/**
 * The build the gate serves, one consistent build at a time. `BUILD_DIR` may be a symlink to a
 * release folder: when it points to a new release, the gate reads that release whole (files,
 * public surface, CSP hashes) and switches to it at once. Pages already open still load the hashed
 * assets of the release they came from, which stays reachable until the next switch.
 *
 * A folder changed in place cannot be switched to atomically: the gate says so in the log and
 * switches once the folder has been still for a few seconds.
 */
import {realpath, stat} from 'node:fs/promises';
import path from 'node:path';
import {readBuild, type BuildInfo} from './build';
import {buildFileFor} from './requestPath';

export interface BuildLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BuildFile {
  build: BuildInfo;
  file: string;
}

const POLL_MS = 1000;
/** How long an in-place change must be over before the gate reads the folder again. */
const SETTLE_MS = 3000;
/** Files whose change means "another build" (Docusaurus rewrites both on every build). */
const MARKERS = ['login.html', 'index.html'];

async function fingerprint(root: string): Promise<string> {
  const stats = await Promise.all(MARKERS.map((marker) => stat(path.join(root, marker)).catch(() => null)));
  return stats.map((entry) => (entry ? `${entry.ino}:${entry.mtimeMs}:${entry.size}` : '-')).join('|');
}

export class LiveBuild {
  private previous: BuildInfo | null = null;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  /** The fingerprint of the current root as loaded, and of an in-place change being waited out. */
  private loadedPrint = '';
  private changing: {print: string; since: number} | null = null;

  private constructor(
    private readonly dir: string,
    public current: BuildInfo,
    private readonly log: BuildLog,
  ) {}

  static async open(dir: string, log: BuildLog): Promise<LiveBuild> {
    const root = await realpath(dir).catch(() => dir);
    const live = new LiveBuild(dir, await readBuild(root), log);
    live.loadedPrint = await fingerprint(root);
    return live;
  }

  watch(): void {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** The build file that answers a canonical path: the current build's, or a hashed asset of the one before. */
  lookup(requestPath: string): BuildFile | null {
    const file = buildFileFor(requestPath, this.current.files);
    if (file !== null) return {build: this.current, file};
    const old = this.previous && requestPath.startsWith('/assets/') ? buildFileFor(requestPath, this.previous.files) : null;
    return old === null ? null : {build: this.previous!, file: old};
  }

  isPublic(requestPath: string): boolean {
    if (this.current.publicPaths.has(requestPath)) return true;
    return requestPath.startsWith('/assets/') && this.previous !== null && this.previous.publicPaths.has(requestPath);
  }

  /** CSP hashes valid for a page of either build a response may come from during a switch. */
  inlineScriptHashes(): string[] {
    return [...this.current.inlineScriptHashes, ...(this.previous?.inlineScriptHashes ?? [])];
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const root = await realpath(this.dir);
      if (root !== this.current.root) return await this.switchTo(root, 'release');
      const print = await fingerprint(root);
      if (print === this.loadedPrint) {
        this.changing = null;
        return;
      }
      if (this.changing?.print !== print) {
        if (this.changing === null) {
          this.log.error(
            {event: 'build-changed-in-place', dir: this.dir},
            'The build folder is being changed in place under the running gate; pages may mix two builds until it settles. ' +
              'Deploy new builds by switching a symlink instead (README, "New builds").',
          );
        }
        this.changing = {print, since: Date.now()};
        return;
      }
      if (Date.now() - this.changing.since >= SETTLE_MS) await this.switchTo(root, 'in-place');
    } catch (error) {
      this.log.error({err: error, dir: this.dir}, 'The build folder could not be read; the gate keeps serving the build it has');
    } finally {
      this.polling = false;
    }
  }

  private async switchTo(root: string, how: 'release' | 'in-place'): Promise<void> {
    const next = await readBuild(root);
    const print = await fingerprint(root);
    // A release folder keeps the old one on disk; an in-place change has overwritten it.
    this.previous = how === 'release' ? this.current : null;
    this.current = next;
    this.loadedPrint = print;
    this.changing = null;
    this.log.info({event: 'build-switched', root, how, files: next.files.size}, 'Now serving a new build');
  }
}
