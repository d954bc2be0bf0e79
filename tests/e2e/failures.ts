/** Failures the browser specs provoke through `page.route`: a page's code that does not arrive. */
import type {Page} from '@playwright/test';

/** What the browser logs about a file it could not load, and React about an error a boundary caught. */
export const CHUNK_FAILURE_ERRORS = /Failed to load resource: net::ERR_FAILED|Measuring the table failed/;

/** The bundles every page needs to start (at their built address, or a reader's own copy's: server/rules/cutAddresses.ts); a page's own chunks are the other scripts under /assets/js/. */
const START_BUNDLE = /\/assets\/js\/(?:main|runtime~main)\.[0-9a-f]+(?:\.[0-9a-z]{10})?\.js$/;

/** Fails every script chunk of a page (not the bundles that start it), until the returned function is called. */
export async function blockPageChunks(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/assets\/js\/[^/]+\.js$/;
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (START_BUNDLE.test(new URL(route.request().url()).pathname)) await route.continue();
    else await route.abort();
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Fails the first request for the sign-in code's chunk; later ones go through. */
export async function abortSignInCodeOnce(page: Page): Promise<void> {
  await page.route(/\/assets\/js\/auth-client\.[0-9a-f]+\.js$/, (route) => route.abort(), {times: 1});
}

/**
 * The first ResizeObserver made in the page throws: the first wide-table region of a page's content
 * (src/chrome/ScrollRegion) then crashes that content alone, inside the layout.
 */
export async function throwFromFirstResizeObserver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.ResizeObserver;
    let thrown = false;
    window.ResizeObserver = class extends Original {
      constructor(callback: ResizeObserverCallback) {
        if (!thrown) {
          thrown = true;
          throw new Error('Measuring the table failed');
        }
        super(callback);
      }
    };
  });
}
