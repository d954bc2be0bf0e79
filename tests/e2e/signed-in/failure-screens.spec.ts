/**
 * What a signed-in reader sees when a page cannot be shown: the site's chrome around a screen that
 * says what happened, with a button that tries again and works once the cause is gone.
 */
import {expect, test} from '../fixtureSite';
import type {Page} from '@playwright/test';
import type {Navbar} from '../navbar';
import {abortSignInCodeOnce, blockPageChunks, CHUNK_FAILURE_ERRORS, throwFromFirstResizeObserver} from '../failures';

async function expectChrome(page: Page, navbar: Navbar): Promise<void> {
  await expect(navbar.main).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('main')).toHaveCount(1);
}

// Before the reload of the link's step, the running page's own prefetches of the link's chunks fail too, unhandled
// by Docusaurus: the guard lets them pass, and the walk itself fails on an unhandled error at any other step.
test.use({expectedErrors: new RegExp(`${CHUNK_FAILURE_ERRORS.source}|page error: Loading chunk \\S+ failed`)});

// One reader's walk, a load for each failure: each is met as a page starts, but the link's, which starts where
// the first one's "Retry" ended.
test('a page that cannot be shown says why inside the chrome, and its button recovers once the cause is gone', async ({page, navbar}) => {
  const unhandled: string[] = [];
  page.on('pageerror', (error) => unhandled.push(error.message));
  const main = page.getByRole('main');
  const unblock = await blockPageChunks(page);

  await test.step('a page whose code cannot be loaded says so inside the chrome, and "Retry" loads it', async () => {
    expect((await page.goto('/1.0/intro'))?.status()).toBe(200);
    await expect(main.getByRole('heading', {level: 1})).toHaveText('This page could not be loaded');
    await expect(main).toContainText('Check your connection, then retry.');
    // The error's own words, not a stack.
    await expect(main).toContainText(/Loading chunk \S+ failed/);
    await expect(main).not.toContainText(/\bat \S+ \(/);
    await expect(page).toHaveTitle('This page could not be loaded | Tutorial Hub');
    await expectChrome(page, navbar);

    await unblock();
    await main.getByRole('button', {name: 'Retry'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Introduction to Tutorial Hub 1.0');
    await expect(navbar.accountMenu).toBeVisible();
    expect(unhandled, 'errors the page did not handle').toEqual([]);
  });

  await test.step('a link to a page whose code cannot be loaded ends on the same screen (Docusaurus reloads the page once)', async () => {
    await navbar.expectHydrated();
    const unblockLink = await blockPageChunks(page);
    await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Collapsible Sections'}).click();
    await expect(page).toHaveURL('/1.0/Collapsible');
    await expect(main.getByRole('heading', {level: 1})).toHaveText('This page could not be loaded');
    await expectChrome(page, navbar);
    await unblockLink();
    unhandled.length = 0;
  });

  await test.step('when the sign-in code fails to load, the page says so inside the chrome, and "Try again" recovers', async () => {
    await abortSignInCodeOnce(page);
    await page.goto('/1.0/intro');
    await expect(main.getByRole('heading', {level: 1})).toHaveText('This page cannot be shown right now');
    await expect(main).toContainText('The sign-in code could not be loaded. Check your connection and try again.');
    await expectChrome(page, navbar);

    await main.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Introduction to Tutorial Hub 1.0');
    await expect(navbar.accountMenu).toBeVisible();
  });

  await test.step('a page that crashes shows the crash inside the chrome, its error readable, and "Try again" renders it again', async () => {
    await throwFromFirstResizeObserver(page);
    await page.goto('/1.0/test');
    await expect(main.getByRole('heading', {level: 1})).toHaveText('This page crashed');
    await expect(main.getByText('Measuring the table failed')).toBeVisible();
    await expectChrome(page, navbar);

    await main.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Markdown Feature Test');
  });
  expect(unhandled, 'errors the page did not handle').toEqual([]);
});
