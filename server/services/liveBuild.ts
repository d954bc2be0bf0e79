/**
 * The build the gate serves, one consistent build at a time: the readers' site and the public
 * login build beside it. `BUILD_DIR` may be a symlink to a release folder: when it points to a new
 * release, the gate reads that release whole (both builds, CSP hashes) and switches to it at once. Pages already open still load the hashed
 * assets of the release they came from, which stays reachable until the next switch.
 *
 * A folder changed in place cannot be switched to atomically: the gate says so in the log and
 * switches once the folder has been still for a few seconds.
 */
import {realpath, stat} from 'node:fs/promises';
import type {FastifyBaseLogger} from 'fastify';
import path from 'node:path';
import {LOGIN_DIR, LOGIN_PAGE, SITE_DIR, viewKind} from '../../contracts/buildLayout';
import {readBuild, type BuildInfo, type BuildPart, type BuildRef} from './build';
import {systemClock, type Clock} from './clock';
import {buildFileFor} from '../rules/requestPath';
import {isVisible, isVisitorView, readerView, viewKey, type View} from '../../contracts/audiences';
import type {Template} from '../../contracts/audienceMarkers';
import {scriptOfAddress, scriptTag, type CutScripts} from '../rules/cutAddresses';

const NO_MARKERS: Template = {markers: [], commas: false, conditions: []};
const NOT_FOUND_PAGE = '404.html';

/** A file of one of the builds: where it is, and which reading of the build it belongs to (for caching). */
export interface BuildFile {
  build: BuildRef;
  file: string;
  /** The markers of a file whose pieces differ by reader, with the view to cut it for. */
  cut?: Cut;
}

/**
 * How a file is cut for one view: by its markers; a page (and the runtime) naming the view's own copies
 * of the scripts that differ by reader (server/rules/cutAddresses.ts); asked for by such a copy's
 * address, with the tag that address carries.
 */
export interface Cut {
  template: Template;
  view: View;
  scripts?: CutScripts;
  tag?: string;
}

