/**
 * "Sign out" from the account menu: the menu ends the server session, Firebase reports the
 * sign-out to every tab, and the gate alone takes each of them to the login page.
 */
import {expect, test, type Page} from '@playwright/test';
import {GATE_URL} from '../../support/environment';
import {newReader} from '../../support/reader';
import {signInThroughLoginPage} from '../../../shared/loginPage';

const ROUNDS = 5;

async function signOutFromMenu(page: Page, item = 'Sign out'): Promise<void> {
  await page.getByRole('button', {name: /^Signed in as/}).click();
  await page.getByRole('button', {name: item, exact: true}).click();
}

async function expectLoginPage(page: Page, url: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', {level: 1, name: 'Sign in to Tutorial Hub'})).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
}

test(`"Sign out" lands on /login in this tab and the other, ${ROUNDS} times over`, async ({page, context}) => {
  const reader = await newReader('sign-out-rounds');
  for (let round = 1; round <= ROUNDS; round += 1) {
    await page.goto('/reusable1');
    await signInThroughLoginPage(page, reader);
    await expect(page).toHaveURL(`${GATE_URL}/reusable1`);
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
    const other = await context.newPage();
    await other.goto('/1.0/Collapsible');
    await expect(other.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();

    await signOutFromMenu(page);
    await expectLoginPage(page, `${GATE_URL}/login`);
    // Firebase tells the other tab through its IndexedDB persistence, which it polls.
    await expectLoginPage(other, `${GATE_URL}/login?redirect=${encodeURIComponent('/1.0/Collapsible')}`);
    expect((await context.cookies()).some((cookie) => cookie.name === '__session')).toBe(false);
    await other.close();
  }
});

test('when the server cannot end the session, the menu says so and the reader stays signed in', async ({page}) => {
  const reader = await newReader('sign-out-fails');
  await page.goto('/reusable1');
  await signInThroughLoginPage(page, reader);
  await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();

  await page.route('**/api/logout', (route) => route.fulfill({status: 503, contentType: 'application/json', body: '{"error":"unavailable"}'}));
  await signOutFromMenu(page);
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('alert')).toHaveText(
    'You are still signed in: the site could not end your session. Try again in a moment.',
  );
  await expect(page).toHaveURL(`${GATE_URL}/reusable1`);
  await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Sign out', exact: true})).toBeEnabled();

  // Still signed in, to Firebase and to the server: the retry works.
  await page.unroute('**/api/logout');
  await page.getByRole('button', {name: 'Sign out', exact: true}).click();
  await expectLoginPage(page, `${GATE_URL}/login`);
});
