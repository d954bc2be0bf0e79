/**
 * The tab a worker keeps open for each kind of browser context (its gate, its options), handed from
 * one test to the next.
 *
 * A new browser context costs a new renderer process, and this machine pays for every page of memory a
 * new process fills: a doc page opened in a new context took 2.1-2.2 s of CPU here, the same page
 * opened by `goto` in an open tab 0.8-1.0 s (bench/HISTORY.md, twelfth session). Playwright's own
 * context reuse (`reuseContext`) does not save it: it resets a context by going through `about:blank`,
 * which gives the next page a new renderer again (2.0-2.2 s a load, measured the same way).
 *
 * So a test takes the worker's open tab, as a new context would have it but for the browser's cache:
 * - before the test, the tab gets the test's viewport and its context's media (colour scheme, motion, contrast);
 * - after it, the listeners, init scripts and exposed functions the test left are removed, and the tab is
 *   handed on only if nothing of the test can outlive the reset: the test passed, and set no extra header,
 *   offline mode, permission, geolocation or fake clock (tracked below);
 * - the reset closes the context's other tabs, removes its routes, parks the tab on a document of the
 *   gate's origin that runs no script (BARE_DOCUMENT), and clears the origin's storage and the context's
 *   cookies back to the ones it was made with (a signed-in reader's, or none);
 * - otherwise the context is closed, and the next test of its kind opens a new one.
 */
import type {Browser, BrowserContext, BrowserContextOptions, Cookie, Disposable, Page, PlaywrightTestOptions} from '@playwright/test';

/** A document of the gate's origin that runs no code of the site: where a test's browser storage is written or cleared. */
export const BARE_DOCUMENT = '/img/logo.svg';

/** The public context options of Playwright's fixtures that the context is made with (as its own `context` fixture does). */
export type ContextOptionFixtures = Pick<
  PlaywrightTestOptions,
  | 'acceptDownloads'
  | 'bypassCSP'
  | 'colorScheme'
  | 'contrast'
  | 'deviceScaleFactor'
  | 'extraHTTPHeaders'
  | 'forcedColors'
  | 'geolocation'
  | 'hasTouch'
  | 'httpCredentials'
  | 'ignoreHTTPSErrors'
  | 'isMobile'
  | 'javaScriptEnabled'
  | 'locale'
  | 'offline'
  | 'permissions'
  | 'reducedMotion'
  | 'serviceWorkers'
  | 'storageState'
  | 'timezoneId'
  | 'userAgent'
  | 'viewport'
  | 'baseURL'
  | 'contextOptions'
>;

export function contextOptionsOf({contextOptions, ...options}: ContextOptionFixtures): BrowserContextOptions {
  const defined = Object.entries(options).filter(([, value]) => value !== undefined);
  return {...contextOptions, ...(Object.fromEntries(defined) as BrowserContextOptions)};
}

/** Calls on a page or context whose effect outlives a navigation, and that Playwright cannot undo. */
const LASTING_CALLS = [
  // The clock's fake time is an init script of the context.
  'install',
  'setFixedTime',
  'setExtraHTTPHeaders',
  'setOffline',
  'grantPermissions',
  'setGeolocation',
];
/** Calls whose effect outlives a navigation, undone by disposing of what they return. */
const DISPOSABLE_CALLS = ['addInitScript', 'exposeBinding', 'exposeFunction'];
/** Events a test may listen to: a listener it leaves behind would hear the next test's pages. */
const EVENTS = [
  'console',
  'dialog',
  'download',
  'page',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'weberror',
  'worker',
  'framenavigated',
  'load',
  'close',
];

type Listener = (...args: unknown[]) => void;
/** Pages and contexts are event emitters as Node's are, with `listeners`, which Playwright's types leave out. */
type Emitter = {listeners(event: string): Listener[]; off(event: string, listener: Listener): unknown};

interface Watch {
  /** Whether the test made a lasting call. */
  changed(): boolean;
  /**
   * Restores the calls watched, disposes of the init scripts and functions the test added, and removes
   * the listeners it left on the context and the page.
   */
  stop(): Promise<void>;
}

/**
 * Notes lasting calls on the context, its clock and the page, and what the test added that can be taken
 * back (each call still made), from now on.
 */
