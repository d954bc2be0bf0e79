/**
 * Who may read: the tests' gate admits verified addresses of ALLOWED_TEST_DOMAIN only. On a gate that offers
 * passwords only (EMAIL_SIGN_IN=password), an address is verified as its owner chooses the password, through
 * the emulator's "sent" password link (sign-in-link.spec.ts has the sign-in links of the other settings);
 * other accounts are told, in one sentence, that they are not on the list; and the page never tells a
 * stranger which addresses have accounts.
 */
import {expect, passwordsOnlyTest as test} from '../fixtureSite';
import {LoginPage} from '../loginPage';
import type {Page} from '@playwright/test';
import {emulator, uniqueEmail} from '../../support/emulator';
import {newReader} from '../../support/reader';
import {LOGIN_CONTACT, LOGIN_SITE_NAME} from '../loginPage';
import {accessRequest} from '../../../src/login/copy';

const PASSWORD = 'a-good-long-password';

// What the browser logs of the refusals this spec provokes: the gate's 403s, the identity service's
// 400s (wrong password, taken address, unknown address), and the emulator's link page asking for a favicon.
test.use({
  expectedErrors:
    /status of 403 .*\/api\/session\)$|status of 400 .*\/identitytoolkit\.googleapis\.com\/|status of 404 .*\/favicon\.ico\)$/,
});
const SIGN_IN_AFTER_LINK = 'I have chosen my password — sign in';

/** The newest link of this kind the emulator "sent" to the address, once it has. */
async function linkSentTo(email: string, kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET', count = 1): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      links = (await emulator.sentEmails(email)).filter((code) => code.requestType === kind).map((code) => code.oobLink);
      return links.length;
    })
    .toBe(count);
  return links.at(-1)!;
}

/** Opens an emailed password link as its owner would, choosing `password`; lands where the link leads back to. */
async function choosePasswordThrough(page: Page, link: string, password: string): Promise<void> {
  // The emulator's stand-in for Firebase's page takes the new password in the query, then follows the continue URL.
  await page.goto(`${link}&newPassword=${encodeURIComponent(password)}`);
}

async function createAccountOnLoginPage(page: Page, email: string): Promise<void> {
  const loginPage = new LoginPage(page);
  await page.getByRole('button', {name: 'Create an account'}).click();
  await expect(page.getByRole('heading', {level: 1, name: `Create your ${LOGIN_SITE_NAME} account`})).toBeVisible();
  // Nobody chooses a password before the mailbox is proven.
  await expect(loginPage.password).toHaveCount(0);
  await loginPage.email.fill(email);
  await page.getByRole('button', {name: 'Create account'}).click();
}

async function expectVerificationPanel(page: Page, text: string): Promise<void> {
  const heading = page.getByRole('heading', {level: 1, name: 'Verify your email address'});
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText(text)).toBeVisible();
}

const signUpCopy = (email: string) =>
  `We sent a link to choose your password to ${email}. Open it and choose a password (that also verifies the address), then sign in here with it.`;

/** What the login card says, with the address taken out: two answers to compare. */
async function cardText(page: Page, email: string): Promise<string> {
  return (await page.getByRole('main').innerText()).replaceAll(email, '<email>');
}

