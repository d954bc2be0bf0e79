/**
 * The tab a worker hands from one test to the next (openTabs.ts) keeps nothing of the earlier test but
 * the browser's cache, and a tab a test changed in a way no reset undoes is not handed on: tests in a
 * row on the same worker, on the gate's liveness page (no script of the site).
 */
import type {Page} from '@playwright/test';
import {LIVENESS_PATH} from '../../../contracts/paths';
import {expect, signedOutTest as test} from '../fixtureSite';

test.describe.configure({mode: 'serial'});

const LEFT_BEHIND = 'left-behind';

/** What the origin holds for the page: its storage, its IndexedDB databases and its cookies. */
async function originState(page: Page) {
  return {
    local: await page.evaluate(() => Object.keys(window.localStorage)),
    session: await page.evaluate(() => Object.keys(window.sessionStorage)),
    databases: await page.evaluate(async () => (await indexedDB.databases()).map(({name}) => name)),
    cookies: (await page.context().cookies()).map(({name}) => name),
  };
}

let firstTab: unknown;
/** What a listener the first test leaves on its tab hears. */
const heardByLeftListener: string[] = [];

test('a test leaves storage, a database, a cookie, a route, a listener, dark mode and a phone viewport behind', async ({
  page,
  context,
  siteGate,
}) => {
  await page.goto(LIVENESS_PATH);
  await page.evaluate(async (name) => {
    window.localStorage.setItem(name, '1');
    window.sessionStorage.setItem(name, '1');
    await new Promise((resolve, reject) => Object.assign(indexedDB.open(name), {onsuccess: resolve, onerror: reject}));
  }, LEFT_BEHIND);
  await context.addCookies([{name: LEFT_BEHIND, value: '1', url: siteGate.origin}]);
  await page.route('**/healthz', (route) => route.fulfill({json: {status: LEFT_BEHIND}}));
  page.on('request', (request) => heardByLeftListener.push(request.url()));
  await page.emulateMedia({colorScheme: 'dark'});
  await page.setViewportSize({width: 375, height: 667});
  expect(await originState(page)).toEqual({local: [LEFT_BEHIND], session: [LEFT_BEHIND], databases: [LEFT_BEHIND], cookies: [LEFT_BEHIND]});
  firstTab = page;
});

test('the next test gets the same tab with none of it', async ({page}) => {
  expect(page === firstTab, 'the tab handed on').toBe(true);
  await page.goto(LIVENESS_PATH);
  await expect(page.locator('body')).toHaveText('{"status":"ok"}');
  expect(await originState(page)).toEqual({local: [], session: [], databases: [], cookies: []});
  expect(heardByLeftListener).toEqual([]);
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
  expect(page.viewportSize()).toEqual(test.info().project.use.viewport);
});

let scriptedTab: unknown;

test('a test adds a script to every page it opens', async ({page}) => {
  await page.addInitScript(() => Object.assign(window, {leftBehind: true}));
  await page.goto(LIVENESS_PATH);
  expect(await page.evaluate(() => 'leftBehind' in window)).toBe(true);
  scriptedTab = page;
});

test('the next test gets the same tab, without the script', async ({page}) => {
  expect(page === scriptedTab, 'the tab handed on').toBe(true);
  await page.goto(LIVENESS_PATH);
  expect(await page.evaluate(() => 'leftBehind' in window)).toBe(false);
});

let headedTab: unknown;

test('a test sends a header of its own with every request', async ({page}) => {
  await page.setExtraHTTPHeaders({'x-left-behind': '1'});
  headedTab = page;
});

test('the next test gets a new tab', async ({page}) => {
  expect(page === headedTab, 'the tab handed on').toBe(false);
  const sent = page.waitForRequest(`**${LIVENESS_PATH}`);
  await page.goto(LIVENESS_PATH);
  expect((await sent).headers()['x-left-behind']).toBeUndefined();
});
