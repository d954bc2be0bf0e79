/**
 * Signing in, out and back, in Debian's Chromium against the gate server and the Auth emulator.
 * Tests that end sessions use readers of their own, so they cannot sign other tests out.
 */
import {expect, test, type Page} from '@playwright/test';
import {newReader} from '../../support/reader';
import {DEMO_READER} from '../../../shared/demoReader';
import {signInThroughLoginPage} from '../../../shared/loginPage';
import {EMULATOR_HOST, GATE_URL} from '../../support/environment';

const GATED_ROUTES = [
  '/',
  '/search',
  '/chapter-1-introduction',
  '/reusable1',
  '/Chapter%202_%20Documentation',
  '/1.0',
  '/1.0/Collapsible',
  '/1.0/intro',
  '/1.0/test',
  '/1.0/tutorial-basics/create-a-page',
  '/1.0/tutorial-extras/translate-your-site',
  '/1.0/category/tutorial---basics',
  '/no-such-page',
];

/** Whoever signs out on purpose starts afresh at the bare login page (tests/e2e/signed-out/sign-out.spec.ts). */
const AT_LOGIN_AFTER_SIGN_OUT = `${GATE_URL}/login`;

const loginUrlFor = (target: string) => (target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`);

async function expectSignedOutAt(page: Page, target: string, {timeout}: {timeout?: number} = {}) {
  await expect(page).toHaveURL(`${GATE_URL}${loginUrlFor(target)}`, {timeout});
  await expect(page.getByRole('heading', {level: 1, name: 'Sign in to Tutorial Hub'})).toBeVisible();
}

test.describe('a signed-out visitor', () => {
  for (const route of GATED_ROUTES) {
    test(`opening ${decodeURIComponent(route)} is sent to the login page, which remembers it`, async ({page}) => {
      await page.goto(`${route}${route.includes('?') ? '&' : '?'}ref=mail`);
      await expectSignedOutAt(page, `${route}?ref=mail`);
    });
  }

  test('the login page loads every file it needs, with no refused request and no console error', async ({page}) => {
    const refused: string[] = [];
    const errors: string[] = [];
    page.on('response', (response) => response.status() >= 400 && refused.push(`${response.status()} ${response.url()}`));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await expect(page.getByRole('button', {name: 'Sign in', exact: true})).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    // Nothing on it leads into the gated site.
    await expect(page.getByRole('link', {name: 'Tutorials'})).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
  });
});

test.describe('signing in', () => {
  test('with email and password lands on the deep link, query and hash included', async ({page, context}) => {
    await page.goto('/1.0/tutorial-basics/create-a-page?from=mail#create-your-first-react-page');
    await expect(page).toHaveURL(/\/login\?redirect=%2F1\.0%2Ftutorial-basics%2Fcreate-a-page%3Ffrom%3Dmail#create-your-first-react-page$/);
    await signInThroughLoginPage(page);
    await expect(page).toHaveURL(`${GATE_URL}/1.0/tutorial-basics/create-a-page?from=mail#create-your-first-react-page`);
    await expect(page.getByRole('heading', {level: 1, name: 'Create a Page'})).toBeVisible();
    const session = (await context.cookies()).find((cookie) => cookie.name === '__session');
    expect(session).toMatchObject({httpOnly: true, sameSite: 'Lax', path: '/'});
  });

  test('shows progress while the request is in flight, and ignores a second click', async ({page}) => {
    let sessionRequests = 0;
    page.on('request', (request) => request.url().endsWith('/api/session') && (sessionRequests += 1));
    await page.route(`http://${EMULATOR_HOST}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/login?redirect=%2F1.0%2Fintro');
    await page.getByLabel('Email').fill(DEMO_READER.email);
    await page.getByLabel('Password').fill(DEMO_READER.password);
    const button = page.getByRole('button', {name: 'Sign in', exact: true});
    await button.click();
    await expect(page.getByRole('button', {name: 'Signing in…'})).toBeDisabled();
    await page.getByRole('button', {name: 'Signing in…'}).click({force: true, timeout: 2_000}).catch(() => undefined);
    await expect(page).toHaveURL(`${GATE_URL}/1.0/intro`);
    expect(sessionRequests).toBe(1);
  });

  test('with a wrong password says so and stays on the login page', async ({page}) => {
    await page.goto('/login?redirect=%2F1.0%2Fintro');
    await signInThroughLoginPage(page, {password: 'not-the-password'});
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(page).toHaveURL(`${GATE_URL}/login?redirect=%2F1.0%2Fintro`);
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('with empty fields says what is missing, without asking the service', async ({page}) => {
    await page.goto('/login');
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your email address.');
    await page.getByLabel('Email').fill('reader@');
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a valid email address, such as reader@example.com.');
  });

  test('while the identity service is unreachable says so instead of hanging', async ({page}) => {
    await page.goto('/login');
    await expect(page.getByRole('button', {name: 'Sign in', exact: true})).toBeEnabled();
    await page.route(`http://${EMULATOR_HOST}/**`, (route) => route.abort('connectionrefused'));
    await signInThroughLoginPage(page);
    await expect(page.getByRole('alert')).toContainText('The sign-in service cannot be reached', {timeout: 20_000});
    await expect(page.getByRole('button', {name: 'Sign in', exact: true})).toBeEnabled();
  });

  for (const hostile of [
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(document.domain)',
    '%2F%2Fevil.example',
    '/\t/evil.example',
  ]) {
    test(`never follows a hostile redirect ${JSON.stringify(hostile)} off the site`, async ({page}) => {
      await page.goto(`/login?redirect=${encodeURIComponent(hostile)}`);
      await signInThroughLoginPage(page);
      await expect(page).toHaveURL(`${GATE_URL}/`);
      await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub'})).toBeVisible();
    });
  }
});

