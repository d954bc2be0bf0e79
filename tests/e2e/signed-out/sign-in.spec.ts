/** Signing in with email and password on the login page, and where the reader lands. */
import {DEMO_READER} from '../../../contracts/demoReader';
import {holdRequests} from '../../support/heldRequests';
import {EMULATOR_HOST} from '../../support/environment';
import {expect, signedOutTest as test} from '../fixtureSite';
import {holdPageCode} from '../hydration';

test('with email and password lands on the deep link, query and hash included', async ({page, context, loginPage}) => {
  await page.goto('/1.0/tutorial-basics/create-a-page?from=mail#create-your-first-react-page');
  await expect(page).toHaveURL(/\/login\?redirect=%2F1\.0%2Ftutorial-basics%2Fcreate-a-page%3Ffrom%3Dmail#create-your-first-react-page$/);
  await loginPage.signIn();
  await expect(page).toHaveURL('/1.0/tutorial-basics/create-a-page?from=mail#create-your-first-react-page');
  await expect(page.getByRole('heading', {level: 1, name: 'Create a Page'})).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === '__session');
  expect(session).toMatchObject({httpOnly: true, sameSite: 'Lax', path: '/'});
});

test('shows progress while the request is in flight, and starts one session', async ({page, loginPage}) => {
  let sessionRequests = 0;
  // Sessions started: the login page then asks (GET) whether the cookie stuck.
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/session') && (sessionRequests += 1));
  await page.goto('/login?redirect=%2F1.0%2Fintro');
  // Firebase's answer waits until the page has shown that it is signing in.
  const firebase = await holdRequests(page, `http://${EMULATOR_HOST}/**`);
  await loginPage.signIn();
  await expect(page.getByRole('button', {name: 'Signing in…'})).toBeDisabled();
  firebase.release();
  await expect(page).toHaveURL('/1.0/intro');
  expect(sessionRequests).toBe(1);
});

test('keeps what the reader typed before the page hydrated', async ({page, loginPage}) => {
  const {hydrate} = await holdPageCode(page);
  await page.goto('/login?redirect=%2F1.0%2Fintro', {waitUntil: 'commit'});
  await loginPage.email.fill(DEMO_READER.email);
  await loginPage.password.fill(DEMO_READER.password);
  await hydrate();
  await loginPage.signInButton.click();
  await expect(page).toHaveURL('/1.0/intro');
});

test.describe('refused', () => {
  // The identity service answers a wrong password with 400, which the browser logs.
  test.use({expectedErrors: /status of 400 .*\/accounts:signInWithPassword/});

  test('ignores a second click while the first is under way', async ({page, loginPage}) => {
    let attempts = 0;
    page.on(
      'request',
      (request) => request.method() === 'POST' && request.url().includes('accounts:signInWithPassword') && (attempts += 1),
    );
    await page.goto('/login?redirect=%2F1.0%2Fintro');
    // Firebase's answer waits until both clicks are in.
    const firebase = await holdRequests(page, `http://${EMULATOR_HOST}/**`);
    await loginPage.email.fill(DEMO_READER.email);
    await loginPage.password.fill('not-the-password');
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
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
  });

  test('with empty fields says what is missing, without asking the service; with a wrong password says so and stays on the login page', async ({
    page,
    loginPage,
  }) => {
    let attempts = 0;
    page.on('request', (request) => request.url().includes('accounts:signInWithPassword') && (attempts += 1));
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

    await test.step('a wrong password', async () => {
      await loginPage.signIn({password: 'not-the-password'});
      await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
      await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
      await expect(loginPage.password).toBeVisible();
    });
  });
});

test.describe('with the identity service unreachable', () => {
  test.use({expectedErrors: /ERR_CONNECTION_REFUSED|ERR_FAILED/});

  test('says so instead of hanging', async ({page, loginPage}) => {
    await page.goto('/login');
    await expect(loginPage.signInButton).toBeEnabled();
    await page.route(`http://${EMULATOR_HOST}/**`, (route) => route.abort('connectionrefused'));
    await loginPage.signIn();
    await expect(page.getByRole('alert')).toContainText('The sign-in service cannot be reached', {timeout: 20_000});
    await expect(loginPage.signInButton).toBeEnabled();
  });
});

test('never follows a hostile redirect off the site, nor to an endpoint (every spelling: tests/unit/paths.test.ts)', async ({
  page,
  reader,
  loginPage,
}) => {
  // A few spellings, through the page's own code: the rule is contracts/paths.ts's safeRedirectTarget.
  const hostile = ['//evil.example', 'javascript:alert(document.domain)', '/\t/evil.example', '/api/session'];
  // Signing in on the form, then coming back signed in: both leave through the same target.
  await page.goto(`/login?redirect=${encodeURIComponent(hostile[0]!)}`);
  await loginPage.signIn(reader);
  await expect(page).toHaveURL('/');
  for (const redirect of hostile) {
    await test.step(JSON.stringify(redirect), async () => {
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub'})).toBeVisible();
    });
  }
});