const POLL_MS = 1000;
/** How long an in-place change must be over before the gate reads the folder again. */
const SETTLE_MS = 3000;
/** Files whose change means "another build" (Docusaurus rewrites them on every build). */
const MARKERS = [`${SITE_DIR}/index.html`, `${LOGIN_DIR}/${LOGIN_PAGE}`];

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
  private catchingUp: Promise<void> | null = null;
  /** The views readers have had, by their audiences. */
  private readonly views = new Map<string, View>();
  /** Per reading of a build, per view: the site's files it may see. */
  private readonly visible = new WeakMap<BuildInfo, Map<string, Set<string>>>();

  private log: FastifyBaseLogger | undefined;

  private constructor(
    private readonly dir: string,
    public current: BuildInfo,
    private readonly clock: Clock,
  ) {}

  /** `clock` times how long an in-place change has been still. */
  static async open(dir: string, clock: Clock = systemClock): Promise<LiveBuild> {
    const root = await realpath(dir).catch(() => dir);
    const live = new LiveBuild(dir, await readBuild(root), clock);
    live.loadedPrint = await fingerprint(root);
    return live;
  }

  /** Follows `BUILD_DIR` from now on, saying in the log what it sees. */
  watch(log: FastifyBaseLogger): void {
    this.log = log;
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /**
   * The file of the public login build that answers a canonical path: anyone may have it. Hashed
   * assets of the build before stay reachable for pages still open.
   */
  publicFile(requestPath: string): BuildFile | null {
    return this.find(requestPath, (build) => build.login);
  }

  /**
   * The file of the readers' site that answers a canonical path for this view, or null: a file the view
   * may not see is not there for it, exactly as one that does not exist.
   */
  siteFile(requestPath: string, view: View): BuildFile | null {
    return this.find(requestPath, (build) => build.site, view);
  }

  /** The readers' site's files this view may see (for the case-insensitive look-up of a missing page). */
  visibleSiteFiles(view: View): ReadonlySet<string> {
    const build = this.current;
    const key = viewKey(view);
    let byView = this.visible.get(build);
    if (!byView) this.visible.set(build, (byView = new Map()));
    let files = byView.get(key);
    if (!files) {
      files = new Set([...build.site.files].filter((file) => isVisible(build.audiences.conditionOf(file), view)));
      byView.set(key, files);
    }
    return files;
  }

  /** The audiences a reader's view may hold: those the build defines. */
  /** Of a reader's audiences, those the build defines, sorted: the others give nothing (and count for nothing). */
  definedOf(audiences: readonly string[]): string[] {
    const defined = this.current.audiences.defined;
    return audiences.filter((audience) => defined.has(audience)).sort();
  }

  viewOf(audiences: readonly string[]): View {
    const kept = this.definedOf(audiences);
    // One view per set of audiences, made once: every request of its readers asks for it.
    const key = kept.join(' ');
    let view = this.views.get(key);
    if (!view) this.views.set(key, (view = readerView(kept)));
    return view;
  }

  /**
   * Switches now if `BUILD_DIR` already points to another release, rather than at the next poll.
   * Behind a load balancer, a page from an instance that switched can ask this one for an asset
   * of the new release before this one has noticed it. Concurrent callers share one look.
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        const root = await realpath(this.dir);
        if (root !== this.current.root) await this.switchTo(root, 'release');
      } catch (error) {
        this.log?.error({err: error, dir: this.dir}, 'The build folder could not be read; the gate keeps serving the build it has');
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  /** The site's not-found page, as this view gets it (null: the build has none for it). */
  notFoundPage(view: View): BuildFile | null {
    const build = this.current;
    return build.site.files.has(NOT_FOUND_PAGE) ? this.fileOf(build, build.site, NOT_FOUND_PAGE, view) : null;
  }

  /** CSP hashes valid for a page of either build a response may come from during a switch. */
  inlineScriptHashes(): string[] {
    return [...this.current.inlineScriptHashes, ...(this.previous?.inlineScriptHashes ?? [])];
  }

  private find(requestPath: string, partOf: (build: BuildInfo) => BuildPart, view?: View): BuildFile | null {
    const builds = this.previous && requestPath.startsWith('/assets/') ? [this.current, this.previous] : [this.current];
    for (const build of builds) {
      const part = partOf(build);
      const copy = view === undefined ? null : scriptOfAddress(build.scripts, requestPath.slice(1));
      const file = copy?.file ?? buildFileFor(requestPath, part.files);
      if (file === null) continue;
      if (view !== undefined && !isVisible(build.audiences.conditionOf(file), view)) return null;
      // A copy's address names the copy it is for: another view's copy is not there for this one. A page of
      // the release before asks for that release's copy of a script the new one did not change.
      if (copy && copy.tag !== scriptTag(build.scripts!, file, view!)) continue;
      if (view !== undefined && build !== this.current && !this.stillReadable(build, file, view)) return null;
      const found = this.fileOf(build, part, file, view);
      return found?.cut && copy ? {...found, cut: {...found.cut, tag: copy.tag}} : found;
    }
    return null;
  }

  /**
   * Whether a chunk of the release before is still this view's: a release that narrows who may open a
   * route (a page, a version) takes that route's old chunks from the readers it no longer has.
   */
  private stillReadable(previous: BuildInfo, file: string, view: View): boolean {
    return previous.audiences.routesOfFile(file).every((route) => {
      const now = this.current.audiences.routeCondition(route);
      return now === undefined || isVisible(now, view);
    });
  }

  /** A file as one view gets it: a page rendered per view is that view's copy, a file with markers is cut for it. */
  private fileOf(build: BuildInfo, part: BuildPart, file: string, view?: View): BuildFile | null {
    const ref = {id: build.id, root: part.root};
    const scripts = part === build.site && build.scripts !== null ? {scripts: build.scripts} : {};
    const perView = view && part === build.site ? build.audiences.viewPages : undefined;
    const copies = perView?.pages[file];
    if (copies !== undefined) {
      const copy = copies[viewKind(view!, perView!.conditions)];
      // Every kind of reader of the page has a copy; none is found for a view the page is not for.
      return copy === undefined ? null : {build: ref, file: copy, cut: {template: NO_MARKERS, view: view!, ...scripts}};
    }
    // A page is a view's own copy when it names scripts that differ by reader, or when the view is a visitor's (asVisitorPage).
    const ownPage = view !== undefined && file.endsWith('.html') && (isVisitorView(view) || build.scripts !== null);
    const template = part.templates.get(file) ?? (ownPage ? NO_MARKERS : undefined);
    return {build: ref, file, ...(template && view ? {cut: {template, view, ...scripts}} : {})};
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const root = await realpath(this.dir);
      if (root !== this.current.root) return await this.catchUp();
      const print = await fingerprint(root);
      if (print === this.loadedPrint) {
        this.changing = null;
        return;
      }
      if (this.changing?.print !== print) {
        if (this.changing === null) {
          this.log?.error(
            {event: 'build-changed-in-place', dir: this.dir},
            'The build folder is being changed in place under the running gate; pages may mix two builds until it settles. ' +
              'Deploy new builds by switching a symlink instead (README, "New builds").',
          );
        }
        this.changing = {print, since: this.clock.now()};
        return;
      }
      if (this.clock.now() - this.changing.since >= SETTLE_MS) await this.switchTo(root, 'in-place');
    } catch (error) {
      this.log?.error({err: error, dir: this.dir}, 'The build folder could not be read; the gate keeps serving the build it has');
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
    this.log?.info({event: 'build-switched', root, how, files: next.site.files.size + next.login.files.size}, 'Now serving a new build');
  }
}
