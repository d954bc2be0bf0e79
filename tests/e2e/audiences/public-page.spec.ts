/**
 * A public page, with public pages on, read by a visitor who is not signed in: the page and the site's
 * chrome without what leads to the pages for readers, a "Sign in" link back to it, and search over the
 * public pages only.
 */
import {expect, test} from './audienceSite';

test('a visitor reads a public page, searches the public pages only, and signs in from it to come back to it', async ({
  page,
  navbar,
  searchBox,
}) => {
  await page.goto('/docs/public-preview');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('A preview for everyone');
  const signIn = navbar.main.getByRole('link', {name: 'Sign in'});
  await expect(signIn).toBeVisible();
  await expect(navbar.main.getByRole('link', {name: 'Tutorials'})).toHaveCount(0);
  await expect(navbar.main.getByRole('button', {name: /3\.0/})).toHaveCount(0);
  // The links into the pages for readers are the author's words only.
  await expect(page.locator('article').getByRole('link', {name: 'introduction'})).toHaveCount(0);

  const popup = await searchBox.search('preview');
  await expect(popup.getByRole('option').first()).toContainText('A preview for everyone');
  await expect(popup.getByRole('option', {name: /Chapter 1/})).toHaveCount(0);

  await signIn.click();
  await expect(page).toHaveURL('/login?redirect=%2Fdocs%2Fpublic-preview');
});

test('a visitor sent to a page for readers signs in first, as without public pages', async ({page}) => {
  await page.goto('/docs/chapter-1-introduction');
  await expect(page).toHaveURL('/login?redirect=%2Fdocs%2Fchapter-1-introduction');
});
