/**
 * A signed-out visitor who opens a page of the site lands on the login page, which remembers the
 * page. That the gate answers every built page with that redirect is proven without a browser
 * (tests/integration/gate-access.test.ts); here a browser follows it from one page of each kind.
 */
import {loginUrlFor} from '../../../contracts/paths';
import {expect, signedOutTest as test} from '../fixtureSite';
import {LOGIN_SITE_NAME} from '../loginPage';

const PAGES = ['/', '/search', '/docs/Chapter%202_%20Documentation', '/1.0', '/1.0/tutorial-basics/create-a-page', '/no-such-page'];

test('a page of each kind, and an unknown one, leads to the login page with the page to come back to', async ({page}) => {
  for (const url of PAGES) {
    await test.step(decodeURI(url), async () => {
      const target = `${url}?ref=mail`;
      await page.goto(target);
      await expect(page).toHaveURL(`${loginUrlFor(target)}`);
      await expect(page.getByRole('heading', {level: 1, name: `Sign in to ${LOGIN_SITE_NAME}`})).toBeVisible();
    });
  }
});
