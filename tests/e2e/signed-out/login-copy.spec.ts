/** The login page's words: each form's own subtitle, and why a reader whose session ended is back here. */
import {expect, signedOutTest as test} from '../fixtureSite';
import {emulator, uniqueEmail} from '../../support/emulator';
import {formLead, SESSION_ENDED_NOTICE} from '../../../src/login/copy';
import {LOGIN_SITE_NAME} from '../loginPage';

test('each form has its own subtitle', async ({page}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', {name: /^Switch between dark and light mode/})).toBeEnabled();
  await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();

  await page.getByRole('button', {name: 'Forgot password?'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Reset your password');
  await expect(page.getByText(formLead('reset', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
  await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toHaveCount(0);

  await page.getByRole('button', {name: 'Back to sign in'}).click();
  await page.getByRole('button', {name: 'Create an account'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Create your ${LOGIN_SITE_NAME} account`);
  await expect(page.getByText(formLead('sign-up', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
  await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toHaveCount(0);
});

test.describe('a reader whose account is disabled while reading', () => {
  // The gate refuses the disabled account's session; the browser logs the answers it gets on the way.
  test.use({expectedErrors: /status of (400|401|403) /});

  test('is told on the sign-in form that the session ended', async ({page, loginPage}) => {
    const account = await emulator.newAccount(uniqueEmail('disabled-reading'));
    await loginPage.signInAt('/1.0/intro', account);
    await expect(page.getByRole('button', {name: `Signed in as ${account.email}`})).toBeVisible();

    await emulator.updateAccount(account.localId, {disableUser: true});
    await page.reload();
    await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Sign in to ${LOGIN_SITE_NAME}`);
    await expect(page.getByText(SESSION_ENDED_NOTICE)).toBeVisible();
  });
});

test('a reader who signs out is not told that the session ended', async ({page, reader, loginPage}) => {
  await loginPage.signInAt('/1.0/intro', reader);
  await page.getByRole('button', {name: `Signed in as ${reader.email}`}).click();
  await page.getByRole('button', {name: 'Sign out', exact: true}).click();
  await expect(page).toHaveURL('/login');
  await expect(loginPage.email).toBeEditable();
  await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
  await expect(page.getByText(SESSION_ENDED_NOTICE)).toHaveCount(0);
});
