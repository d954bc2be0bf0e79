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
  return signedIn(browser, origin, credentials, (context) => context.storageState({path: file, indexedDB: true}));
}

/** Signs in at `origin` in a context of its own, and returns what `keep` reads of it before the context closes. */
async function signedIn<T>(
  browser: Browser,
  origin: string,
  credentials: Credentials | undefined,
  keep: (context: BrowserContext, page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInFromLoginPage(page, origin, credentials);
    return await keep(context, page);
  } finally {
    await context.close();
  }
}

/** What a new context needs to open as a returning reader: the session cookie, and the origin's storage as `localStorage` items. */
export interface ReaderSeed {
  origin: string;
  cookies: StorageState['cookies'];
  items: {name: string; value: string}[];
}

/**
 * Signs in at `origin` as signedInState does, and keeps the origin's storage as `localStorage` items:
 * Firebase's user with them, which Firebase reads from `localStorage` too and moves to IndexedDB (its
 * persistences are `[indexedDB, local]`, src/auth/firebase.ts). A context seeded with seedReaderStorage
 * needs no page of its own to restore IndexedDB, which a storage state with origins costs every new
 * context in Playwright (about 0.4 s of CPU here: bench/HISTORY.md, eleventh session).
 */
export async function signedInSeed(browser: Browser, origin: string, credentials?: Credentials): Promise<ReaderSeed> {
  const seed = await signedIn(browser, origin, credentials, async (context, page) => ({
    origin,
    cookies: (await context.storageState()).cookies,
    items: await page.evaluate(originStorage),
  }));
  if (!seed.items.some(({name}) => name.startsWith('firebase:authUser:')))
    throw new Error(`Firebase kept no user at ${origin} after signing in`);
  return seed;
}

/** Runs in the page: its `localStorage`, and Firebase's IndexedDB records as the items its `localStorage` persistence writes. */
async function originStorage(): Promise<ReaderSeed['items']> {
  const firebaseRecords = await new Promise<{fbase_key: string; value: unknown}[]>((resolve, reject) => {
    const opening = indexedDB.open('firebaseLocalStorageDb');
    opening.onerror = () => reject(opening.error ?? new Error('Firebase keeps no IndexedDB here'));
    opening.onsuccess = () => {
      const db = opening.result;
      const reading = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
      reading.onsuccess = () => {
        db.close();
        resolve(reading.result as {fbase_key: string; value: unknown}[]);
      };
      reading.onerror = () => reject(reading.error ?? new Error('Firebase keeps no user here'));
    };
  });
  return [
    ...Object.entries(localStorage).map(([name, value]) => ({name, value})),
    ...firebaseRecords.map((record) => ({name: record.fbase_key, value: JSON.stringify(record.value)})),
  ];
}

/**
 * Runs before the page's own scripts (`context.addInitScript`): writes the seed's items into the seed's
 * origin once, until its storage is cleared (a new context, or a reset tab: tests/e2e/openTabs.ts), so
 * that signing out in a test stays signed out on its next page.
 */
export function seedReaderStorage({origin, items}: Pick<ReaderSeed, 'origin' | 'items'>): void {
  const SEEDED = 'tutorial-hub-tests:seeded';
  if (window.location.origin !== origin || window.localStorage.getItem(SEEDED) !== null) return;
  for (const {name, value} of items) window.localStorage.setItem(name, value);
  window.localStorage.setItem(SEEDED, '1');
}
