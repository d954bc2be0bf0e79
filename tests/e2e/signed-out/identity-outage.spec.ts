/**
 * Signing in while the identity service is unreachable from the gate (the browser still reaches
 * Firebase): the login page says so, keeps what the reader typed, and the retry works once the
 * service is back. The gate of this spec talks to the emulator through a proxy the test cuts.
 */
import {expect, test} from '../fixtures';
import {startGateProcess, type GateProcess} from '../../support/gateProcess';
import {startTcpProxy, type TcpProxy} from '../../support/tcpProxy';
import {EMULATOR_HOST} from '../../support/environment';
import {newReader} from '../../support/reader';

let proxy: TcpProxy;
let gate: GateProcess;

// This gate's CSP allows the emulator address it was given (the proxy), while the built page talks
// to the emulator itself: in production both are Firebase. Only the topology of the test differs.
test.use({bypassCSP: true, expectedErrors: /status of 503 .*\/api\/session\)$/});

test.beforeAll(async () => {
  proxy = await startTcpProxy(EMULATOR_HOST);
  gate = await startGateProcess({FIREBASE_AUTH_EMULATOR_HOST: proxy.address, IDENTITY_TIMEOUT_SECONDS: '1'});
});
test.afterAll(async () => {
  await gate?.close();
  await proxy?.close();
});

test('a sign-in during an outage is told the sign-in service cannot be reached, and can retry', async ({page}) => {
  const reader = await newReader('outage');
  await page.goto(`${gate.origin}/login?redirect=%2F1.0%2Fintro`);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  proxy.cut();
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
  await expect(page.getByRole('alert')).toHaveText('The sign-in service cannot be reached right now. Try again in a moment.');
  await expect(page.getByLabel('Email')).toHaveValue(reader.email);

  proxy.restore();
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
  await expect(page).toHaveURL(`${gate.origin}/1.0/intro`);
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
});
