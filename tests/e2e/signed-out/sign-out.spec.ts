/**
 * "Sign out" from the account menu: the menu ends the server session, Firebase reports the
 * sign-out to every tab, and the gate alone takes each of them to the login page. Every test
 * signs out a reader of its own, so that no other test loses its session. Readers are signed in without
 * the form (openSignedIn), but for the second sign-in of the first test: through the login page, as a
 * reader signs in again in the browser they signed out of.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {partUrl, type SearchManifest} from '../../../contracts/searchIndexFiles';
import {loginUrlFor} from '../../../contracts/paths';
import {SITE_BUILD_DIR} from '../../support/builtFiles';
import {indexResponse, manifestPath} from '../../support/search';
import {expect, signedOutTest as test} from '../fixtureSite';
import {LOGIN_SITE_NAME, openSignedIn} from '../loginPage';
import {expectAccessibleInEachScheme} from '../../support/axe';
import {formLead, SESSION_ENDED_NOTICE} from '../../../src/login/copy';
import {SIGNED_OUT_EVERYWHERE} from '../../../src/auth/signOutRecord';

/** Whoever signs out on purpose starts afresh at the bare login page. */
const AT_LOGIN_AFTER_SIGN_OUT = '/login';
/** Twice: a reader who signs in again after a sign-out, in the same browser, must be signed out as surely. */
const ROUNDS = 2;
/** A version's manifest and one of its parts: what a signed-out browser must no longer get. */
const MANIFEST = manifestPath('');
const PART = partUrl('/', (JSON.parse(readFileSync(path.join(SITE_BUILD_DIR, MANIFEST), 'utf8')) as SearchManifest).termParts.names[0]!);

async function expectLoginPage(page: Page, url: string): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', {level: 1, name: `Sign in to ${LOGIN_SITE_NAME}`})).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
}

test(`lands on /login in this tab and the other, ${ROUNDS} times over, not told that the session ended`, async ({
  page,
  context,
  reader,
  navbar,
  loginPage,
}) => {
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (round === 1) await openSignedIn(page, reader, '/reusable1');
    else await loginPage.signInAt('/reusable1', reader);
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
    const other = await context.newPage();
    // The other tab fetches its search manifest while idle; signing out before that ends has it refused
    // (401), a race this test is not about.
    const otherIndex = indexResponse(context, manifestPath('1.0'));
    await other.goto('/1.0/Collapsible');
    await expect(other.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
    expect((await otherIndex).status()).toBe(200);

    await navbar.signOut();
    await expectLoginPage(page, AT_LOGIN_AFTER_SIGN_OUT);
    await expect(page.getByRole('status')).toHaveText('You are signed out in this browser.');
    await expect(loginPage.email).toBeEditable();
    await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
    await expect(page.getByText(SESSION_ENDED_NOTICE)).toHaveCount(0);
    // Firebase tells the other tab through its IndexedDB persistence, which it polls.
    await expectLoginPage(other, loginUrlFor('/1.0/Collapsible'));
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__session');
    await other.close();
  }
});

test('replaces the page it happens on: Back cannot show it again, and its files are refused too', async ({page, reader, navbar}) => {
  await openSignedIn(page, reader, '/1.0/Collapsible');
  await expect(page.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
  // One of the page's own chunks, as its HTML names them (plugins/routeChunkPreloads.ts), not the browser's
  // resource timings: those the browser may not have recorded yet, or no longer keep.
  const chunk = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel=preload][as=script], script[src]'))
      .map((element) => new URL('href' in element ? element.href : element.src).pathname)
      .find((path) => /^\/assets\/js\/[0-9a-f]{8}\./.test(path)),
  );
  expect(chunk).toBeDefined();
  expect((await page.request.get(chunk!)).status()).toBe(200);
  // Signing out replaces the page it happens on: Back leads to the page before it.
  await page.goto('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();

  await navbar.signOut();
  await expect(page).toHaveURL(AT_LOGIN_AFTER_SIGN_OUT);

  await page.goBack();
  await expectLoginPage(page, loginUrlFor('/1.0/Collapsible'));
  await expect(page.getByText('accordionlike')).toHaveCount(0);
  expect((await page.request.get(chunk!)).status()).toBe(401);
  expect((await page.request.get(MANIFEST)).status()).toBe(401);
  expect((await page.request.get(PART)).status()).toBe(401);
});

