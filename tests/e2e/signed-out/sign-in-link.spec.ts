/**
 * "Email me a sign-in link", end to end against the emulator (which lists the emails it "sent"): a reader
 * asks on the login page, opens the link (in the same browser, or in another one, which asks for the
 * address once unless the reader is signed in there already) and lands on the page they wanted; a used link
 * says so and the form sends a new one; no
 * password is chosen to make an account; and a password set by whoever registered the address first does
 * not survive its owner's sign-in by link.
 */
import {expect, linksOnlyTest, signedOutTest as test} from '../fixtureSite';
import {LoginPage} from '../loginPage';
import type {Page} from '@playwright/test';
import {emulator, uniqueEmail} from '../../support/emulator';
import {newReader} from '../../support/reader';
import {formLead, linkPanelCopy} from '../../../src/login/copy';
import {LOGIN_SITE_NAME, openSignedIn} from '../loginPage';

// What the browser logs of the refusals this spec provokes: the identity service's 400s (a used link, a
// stranger's dead password) and the gate's 403 to an unverified account.
test.use({expectedErrors: /status of 400 .*\/identitytoolkit\.googleapis\.com\/|status of 403 .*\/api\/session\)$/});

/** The sign-in link the emulator "sent" to the address, once it has; `besides`: one sent before (the emulator forgets a used one). */
async function signInLinkSentTo(email: string, besides?: string): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      links = (await emulator.sentEmails(email))
        .filter((code) => code.requestType === 'EMAIL_SIGNIN' && code.oobLink !== besides)
        .map((code) => code.oobLink);
      return links.length;
    })
    .toBe(1);
  return links[0]!;
}

/** On the sign-in form: "Email me a sign-in link", the address, and the form's own button. */
async function askForLink(page: Page, email: string): Promise<void> {
  const loginPage = new LoginPage(page);
  // A click before React has taken the page over is lost.
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
  await expect(page.getByText(formLead('link', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
  await expect(loginPage.password).toHaveCount(0);
  await loginPage.email.fill(email);
  await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
}

test('a reader signs in with a link in the browser that asked for it, and lands on the page they wanted; opened again, it goes on to the page', async ({
  page,
}) => {
  const reader = await newReader('link-same-browser');
  await page.goto('/1.0/intro');
  await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
  await askForLink(page, reader.email);
  const heading = page.getByRole('heading', {level: 1, name: 'Check your email'});
  await expect(heading).toBeFocused();
  await expect(page.getByText(linkPanelCopy('sign-in-link', reader.email, 'sign-in'))).toBeVisible();

  // The emulator's stand-in for Firebase's page leads on to the login page the link was asked from.
  const link = await signInLinkSentTo(reader.email);
  await page.goto(link);
  await expect(page).toHaveURL('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();

  // Clicked again in the mail: used, and this browser no longer holds the address it asked for; the reader is signed in.
  await page.goto(link);
  await expect(page).toHaveURL('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
});

test('a link asked for on another device, opened where the reader is signed in already, goes on to the page it leads to without asking for the address', async ({
  page,
  browser,
  siteGate,
}) => {
  const reader = await newReader('link-signed-in');
  const phone = await browser.newContext();
  try {
    const asking = await phone.newPage();
    await asking.goto(`${siteGate.origin}/1.0/intro`);
    await askForLink(asking, reader.email);
    await expect(asking.getByRole('heading', {level: 1, name: 'Check your email'})).toBeVisible();
  } finally {
    await phone.close();
  }

  await openSignedIn(page, reader, '/docs/reusable1');
  await page.goto(await signInLinkSentTo(reader.email));
  await expect(page).toHaveURL('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
});

test('"Create an account" asks for no password: the sign-in link makes the account and signs the reader in', async ({page, loginPage}) => {
  const email = uniqueEmail('link-sign-up');
  await page.goto('/1.0/intro');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.getByRole('button', {name: 'Create an account'}).click();
  await expect(page.getByText(formLead('sign-up', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
  await expect(loginPage.password).toHaveCount(0);
  await loginPage.email.fill(email);
  await page.getByRole('button', {name: 'Create account'}).click();
  await expect(page.getByText(linkPanelCopy('sign-up', email, 'sign-in'))).toBeVisible();
  expect((await emulator.sentEmails(email)).map((code) => code.requestType)).toEqual(['EMAIL_SIGNIN']);

  await page.goto(await signInLinkSentTo(email));
  await expect(page).toHaveURL('/1.0/intro');
});

test("a password set by whoever registered the address first does not survive its owner's sign-in by link, in another browser, which asks for the address once; the link then works no more", async ({
  page,
  browser,
  siteGate,
  loginPage,
}) => {
  // A stranger registers an address of the allowed domain, with a password of their own, through Firebase's API,
  // and tries it on the login page: the address is not verified, so the page sends it a sign-in link instead.
  const email = uniqueEmail('link-newhire');
  await emulator.signUp(email, 'the-strangers-password');
  await page.goto('/1.0/intro');
  await loginPage.signIn({email, password: 'the-strangers-password'});
  await expect(page.getByText(linkPanelCopy('unverified', email, 'sign-in'))).toBeVisible();
  const link = await signInLinkSentTo(email);

  // The owner of the mailbox opens it, on their own device, and lands on the page the link was asked from.
  const owners = await browser.newContext();
  try {
    const mail = await owners.newPage();
    await mail.goto(link);
    await expect(mail.getByRole('heading', {level: 1, name: 'Confirm your email address'})).toBeVisible();
    await mail.getByLabel('Email').fill(email);
    await mail.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(mail).toHaveURL(`${siteGate.origin}/1.0/intro`);
    await expect(mail.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  } finally {
    await owners.close();
  }

  // The address is verified now, and only the mailbox opens it: the stranger's password is gone.
  await page.getByRole('button', {name: 'Use another address'}).click();
  await loginPage.signIn({email, password: 'the-strangers-password'});
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);

  // Opened again, here: used already. The page says so, and its form sends a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is no longer valid: it was used already, or a newer one replaced it. Ask for a new one.',
  );
  await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
  await expect(loginPage.email).toHaveValue(email);
  await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'Check your email'})).toBeVisible();
  await page.goto(await signInLinkSentTo(email, link));
  await expect(page).toHaveURL('/1.0/intro');
});

linksOnlyTest.describe('a gate that offers sign-in links only', () => {
  linksOnlyTest('shows no password anywhere on the login page, and signs readers in by link', async ({page, loginPage}) => {
    const reader = await newReader('links-only');
    await page.goto('/1.0/intro');
    await expect(page.getByText(formLead('link', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
    await expect(loginPage.password).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Forgot password?'})).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Sign in with a password'})).toHaveCount(0);

    await loginPage.email.fill(reader.email);
    await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
    // The page remembers the address once Firebase has answered, after the emulator lists the link: opened
    // before that, the link would rightly ask which address it was sent to.
    await expect(page.getByRole('heading', {level: 1, name: 'Check your email'})).toBeVisible();
    await page.goto(await signInLinkSentTo(reader.email));
    await expect(page).toHaveURL('/1.0/intro');
  });
});
