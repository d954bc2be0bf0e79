/**
 * Signing in while the identity service is unreachable from the gate (the browser still reaches
 * Firebase): the login page says so, keeps what the reader typed, and the retry works once the
 * service is back. The gate of this spec talks to the emulator through a proxy the test cuts.
 */
import {expect, FIXTURE_SITE_BUILD_ROOT, signedOutTest as test} from '../fixtureSite';
import {startTestGateProcess, type GateProcess} from '../../support/gateProcess';
import {startTcpProxy, type TcpProxy} from '../../support/tcpProxy';
import {EMULATOR_HOST} from '../../support/environment';
import {newReader} from '../../support/reader';
import {sessionCookieClaims, unsignedJwt} from '../../support/emulator';
import {blockingViolations, describeViolations} from '../../support/axe';
import {LOGIN_SITE_NAME} from '../loginPage';
import site from '../../../site.config';

let proxy: TcpProxy;
let gate: GateProcess;

// This gate's CSP allows the emulator address it was given (the proxy), while the built page talks
// to the emulator itself: in production both are Firebase. Only the topology of the test differs.
test.use({bypassCSP: true, expectedErrors: /status of 503 .*\/(?:api\/session|1\.0\/intro)\)$/});

test.beforeAll(async () => {
  proxy = await startTcpProxy(EMULATOR_HOST);
  gate = await startTestGateProcess({
    BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
    FIREBASE_AUTH_EMULATOR_HOST: proxy.address,
    IDENTITY_TIMEOUT_SECONDS: '1',
  });
});
test.afterAll(async () => {
  await gate?.close();
  await proxy?.close();
});

test('a sign-in during an outage is told the sign-in service cannot be reached, and can retry', async ({page, loginPage}) => {
  const reader = await newReader('outage');
  await page.goto(`${gate.origin}/login?redirect=%2F1.0%2Fintro`);
  await loginPage.email.fill(reader.email);
  await loginPage.password.fill(reader.password);
  proxy.cut();
  await loginPage.signInButton.click();
  await expect(page.getByRole('alert')).toHaveText('The sign-in service cannot be reached right now. Try again in a moment.');
  // What the reader typed is still there: signing in again is one click.
  await expect(loginPage.email).toHaveValue(reader.email);
  await expect(loginPage.password).toHaveValue(reader.password);

  proxy.restore();
  await loginPage.signInButton.click();
  await expect(page).toHaveURL(`${gate.origin}/1.0/intro`);
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
});

test('the page a reader then gets is in the site’s chrome, in the reader’s colour mode, and accessible', async ({page, context}) => {
  // A session the gate never verified cannot be judged during the outage.
  await context.addCookies([{name: '__session', value: unsignedJwt(sessionCookieClaims()), url: gate.origin}]);
  proxy.cut();
  try {
    for (const scheme of ['light', 'dark'] as const) {
      // The page has no app to follow a later change: the mode is the one it opens in.
      await page.emulateMedia({colorScheme: scheme});
      const response = await page.goto(`${gate.origin}/1.0/intro`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', {level: 1, name: 'The sign-in service cannot be reached'})).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: LOGIN_SITE_NAME})).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // The announcement bar, when the site has one (site.config.ts).
      await expect(page.getByRole('banner')).toHaveCount(site.announcement === null ? 0 : 1);
      const violations = await blockingViolations(page, scheme);
      expect(
        violations.map((violation) => violation.id),
        `${scheme} mode:\n${describeViolations(violations)}`,
      ).toEqual([]);
    }
  } finally {
    proxy.restore();
  }
});
