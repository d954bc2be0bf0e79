/**
 * Provider sign-in. Firebase's popup flow loads Google's API loader from apis.google.com even
 * against the Auth emulator, so on an offline machine the provider page cannot be reached: this
 * proves the reader is told, not left waiting. It does not prove a provider sign-in succeeds. GitHub's
 * button reaches the same loader; what the page says of a provider it cannot reach, for both, is
 * tests/component/login.test.tsx's.
 */
import {expect, signedOutTest as test} from '../fixtureSite';

// The provider's loader, refused on purpose.
test.use({expectedErrors: /ERR_NAME_NOT_RESOLVED \(https:\/\/apis\.google\.com\//});

test('"Continue with Google" reports a provider it cannot reach, and the form still works', async ({page, loginPage}) => {
  await page.route('https://apis.google.com/**', (route) => route.abort('namenotresolved'));
  await page.goto('/login');
  await page.getByRole('button', {name: 'Continue with Google'}).click();
  await expect(page.getByRole('alert')).not.toBeEmpty({timeout: 20_000});
  await expect(page).toHaveURL('/login');
  await expect(loginPage.signInButton).toBeEnabled();
});