test.describe('a new account', () => {
  test('chooses its password through the link sent, which verifies the address, then reads the page it wanted', async ({
    page,
    loginPage,
  }) => {
    const email = uniqueEmail('new-reader');
    await page.goto('/docs/reusable1');
    await expect(page).toHaveURL('/login?redirect=%2Fdocs%2Freusable1');

    await createAccountOnLoginPage(page, email);
    await expectVerificationPanel(page, signUpCopy(email));
    await linkSentTo(email, 'PASSWORD_RESET');

    await page.getByRole('button', {name: 'Send again'}).click();
    await expect(page.getByRole('status')).toHaveText(`We sent another link to ${email}.`);
    const link = await linkSentTo(email, 'PASSWORD_RESET', 2);
    expect(await emulator.sentEmails(email)).toHaveLength(2);

    // The link's page leads back to the login page, with the page the reader wanted.
    await choosePasswordThrough(page, link, PASSWORD);
    await expect(page).toHaveURL('/login?redirect=%2Fdocs%2Freusable1');
    await loginPage.signIn({email, password: PASSWORD});
    await expect(page).toHaveURL('/docs/reusable1');
    await expect(page.getByRole('heading', {level: 1, name: 'Before you start'})).toBeVisible();
  });

  test("a password chosen by whoever registered the address first does not survive its owner's proof", async ({
    page,
    context,
    loginPage,
  }) => {
    // A stranger registers an address of the allowed domain, with a password of their own, through Firebase's API.
    const email = uniqueEmail('newhire');
    await emulator.signUp(email, 'the-strangers-password');
    await page.goto('/1.0/intro');
    await loginPage.signIn({email, password: 'the-strangers-password'});
    await expectVerificationPanel(
      page,
      `${email} is not verified yet. We sent a link to choose a new password to it. Open it and choose a password (that also verifies the address), then sign in here with it.`,
    );
    const link = await linkSentTo(email, 'PASSWORD_RESET');
    expect((await emulator.sentEmails(email)).filter((code) => code.requestType === 'VERIFY_EMAIL')).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__session');

    // The owner of the mailbox follows the link: the address is verified, with the owner's password only. The link's
    // page is Firebase's, and where it leads back is the first test's: the call it makes stands for it here.
    await emulator.resetPassword(new URL(link).searchParams.get('oobCode')!, 'the-owners-password');
    await page.getByRole('button', {name: SIGN_IN_AFTER_LINK}).click();
    await expect(loginPage.email).toHaveValue(email);
    await loginPage.password.fill('the-strangers-password');
    await loginPage.signInButton.click();
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');

    await loginPage.signIn({email, password: 'the-owners-password'});
    await expect(page).toHaveURL('/1.0/intro');
    await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  });
});

test.describe('an account the policy does not admit', () => {
  test("is told it is not on the reader list, as is a disabled account, and where to ask for access (the site's contact); it can use another account", async ({
    page,
    context,
    loginPage,
  }) => {
    const outsider = await emulator.newAccount(uniqueEmail('outsider', 'other.test'));
    const disabled = await emulator.newAccount(uniqueEmail('disabled'));
    await emulator.updateAccount(disabled.localId, {disableUser: true});
    const reader = await newReader('after-outsider');
    await page.goto('/1.0/intro');
    await loginPage.signIn(outsider);

    const refusal = `${outsider.email} is not on the reader list of Tutorial Hub.`;
    await expect(page.getByRole('heading', {level: 1, name: 'No access with this account'})).toBeFocused();
    await expect(page.getByRole('alert')).toHaveText(refusal);
    // Nothing tells the outsider who may read.
    await expect(page.getByRole('main')).not.toContainText('tutorial-hub.test');
    // But where to ask, if the site says (site.config.ts): a message naming the site and the address to let in.
    const ask = LOGIN_CONTACT && accessRequest(LOGIN_CONTACT, LOGIN_SITE_NAME, outsider.email);
    await expect(page.getByText(/^To ask for access/)).toHaveText(ask ? `${ask.lead} ${ask.label}.` : []);
    if (ask) await expect(page.getByRole('link', {name: ask.label})).toHaveAttribute('href', ask.href);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__session');

    // Firebase still knows the account: a reload asks the gate again, and gets the same answer.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(refusal);

    await test.step('a disabled account reads the same sentence', async () => {
      await page.getByRole('button', {name: 'Use another account'}).click();
      await loginPage.signIn(disabled);
      await expect(page.getByRole('alert')).toHaveText(`${disabled.email} is not on the reader list of Tutorial Hub.`);
    });

    await page.getByRole('button', {name: 'Use another account'}).click();
    await expect(page.getByRole('heading', {level: 1, name: `Sign in to ${LOGIN_SITE_NAME}`})).toBeFocused();
    await loginPage.signIn(reader);
    await expect(page).toHaveURL('/1.0/intro');
    await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  });
});