function watchLastingChanges(context: BrowserContext, page: Page): Watch {
  let called = false;
  const added: Promise<Disposable>[] = [];
  const emitters = [context, page] as unknown as Emitter[];
  const before = emitters.map((emitter) => new Set(EVENTS.flatMap((event) => emitter.listeners(event))));
  const targets = [context, context.clock, page];
  const watched = [...LASTING_CALLS, ...DISPOSABLE_CALLS];
  for (const target of targets) {
    const methods = target as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of watched.filter((candidate) => typeof methods[candidate] === 'function')) {
      const original = methods[name]!;
      methods[name] = (...args: unknown[]) => {
        const result = original.apply(target, args);
        if (DISPOSABLE_CALLS.includes(name)) added.push(result as Promise<Disposable>);
        else called = true;
        return result;
      };
    }
  }
  return {
    changed: () => called,
    stop: async () => {
      for (const target of targets) for (const name of watched) delete (target as unknown as Record<string, unknown>)[name];
      emitters.forEach((emitter, index) => {
        for (const event of EVENTS) {
          for (const listener of emitter.listeners(event).filter((candidate) => !before[index]!.has(candidate)))
            emitter.off(event, listener);
        }
      });
      const disposing = await Promise.allSettled(added);
      await Promise.all(disposing.map((made) => (made.status === 'fulfilled' ? made.value.dispose() : undefined)));
    },
  };
}

export interface TabLease {
  context: BrowserContext;
  page: Page;
  /** Hands the tab on, or closes its context (see above). */
  end(passed: boolean): Promise<void>;
}

interface OpenTab {
  context: BrowserContext;
  page: Page;
  /** The cookies the context was made with: each test starts with these. */
  cookies: Cookie[];
}

/** A worker's open tabs, one per kind of context (its origin and options). */
export class OpenTabs {
  private readonly tabs = new Map<string, OpenTab>();

  constructor(private readonly browser: Browser) {}

  /**
   * The open tab for contexts made with `options` at `origin` (a new one, prepared by `prepare`, if there is
   * none), with `viewport` and the context's media.
   */
  async lease(
    origin: string,
    {viewport, ...options}: BrowserContextOptions,
    prepare: (context: BrowserContext) => Promise<void>,
  ): Promise<TabLease> {
    const key = JSON.stringify([origin, options]);
    let tab = this.tabs.get(key);
    if (!tab) {
      const context = await this.browser.newContext({...options, viewport});
      await prepare(context);
      tab = {context, page: await context.newPage(), cookies: await context.cookies()};
      this.tabs.set(key, tab);
    } else {
      if (viewport) await tab.page.setViewportSize(viewport);
      // The context's media, or Playwright's defaults: `null` would mean the browser's own, not the context's.
      await tab.page.emulateMedia({
        media: null,
        colorScheme: options.colorScheme ?? 'light',
        reducedMotion: options.reducedMotion ?? 'no-preference',
        forcedColors: options.forcedColors ?? 'none',
        contrast: options.contrast ?? 'no-preference',
      });
    }
    const {context, page, cookies} = tab;
    const watch = watchLastingChanges(context, page);
    return {
      context,
      page,
      end: async (passed) => {
        const undone = await watch.stop().then(
          () => true,
          () => false,
        );
        const handedOn = passed && undone && !watch.changed() && !page.isClosed() && (await this.reset(context, page, origin, cookies));
        if (!handedOn) {
          this.tabs.delete(key);
          await context.close();
        }
      },
    };
  }

  /**
   * Leaves the tab alone in its context, with no route, parked on the origin's bare document (in the same
   * renderer), and the origin's storage and the cookies as a new context has them. False if that failed.
   */
  private async reset(context: BrowserContext, page: Page, origin: string, cookies: Cookie[]): Promise<boolean> {
    try {
      await Promise.all(context.pages().flatMap((other) => (other === page ? [] : [other.close()])));
      await context.unrouteAll({behavior: 'ignoreErrors'});
      await page.unrouteAll({behavior: 'ignoreErrors'});
      await page.goto(origin + BARE_DOCUMENT);
      const devtools = await context.newCDPSession(page);
      await devtools.send('Storage.clearDataForOrigin', {origin, storageTypes: 'all'});
      await devtools.detach();
      await page.evaluate(() => window.sessionStorage.clear());
      await context.clearCookies();
      await context.addCookies(cookies);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.tabs.values()].map(({context}) => context.close().catch(() => undefined)));
    this.tabs.clear();
  }
}
