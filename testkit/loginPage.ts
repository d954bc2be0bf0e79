/** The login page as a reader uses it, for the browser tests and the benchmarks that sign in. */
import type {Browser, BrowserContext, Page} from '@playwright/test';
import {DEMO_READER} from '../contracts/demoReader';

type Credentials = {email?: string; password?: string};
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Fills in the email and password form and submits it once the page has hydrated: a click before then
 * is lost (React sends the form, and has not taken it over yet).
 */
export async function signInThroughLoginPage(page: Page, {email = DEMO_READER.email, password = DEMO_READER.password}: Credentials = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
}

/** Opens `origin`'s /login, signs in, and waits for the home page it leads to. */
export async function signInFromLoginPage(page: Page, origin: string, credentials?: Credentials): Promise<void> {
  await page.goto(`${origin}/login`);
  await signInThroughLoginPage(page, credentials);
  await page.waitForURL(`${origin}/`, {timeout: 30_000});
}

/**
 * Signs the demo reader (or the reader of `credentials`) in at `origin` once and keeps the cookie and
 * Firebase's IndexedDB (Firebase keeps a state per origin), written to `file` when given: a context made
 * from it is a returning reader.
 */
export async function signedInState(browser: Browser, origin: string, file?: string, credentials?: Credentials): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    await signInFromLoginPage(await context.newPage(), origin, credentials);
    return await context.storageState({path: file, indexedDB: true});
  } finally {
    await context.close();
  }
}
