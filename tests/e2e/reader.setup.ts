import {expect, test as setup} from '@playwright/test';
import {signInThroughLoginPage} from '../../shared/loginPage';

/** Signs the demo reader in once; the signed-in project reuses the cookie and Firebase's IndexedDB state. */
setup('sign in the demo reader', async ({page}) => {
  await page.goto('/login');
  await signInThroughLoginPage(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub'})).toBeVisible();
  await page.context().storageState({path: 'playwright/.auth/reader.json', indexedDB: true});
});