test.describe('the page never tells whether an address has an account', () => {
  test('signing in with an unknown address reads like a wrong password; "Forgot password?" answers alike, and only an existing account gets a link, which leads back to the login page, with the page the reader wanted', async ({
    page,
    loginPage,
  }) => {
    const known = await newReader('reset-known');
    const unknown = uniqueEmail('reset-unknown');
    const signInAnswers: string[] = [];
    for (const credentials of [
      {email: known.email, password: 'not-the-password'},
      {email: unknown, password: PASSWORD},
    ]) {
      // A login page of its own for each attempt: the page shows an answer once its attempt has ended, so a page
      // still showing the last attempt's answer would let the next step start while this attempt is under way
      // (and the page drops what a reader asks of a form it no longer shows).
      await page.goto('/1.0/intro');
      await loginPage.signIn(credentials);
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await expect(loginPage.email).toHaveValue(credentials.email);
      signInAnswers.push((await page.getByRole('alert').textContent())!);
    }
    expect(signInAnswers).toEqual(['The email or password is incorrect.', 'The email or password is incorrect.']);

    const resetAnswers: string[] = [];
    await page.getByRole('button', {name: 'Forgot password?'}).click();
    for (const email of [unknown, known.email]) {
      await loginPage.email.fill(email);
      await page.getByRole('button', {name: 'Send reset link'}).click();
      await expect(page.getByRole('status')).toHaveText(`If an account uses ${email}, a link to reset its password is on its way.`);
      await expect(page.getByRole('alert')).toBeEmpty();
      resetAnswers.push(await cardText(page, email));
    }
    expect(resetAnswers[1]).toBe(resetAnswers[0]);
    const link = await linkSentTo(known.email, 'PASSWORD_RESET');
    expect(await emulator.sentEmails(unknown)).toEqual([]);

    await choosePasswordThrough(page, link, 'a-new-long-password');
    await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
    await loginPage.signIn({email: known.email, password: 'a-new-long-password'});
    await expect(page).toHaveURL('/1.0/intro');
  });

  test('"Create an account" answers alike, and sends a new address and a taken one the same link; the owner of the taken address who goes on is asked to sign in, email filled in, with the password it still has', async ({
    page,
    loginPage,
  }) => {
    const known = await newReader('sign-up-known');
    const fresh = uniqueEmail('sign-up-fresh');
    const answers: string[] = [];
    await page.goto('/1.0/intro');
    for (const email of [fresh, known.email]) {
      // The second address from the same page, as someone trying addresses would.
      if (email === known.email) await page.getByRole('button', {name: 'Use another account'}).click();
      await createAccountOnLoginPage(page, email);
      await expectVerificationPanel(page, signUpCopy(email));
      answers.push(await cardText(page, email));
    }
    expect(answers[1]).toBe(answers[0]);
    await linkSentTo(known.email, 'PASSWORD_RESET');
    await linkSentTo(fresh, 'PASSWORD_RESET');
    for (const email of [known.email, fresh]) {
      expect((await emulator.sentEmails(email)).filter((code) => code.requestType === 'VERIFY_EMAIL')).toEqual([]);
    }

    // The taken address keeps its password until its owner chooses another.
    await page.getByRole('button', {name: SIGN_IN_AFTER_LINK}).click();
    await expect(page.getByRole('heading', {level: 1, name: `Sign in to ${LOGIN_SITE_NAME}`})).toBeFocused();
    await expect(page.getByRole('status')).toHaveText('Sign in with the password you chose.');
    await expect(loginPage.email).toHaveValue(known.email);
    await loginPage.password.fill(known.password);
    await loginPage.signInButton.click();
    await expect(page).toHaveURL('/1.0/intro');
  });
});

test.describe('sign-up', () => {
  test('"Create an account" appears only once the gate has said sign-up is open, and not at all when it says sign-up is closed, where readers still sign in', async ({
    page,
    loginPage,
  }) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/sign-in-options', async (route) => {
      await answered;
      await route.fallback();
    });
    await page.goto('/login');
    // Hydrated and working, but the gate has not answered yet.
    await expect(page.getByRole('button', {name: /^Switch between dark and light mode/})).toBeEnabled();
    await expect(page.getByRole('button', {name: 'Forgot password?'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Create an account'})).toHaveCount(0);
    answer();
    await expect(page.getByRole('button', {name: 'Create an account'})).toBeVisible();

    // A gate with SIGN_UP=closed answers so (tests/integration/sign-in-policy.test.ts), and admits readers all the same.
    await test.step('closed', async () => {
      const reader = await newReader('sign-up-closed');
      await page.unrouteAll();
      await page.route('**/api/sign-in-options', (route) => route.fulfill({json: {signUp: 'closed', emailSignIn: 'password'}}));
      const options = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sign-in-options');
      await page.goto('/login');
      await options;
      // Until the answer is read, the button's place is kept by its hidden text: gone only once "closed" is applied.
      await expect(page.getByText('Create an account', {exact: true})).toHaveCount(0);
      await expect(page.getByRole('button', {name: 'Forgot password?'})).toBeVisible();
      await expect(page.getByRole('button', {name: 'Create an account'})).toHaveCount(0);

      await loginPage.signIn(reader);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub', exact: true})).toBeVisible();
    });
  });
});
