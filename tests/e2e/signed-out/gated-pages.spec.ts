/**
 * A signed-out visitor who opens any page of the site lands on the login page, which remembers
 * the page. (That the gate answers every built page with that redirect: tests/integration/gate-access.test.ts.)
 */
import {loginUrlFor} from '../../../shared/paths';
import {GATE_URL} from '../../support/environment';
import {ROUTES} from '../../support/routes';
import {expect, test} from '../fixtures';

test('every page of the site, and an unknown one, leads to the login page with the page to come back to', async ({page}) => {
  for (const url of [...ROUTES.map((route) => route.url), '/no-such-page']) {
    await test.step(decodeURI(url), async () => {
      const target = `${url}?ref=mail`;
      await page.goto(target);
      await expect(page).toHaveURL(`${GATE_URL}${loginUrlFor(target)}`);
      await expect(page.getByRole('heading', {level: 1, name: 'Sign in to Tutorial Hub'})).toBeVisible();
    });
  }
});