test('"Sign out everywhere" ends the session in another browser too; the login page after it, with its confirmation, has no serious or critical accessibility violations, light or dark', async ({
  page,
  browser,
  reader,
  navbar,
  loginPage,
}) => {
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await openSignedIn(otherPage, reader, '/1.0/intro');

  await page.emulateMedia({colorScheme: 'light'});
  await openSignedIn(page, reader, '/');
  // The page prefetches chunks while idle: signing out before that ends has them refused (401), a race this test is not about.
  await page.waitForLoadState('networkidle');
  await navbar.signOut('Sign out everywhere');
  await expect(page).toHaveURL(AT_LOGIN_AFTER_SIGN_OUT);
  await expect(page.getByRole('status')).toHaveText(SIGNED_OUT_EVERYWHERE);
  await expect(loginPage.email).toBeVisible();
  await expectAccessibleInEachScheme(page);

  expect((await otherPage.request.get(MANIFEST)).status()).toBe(401);
  expect((await otherPage.request.get(PART)).status()).toBe(401);
  await otherPage.goto('/1.0/Collapsible');
  await expect(otherPage).toHaveURL(`${loginUrlFor('/1.0/Collapsible')}`);
  await elsewhere.close();
});

test.describe('when the sign-out code cannot be loaded', () => {
  test.use({expectedErrors: /auth-sign-out|Loading chunk|ChunkLoadError|net::ERR_FAILED/});

  test('the menu says the reader is still signed in, in words about signing out', async ({page, reader, navbar}) => {
    await openSignedIn(page, reader, '/reusable1');
    await page.route(/\/assets\/js\/auth-sign-out\.[^/]*\.js$/, (route) => route.abort('failed'));
    await navbar.signOut();
    await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('alert')).toHaveText(
      'You are still signed in: the sign-out code could not be loaded. Check your connection and try again.',
    );
    await expect(page).toHaveURL('/reusable1');
  });
});

test.describe('when the server cannot end the session', () => {
  test.use({expectedErrors: /status of 503/});

  test('the menu says so and the reader stays signed in', async ({page, reader, navbar}) => {
    await openSignedIn(page, reader, '/reusable1');
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();

    await page.route('**/api/logout', (route) =>
      route.fulfill({status: 503, contentType: 'application/json', body: '{"error":"unavailable"}'}),
    );
    await navbar.signOut();
    await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('alert')).toHaveText(
      'You are still signed in: the site could not end your session. Try again in a moment.',
    );
    await expect(page).toHaveURL('/reusable1');
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Sign out', exact: true})).toBeEnabled();

    // Still signed in, to Firebase and to the server: the retry works.
    await page.unroute('**/api/logout');
    await page.getByRole('button', {name: 'Sign out', exact: true}).click();
    await expectLoginPage(page, AT_LOGIN_AFTER_SIGN_OUT);
  });
});

// One reader, signed out twice: the server really signs them out each time; only what it says of it is the case under test.
test('the login page says what the sign-out left to do', async ({page, reader, navbar}) => {
  for (const [when, answer, notice] of [
    [
      'part of it waits for the identity service',
      {scope: 'session', pending: true},
      'You are signed out in this browser. The site finishes signing you out once the sign-in service answers again.',
    ],
    [
      'every session ended instead, the list of signed-out sessions being full',
      {scope: 'everywhere', pending: false},
      'You were signed out on all your devices. Sign in again on each of them.',
    ],
  ] as const) {
    await test.step(`when ${when}`, async () => {
      await openSignedIn(page, reader, '/1.0/intro');
      await page.route('**/api/logout', async (route) => route.fulfill({response: await route.fetch(), json: answer}));
      await navbar.signOut();
      await expectLoginPage(page, AT_LOGIN_AFTER_SIGN_OUT);
      await expect(page.getByRole('status')).toHaveText(notice);
      await page.unroute('**/api/logout');
    });
  }
});
