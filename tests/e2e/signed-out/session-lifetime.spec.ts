/** A signed-in reader's session: it lasts across reloads and tabs, and the login page renews it. */
import {signInAt} from '../fixtures';
import {expect, signedOutTest as test} from '../fixtureSite';

test('lasts across a reload and into a new tab', async ({page, context, reader}) => {
  await signInAt(page, '/1.0/intro', reader);
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  const second = await context.newPage();
  await second.goto('/1.0/Collapsible');
  await expect(second.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
});

test('once the server session ended, the login page signs the reader back in silently', async ({page, context, reader}) => {
  await signInAt(page, '/', reader);
  // The server session is gone; Firebase in this browser still knows the reader. The page is left
  // first: its prefetches of chunks would otherwise race the cookie's removal and be refused.
  await page.goto('about:blank');
  await context.clearCookies({name: '__session'});
  await page.goto('/1.0/test#tabs');
  await expect(page).toHaveURL('/1.0/test#tabs');
  await expect(page.getByRole('heading', {level: 1, name: 'Markdown Feature Test'})).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('__session');
});

test('a signed-in reader who opens /login is sent on to the page it names', async ({page, reader}) => {
  await signInAt(page, '/', reader);
  await page.goto('/login?redirect=%2F1.0%2FCollapsible#how-collapsible-sections-work');
  await expect(page).toHaveURL('/1.0/Collapsible#how-collapsible-sections-work');
  await expect(page.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
});
