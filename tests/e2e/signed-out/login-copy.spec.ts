/**
 * Why a reader whose session ended is back on the login page. Each form's own subtitle is checked as the
 * accessibility walk reaches it (accessibility.spec.ts); that a reader who signs out is not told the session
 * ended, where the sign-out is (sign-out.spec.ts).
 */
import {expect, signedOutTest as test} from '../fixtureSite';
import {emulator, uniqueEmail} from '../../support/emulator';
import {SESSION_ENDED_NOTICE} from '../../../src/login/copy';
import {LOGIN_SITE_NAME, openSignedIn} from '../loginPage';

test.describe('a reader whose account is disabled while reading', () => {
  // The gate refuses the disabled account's session; the browser logs the answers it gets on the way.
  test.use({expectedErrors: /status of (400|401|403) /});

  test('is told on the sign-in form that the session ended', async ({page}) => {
    const account = await emulator.newAccount(uniqueEmail('disabled-reading'));
    await openSignedIn(page, account, '/1.0/intro');
    await expect(page.getByRole('button', {name: `Signed in as ${account.email}`})).toBeVisible();

    await emulator.updateAccount(account.localId, {disableUser: true});
    await page.reload();
    await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Sign in to ${LOGIN_SITE_NAME}`);
    await expect(page.getByText(SESSION_ENDED_NOTICE)).toBeVisible();
  });
});