test.describe('accounts', () => {
  test('"Forgot password?" sends a reset link', async ({page}) => {
    await page.goto('/login');
    await page.getByRole('button', {name: 'Forgot password?'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'Reset your password'})).toBeVisible();
    await page.getByLabel('Email').fill(DEMO_READER.email);
    await page.getByRole('button', {name: 'Send reset link'}).click();
    await expect(page.getByRole('status').filter({hasText: 'reset'})).toHaveText(
      `If an account uses ${DEMO_READER.email}, a link to reset its password is on its way.`,
    );
  });
});

test.describe('a signed-in reader', () => {
  test('stays signed in across a reload and in a new tab', async ({page, context}) => {
    const reader = await newReader('reload');
    await page.goto('/1.0/intro');
    await signInThroughLoginPage(page, reader);
    await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
    const second = await context.newPage();
    await second.goto('/1.0/Collapsible');
    await expect(second.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
  });

  test('whose server session ended is signed back in silently by the login page', async ({page, context}) => {
    const reader = await newReader('renew');
    await page.goto('/login');
    await signInThroughLoginPage(page, reader);
    await expect(page).toHaveURL(`${GATE_URL}/`);
    // The server session is gone; Firebase in this browser still knows the reader.
    await context.clearCookies({name: '__session'});
    await page.goto('/1.0/test#tabs');
    await expect(page).toHaveURL(`${GATE_URL}/1.0/test#tabs`);
    await expect(page.getByRole('heading', {level: 1, name: 'Markdown Feature Test'})).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === '__session')).toBe(true);
  });

  test('signs out back to /login; the tab cannot go back, and assets are refused too', async ({page}) => {
    const reader = await newReader('sign-out');
    await page.goto('/1.0/Collapsible');
    await signInThroughLoginPage(page, reader);
    await expect(page.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
    const chunk = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .find((path) => /^\/assets\/js\/[0-9a-f]{8}\./.test(path)),
    );
    expect(chunk).toBeDefined();
    expect((await page.request.get(chunk!)).status()).toBe(200);
    // Signing out replaces the page it happens on: Back leads to the page before it.
    await page.goto('/1.0/intro');
    await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();

    await page.getByRole('button', {name: /Signed in as/}).click();
    await page.getByRole('button', {name: 'Sign out', exact: true}).click();
    await expect(page).toHaveURL(AT_LOGIN_AFTER_SIGN_OUT);

    await page.goBack();
    await expectSignedOutAt(page, '/1.0/Collapsible');
    await expect(page.getByText('accordionlike')).toHaveCount(0);
    expect((await page.request.get(chunk!)).status()).toBe(401);
    expect((await page.request.get('/search-index.json')).status()).toBe(401);
  });

  test('"Sign out everywhere" ends the session in another browser too', async ({page, browser}) => {
    const reader = await newReader('everywhere');
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await otherPage.goto('/1.0/intro');
    await signInThroughLoginPage(otherPage, reader);
    await expect(otherPage.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();

    await page.goto('/login');
    await signInThroughLoginPage(page, reader);
    await expect(page).toHaveURL(`${GATE_URL}/`);
    await page.getByRole('button', {name: /Signed in as/}).click();
    await page.getByRole('button', {name: 'Sign out everywhere'}).click();
    await expect(page).toHaveURL(AT_LOGIN_AFTER_SIGN_OUT);

    expect((await otherPage.request.get('/search-index.json')).status()).toBe(401);
    await otherPage.goto('/1.0/Collapsible');
    await expect(otherPage).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent('/1.0/Collapsible')}`));
    await elsewhere.close();
  });
});

test.describe('the login page on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('offers no menu button, since a signed-out visitor has no menu to open', async ({page}) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel(/^Switch between dark and light mode/).first()).toBeEnabled();
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toHaveCount(0);
  });
});
