/** Signing in with email and password on the login page, and where the reader lands. */
import {DEMO_READER} from '../../../contracts/demoReader';
import {holdRequests} from '../../support/heldRequests';
import {EMULATOR_HOST} from '../../support/environment';
import {expect, signedOutTest as test} from '../fixtureSite';
import {holdPageCode} from '../hydration';

const DEEP_LINK = '/1.0/tutorial-basics/create-a-page?from=mail#create-your-first-react-page';

// One sign-in, watched from the link that leads to the login page to the page it leads back to.
test('with email and password, typed before the page hydrated, shows progress while the request is in flight, starts one session and lands on the deep link, query and hash included', async ({
  page,
  context,
  loginPage,
}) => {
  let sessionRequests = 0;
  // Sessions started: the login page then asks (GET) whether the cookie stuck.
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/session') && (sessionRequests += 1));
  const {hydrate} = await holdPageCode(page);
  await page.goto(DEEP_LINK, {waitUntil: 'commit'});
  await expect(page).toHaveURL(/\/login\?redirect=%2F1\.0%2Ftutorial-basics%2Fcreate-a-page%3Ffrom%3Dmail#create-your-first-react-page$/);

  await test.step('typed before the page hydrated', async () => {
    await loginPage.email.fill(DEMO_READER.email);
    await loginPage.password.fill(DEMO_READER.password);
    await hydrate();
  });

  await test.step('in flight', async () => {
    // Firebase's answer waits until the page has shown that it is signing in.
    const firebase = await holdRequests(page, `http://${EMULATOR_HOST}/**`);
    await loginPage.signInButton.click();
    await expect(page.getByRole('button', {name: 'Signing in…'})).toBeDisabled();
    firebase.release();
  });

  await expect(page).toHaveURL(DEEP_LINK);
  await expect(page.getByRole('heading', {level: 1, name: 'Create a Page'})).toBeVisible();
  expect(sessionRequests).toBe(1);
  const session = (await context.cookies()).find((cookie) => cookie.name === '__session');
  expect(session).toMatchObject({httpOnly: true, sameSite: 'Lax', path: '/'});
});

test.describe('refused', () => {
  // The identity service answers a wrong password with 400, which the browser logs; an unreachable one fails the request.
  test.use({expectedErrors: /status of 400 .*\/accounts:signInWithPassword|ERR_CONNECTION_REFUSED|ERR_FAILED/});

  test('a field at fault, by the button: the focus goes back to it, marked invalid and described by the error; a wrong password is selected, and the right one typed over it signs in', async ({
    page,
    reader,
    loginPage,
  }) => {
    await page.goto('/login?redirect=%2F1.0%2Fintro');
    // A click before React has taken the page over is lost.
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await loginPage.signInButton.click();
    await expect(page.getByRole('alert')).toHaveText('Enter your email address.');
    await expect(loginPage.email).toBeFocused();
    await expect(loginPage.email).toHaveAttribute('aria-invalid', 'true');

    await loginPage.email.fill(reader.email);
    await loginPage.password.fill('not-the-password');
    await loginPage.signInButton.click();
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(loginPage.password).toBeFocused();
    await expect(loginPage.password).toHaveAttribute('aria-invalid', 'true');
    await expect(loginPage.password).toHaveAccessibleDescription('The email or password is incorrect.');
    await expect(loginPage.email).toHaveAttribute('aria-invalid', 'false');
    await page.keyboard.type(reader.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/1.0/intro');
  });

  test('with empty fields says what is missing, without asking the service; a wrong password clicked twice is asked once, said so, and stays on the login page; an unreachable service is said so instead of hanging', async ({
    page,
    loginPage,
  }) => {
    let attempts = 0;
    page.on(
      'request',
      (request) => request.method() === 'POST' && request.url().includes('accounts:signInWithPassword') && (attempts += 1),
    );
    await page.goto('/login?redirect=%2F1.0%2Fintro');
    await test.step('empty fields', async () => {
      // A click before React has taken the page over is lost.
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      await loginPage.signInButton.click();
      await expect(page.getByRole('alert')).toHaveText('Enter your email address.');
      await loginPage.email.fill('reader@');
      await loginPage.signInButton.click();
      await expect(page.getByRole('alert')).toHaveText('Enter a valid email address, such as reader@example.com.');
      expect(attempts).toBe(0);
    });

    await test.step('a wrong password, clicked twice', async () => {
      // Firebase's answer waits until both clicks are in.
      const firebase = await holdRequests(page, `http://${EMULATOR_HOST}/**`);
      await loginPage.email.fill(DEMO_READER.email);
      await loginPage.password.fill('not-the-password');
      // Two clicks in one task: the second comes before React can disable the button, as a fast double
      // click can. React queues the second behind the first; only the action's own guard drops it.
      await loginPage.signInButton.evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
      await expect(page.getByRole('button', {name: 'Signing in…'})).toBeDisabled();
      firebase.release();
      await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
      // The button is back once every queued action has run.
      await expect(loginPage.signInButton).toBeEnabled();
      expect(attempts).toBe(1);
      await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
      await expect(loginPage.password).toBeVisible();
      await page.unrouteAll();
    });

    await test.step('the identity service unreachable', async () => {
      await page.route(`http://${EMULATOR_HOST}/**`, (route) => route.abort('connectionrefused'));
      await loginPage.signIn();
      await expect(page.getByRole('alert')).toContainText('The sign-in service cannot be reached', {timeout: 20_000});
      await expect(loginPage.signInButton).toBeEnabled();
    });
  });
});

test('never follows a hostile redirect off the site, nor to an endpoint (every spelling: tests/unit/paths.test.ts)', async ({
  page,
  reader,
  loginPage,
}) => {
  // The page leaves two ways, signing in on the form and coming back signed in, both to the one target its code
  // takes from contracts/paths.ts's postLoginTarget: the form tried with another site, the way back with a script and an endpoint.
  await page.goto(`/login?redirect=${encodeURIComponent('//evil.example')}`);
  await loginPage.signIn(reader);
  await expect(page).toHaveURL('/');
  for (const redirect of ['javascript:alert(document.domain)', '/api/session']) {
    await test.step(JSON.stringify(redirect), async () => {
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub', exact: true})).toBeVisible();
    });
  }
});
