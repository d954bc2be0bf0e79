/**
 * What every browser test gets, chained with `test.extend` as Playwright's own tests do. Specs
 * import `test` and `expect` from here, never from '@playwright/test'.
 */
import {test as base, expect, type ConsoleMessage, type WebError} from '@playwright/test';
import {newReader} from '../support/reader';
import {Navbar} from './navbar';
import {SearchBox} from './searchBox';
import {LoginPage, type ReaderCredentials} from './loginPage';

export {expect};

interface Fixtures {
  /**
   * Console errors a test provokes on purpose (a refused sign-in, an unreachable service): one
   * pattern (alternatives joined with `|`) matched against the guard's lines (`console error: …`).
   * Set with `test.use`; one RegExp, since `test.use` would take an array for [value, options].
   */
  expectedErrors: RegExp | null;
  /** Fails the test on any uncaught page error or console error in its context not expected. */
  errorGuard: void;
  /** A verified reader of the test's own: signing it out, even everywhere, ends no other test's session. */
  reader: ReaderCredentials;
  /**
   * Other sites the docs show media from (the gate's MEDIA_ORIGINS): the machine has no internet, so
   * the browser gets an image of 160 × 45 from here for every request to them. Set only where a page
   * shows such media: with any route on its context, Playwright intercepts every request the context
   * makes, which cost a doc page load here about a third more CPU (bench/HISTORY.md, eleventh session).
   */
  otherSites: readonly string[];
  otherSitesAnswer: void;
  /** The page's navbar (navbar.ts). */
  navbar: Navbar;
  /** The navbar's search box (searchBox.ts). */
  searchBox: SearchBox;
  /** The login page (loginPage.ts). */
  loginPage: LoginPage;
}

const OTHER_SITE_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="45"><rect width="160" height="45" fill="#ffae33"/></svg>';

export const test = base.extend<Fixtures>({
  expectedErrors: [null, {option: true}],

  errorGuard: [
    async ({context, expectedErrors}, use) => {
      const errors: string[] = [];
      const onError = (error: WebError) => errors.push(`page error: ${error.error().message}`);
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(`console error: ${message.text()} (${message.location().url})`);
      };
      context.on('weberror', onError).on('console', onConsole);
      await use();
      // The context may be the worker's open tab's (openTabs.ts), which the next test takes.
      context.off('weberror', onError).off('console', onConsole);
      const unexpected = errors.filter((error) => !expectedErrors?.test(error));
      expect(unexpected, 'errors in the page that a reader would not see').toEqual([]);
    },
    {auto: true},
  ],

  reader: async ({}, use) => {
    await use(await newReader('e2e'));
  },

  otherSites: [[], {option: true}],

  navbar: async ({page}, use) => {
    await use(new Navbar(page));
  },

  searchBox: async ({page}, use) => {
    await use(new SearchBox(page));
  },

  loginPage: async ({page}, use) => {
    await use(new LoginPage(page));
  },

  otherSitesAnswer: [
    async ({context, otherSites}, use) => {
      for (const origin of otherSites) {
        await context.route(`${origin}/**`, (route) => route.fulfill({contentType: 'image/svg+xml', body: OTHER_SITE_IMAGE}));
      }
      await use();
    },
    {auto: true},
  ],
});
