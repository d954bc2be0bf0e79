/**
 * "Sign out" from the account menu: the menu ends the server session, Firebase reports the
 * sign-out to every tab, and the gate alone takes each of them to the login page. Every test
 * signs out a reader of its own, so that no other test loses its session. Readers are signed in without
 * the form (openSignedIn), but for the second sign-in of the first test: on the login page the sign-out
 * left, as a reader signs in again in the browser they signed out of. What the gate answers a session
 * once it is signed out is tests/integration/sign-out.test.ts's; here, that the menu asks for it.
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
import {emulator} from '../../support/emulator';
import {mintSessionCookie} from '../../../testkit/gateSession';
import {NAVIGATION, SUBRESOURCE} from '../../../testkit/http';
import {sessionCookieHeader} from '../../../contracts/session';
import {blockingViolations, expectAccessibleInEachScheme} from '../../support/axe';
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
    if (round === 1) {
      await openSignedIn(page, reader, '/docs/reusable1');
      await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
    } else {
      // Again, on the login page the sign-out left.
      await loginPage.signIn(reader);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub', exact: true})).toBeVisible();
    }
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
  // Signing out replaces the page it happens on: Back leads to the page before it. The reader clicks their way there.
  await navbar.expectHydrated();
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Introduction to Tutorial Hub 1.0'}).click();
  await expect(page).toHaveURL('/1.0/intro');
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

test.describe(() => {
  // The home page prefetches the chunks of the pages it links to while idle: those still on their way when the
  // session ends everywhere are refused (401), which the reader never sees.
  test.use({expectedErrors: /status of 401 \(Unauthorized\) \(http:\/\/127\.0\.0\.1:\d+\/assets\/js\/[^/]+\.js\)$/});

  test('"Sign out everywhere" asks once, and "Cancel" ends nothing; confirmed, it ends the session in another browser too; the login page after it, with its confirmation, has no serious or critical accessibility violations, light or dark', async ({
    page,
    context,
    siteGate,
    reader,
    navbar,
    loginPage,
  }) => {
    // The other browser's session, as its login page starts one: what it gets after the sign-out is the gate's answer.
    const elsewhere = sessionCookieHeader(await mintSessionCookie(siteGate, emulator, reader));
    const elsewhereGets = async (path: string, headers: Record<string, string>) => {
      const response = await siteGate.request(path, {headers: {...headers, cookie: elsewhere}});
      return {path, status: response.status, location: response.headers.location};
    };
    expect(await elsewhereGets(MANIFEST, SUBRESOURCE)).toMatchObject({status: 200});

    await page.emulateMedia({colorScheme: 'light'});
    await openSignedIn(page, reader, '/');
    await test.step('asked in the menu, from the keyboard: "Cancel" ends nothing, and the focus goes back', async () => {
      await page.getByRole('button', {name: /^Signed in as/}).click();
      const everywhere = page.getByRole('button', {name: 'Sign out everywhere', exact: true});
      await everywhere.click();
      const question = page.getByRole('group', {name: 'Sign out everywhere? This ends your sessions on every device, this one included.'});
      await expect(question.getByRole('button', {name: 'Yes, sign out everywhere'})).toBeVisible();
      await expect(question.getByRole('button', {name: 'Cancel'})).toBeFocused();
      expect(await blockingViolations(page, 'light', {include: '.navbar'}), 'the menu as it asks').toEqual([]);
      await page.keyboard.press('Enter');
      await expect(question).toHaveCount(0);
      await expect(everywhere).toBeFocused();
      await expect(page).toHaveURL('/');
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('__session');
      expect(await elsewhereGets(MANIFEST, SUBRESOURCE)).toMatchObject({status: 200});
      await page.keyboard.press('Escape');
    });
    await navbar.signOut('Sign out everywhere');
    await expect(page).toHaveURL(AT_LOGIN_AFTER_SIGN_OUT);
    await expect(page.getByRole('status')).toHaveText(SIGNED_OUT_EVERYWHERE);
    await expect(loginPage.email).toBeVisible();
    await expectAccessibleInEachScheme(page);

    expect(await elsewhereGets(MANIFEST, SUBRESOURCE)).toMatchObject({status: 401});
    expect(await elsewhereGets(PART, SUBRESOURCE)).toMatchObject({status: 401});
    expect(await elsewhereGets('/1.0/Collapsible', NAVIGATION)).toEqual({
      path: '/1.0/Collapsible',
      status: 302,
      location: loginUrlFor('/1.0/Collapsible'),
    });
  });
});

test.describe('when signing out fails', () => {
  test.use({expectedErrors: /auth-sign-out|Loading chunk|ChunkLoadError|net::ERR_FAILED|status of 503/});

  test('the menu says why, in words about signing out, and the reader stays signed in; the retry works, and the login page says what the sign-out left to do', async ({
    page,
    reader,
    navbar,
  }) => {
    await openSignedIn(page, reader, '/docs/reusable1');
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
    const menuAlert = page.getByRole('navigation', {name: 'Main'}).getByRole('alert');
    const signOut = page.getByRole('button', {name: 'Sign out', exact: true});

    await test.step('the sign-out code cannot be loaded', async () => {
      await page.route(/\/assets\/js\/auth-sign-out\.[^/]*\.js$/, (route) => route.abort('failed'));
      await navbar.signOut();
      await expect(menuAlert).toHaveText(
        'You are still signed in: the sign-out code could not be loaded. Check your connection and try again.',
      );
      await expect(page).toHaveURL('/docs/reusable1');
      await page.unrouteAll();
    });

    await test.step('the server cannot end the session', async () => {
      await page.route('**/api/logout', (route) =>
        route.fulfill({status: 503, contentType: 'application/json', body: '{"error":"unavailable"}'}),
      );
      await signOut.click();
      await expect(menuAlert).toHaveText('You are still signed in: the site could not end your session. Try again in a moment.');
      await expect(page).toHaveURL('/docs/reusable1');
      await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
      await expect(signOut).toBeEnabled();
      await page.unrouteAll();
    });

    // Still signed in, to Firebase and to the server: the retry ends the session. Of the gate's answers, one that
    // leaves part of the sign-out to do: what the login page says of each is tests/unit/loginFlow.test.ts's table.
    await page.route('**/api/logout', async (route) =>
      route.fulfill({response: await route.fetch(), json: {scope: 'session', pending: true}}),
    );
    await signOut.click();
    await expectLoginPage(page, AT_LOGIN_AFTER_SIGN_OUT);
    await expect(page.getByRole('status')).toHaveText(
      'You are signed out in this browser. The site finishes signing you out once the sign-in service answers again.',
    );
  });
});
