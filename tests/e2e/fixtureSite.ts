/**
 * The site the product's browser tests run on: a copy of the repository with the tests' own docs
 * (tests/fixtures/test-docs) kept and released as an author would, and the real-docs fixture
 * (testkit/realDocs.ts) added to its current version (tests/support/fixtureSite.ts), built once a run by
 * siteCopies.setup.ts and served by a gate of its own. Whatever docs the
 * site itself has, these tests know what they find; the site's own docs are checked by tests/e2e/site/.
 */
import {FIXTURE_SITE} from '../support/fixtureSite';
import {siteCopyTest} from './siteCopies';
import {SIGN_IN_OPTIONS_ENDPOINT, type EmailSignIn} from '../../contracts/session';

export {expect} from './fixtures';
export {FIXTURE_SITE, FIXTURE_SITE_BUILD, FIXTURE_SITE_BUILD_ROOT} from '../support/fixtureSite';

/** The one image from another site in the real docs (a badge in Guides/Contributing.md), allowed as an operator would. */
export const FIXTURE_MEDIA_ORIGINS = 'https://gitpod.io';

function fixtureSiteTest(gateEnv: Record<string, string>, signedIn = true) {
  return siteCopyTest(FIXTURE_SITE, {MEDIA_ORIGINS: FIXTURE_MEDIA_ORIGINS, ...gateEnv}).extend({signedIn});
}

/**
 * The product's pages for a signed-in reader: sessions re-checked at the gate's default period, as
 * readers meet them, rather than one call to the identity service for every file.
 */
export const test = fixtureSiteTest({SESSION_REVOCATION_CHECK_SECONDS: '300'});

/**
 * The same site for a visitor who is not signed in (a test signs its own reader in where it needs
 * one), with sessions re-checked on every request, so that a sign-out is seen at once.
 */
export const signedOutTest = fixtureSiteTest({}, false);

/**
 * The signed-out site, its login page told what a gate with EMAIL_SIGN_IN=`emailSignIn` answers
 * (tests/integration/sign-in-policy.test.ts, sign-in-link.test.ts): the page asks at run time and goes by that
 * answer alone, so the worker's signed-out gate serves these too, and no worker starts a gate for each setting.
 */
function emailSignInTest(emailSignIn: EmailSignIn) {
  return signedOutTest.extend({
    context: async ({context}, use) => {
      await context.route(`**${SIGN_IN_OPTIONS_ENDPOINT}`, (route) => route.fulfill({json: {signUp: 'open', emailSignIn}}));
      await use(context);
    },
  });
}

/** Passwords only: every link the page sends to prove an address is the one that sets the password. */
export const passwordsOnlyTest = emailSignInTest('password');

/** Sign-in links only: no password on the login page. */
export const linksOnlyTest = emailSignInTest('link');
