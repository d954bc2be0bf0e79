/** Pages a browser loads one after another, each until React has hydrated it. */
import type {Page} from '@playwright/test';
import {holdRequests} from '../support/heldRequests';
import {expect} from './fixtures';

/**
 * Loads each page (not navigates to it: a hydration error, raw HTML the browser re-nests say, only
 * happens on a page's first load) and waits until it has hydrated and shows its H1. The error guard of
 * fixtures.ts fails the test on any page or console error meanwhile. The next load need not wait for
 * the page's images: hydration is what is checked.
 */
export async function expectPagesHydrate(page: Page, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    await page.goto(encodeURI(url), {waitUntil: 'domcontentloaded'});
    // Checked at every frame: an expect's polling, which backs off to a second, would add its wait to each page.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', null, {polling: 'raf'});
    await expect(page.getByRole('main').getByRole('heading', {level: 1}).first(), url).toBeVisible();
  }
}

/**
 * Holds the page's main script back until `hydrate` is called, as a slow network does: the page shows,
 * server-rendered, before its code runs, and a reader can type into it meanwhile.
 */
export async function holdPageCode(page: Page): Promise<{hydrate: () => Promise<void>}> {
  const code = await holdRequests(page, '**/assets/js/main.*.js');
  return {
    hydrate: async () => {
      await expect(page.locator('html'), 'not hydrated before its code arrives').toHaveAttribute('data-has-hydrated', 'false');
      code.release();
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    },
  };
}
