import {signInFromLoginPage} from '../../testkit/loginPage';
import {GATE_URL} from '../support/environment';
import {expect, test as setup} from './fixtures';
import {READER_STATE} from './readerState';

/** Signs the demo reader in once; the signed-in project reuses the cookie and Firebase's IndexedDB state. */
setup('sign in the demo reader', async ({page}) => {
  await signInFromLoginPage(page, GATE_URL);
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub'})).toBeVisible();
  await page.context().storageState({path: READER_STATE, indexedDB: true});
});
