/** Debian's Chromium through Playwright, as the tests drive it, and a signed-in reader's browser state. */
import {chromium, type Browser, type BrowserContext} from '@playwright/test';
import {chromiumLaunchOptions} from '../../testkit/chromium';
import {signInThroughLoginPage} from '../../testkit/loginPage';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * Signs the demo reader in through /login once and keeps the cookie and Firebase's IndexedDB:
 * a context made from it is a returning reader, whose page loads are plain signed-in visits.
 */
export async function signedInState(browser: Browser, origin: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await signInThroughLoginPage(page);
    await page.waitForURL(`${origin}/`, {timeout: 30_000});
    return await context.storageState({indexedDB: true});
  } finally {
    await context.close();
  }
}
