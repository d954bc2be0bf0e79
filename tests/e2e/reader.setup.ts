import {signedInState} from '../../testkit/loginPage';
import {GATE_URL} from '../support/environment';
import {expect, test as setup} from './fixtures';
import {READER_STATE} from './readerState';
import site from '../../site.config';

/** Signs the demo reader in once; the signed-in project reuses the cookie and Firebase's IndexedDB state. */
setup('sign in the demo reader', async ({browser}) => {
  await signedInState(browser, GATE_URL, READER_STATE);
  // The state as the signed-in project loads it: the home page opens with it.
  const context = await browser.newContext({storageState: READER_STATE});
  try {
    const page = await context.newPage();
    await page.goto(`${GATE_URL}/`);
    // The home page names the site (the repository's site.config.ts).
    await expect(page.getByRole('heading', {level: 1, name: site.title, exact: true})).toBeVisible();
  } finally {
    await context.close();
  }
});
