/** How search gets its index: early, without dropping a query typed at once, and from any spelling of a version. */
import {OUTLINE_INDEX, WHOLE_INDEX} from '../../../shared/searchIndexFiles';
import {searchFromNavbar} from '../../support/search';
import {expect, test} from '../fixtures';

test('a page fetches its version index while idle, before any interaction', async ({page}) => {
  const index = page.waitForResponse((response) => new URL(response.url()).pathname === `/1.0/${OUTLINE_INDEX}`);
  await page.goto('/1.0/intro');
  expect((await index).status()).toBe(200);
});

test('outside every section, the box answers from titles and headings at once, then from the whole text', async ({page}) => {
  // Hold the version's whole index back (context.route also sees the search worker's requests).
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.context().route(
    (url) => url.pathname === `/1.0/${WHOLE_INDEX}`,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto('/1.0/intro');
  const suggestions = await searchFromNavbar(page, 'collapsible');
  await expect(suggestions.getByRole('option', {name: /How collapsible sections work/})).toBeVisible();
  // A match in a page's text only, for the same query, comes with the whole index.
  const inText = suggestions.getByRole('option', {name: /Continue with Collapsible Sections/});
  await expect(inText).toHaveCount(0);
  release();
  await expect(inText).toBeVisible();
});

test('a query typed as soon as the page shows is answered', async ({page}) => {
  await page.goto('/1.0/tutorial-intro');
  const box = page.getByRole('textbox', {name: 'Search'}).or(page.getByRole('combobox', {name: 'Search'}));
  await box.pressSequentially('accordionlike');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Collapsible Sections');
});

test('a slow connection does not fetch the index until the reader reaches for the box', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {value: {effectiveType: '2g', saveData: false}});
  });
  const fetched: string[] = [];
  page.on('request', (request) => request.url().includes('search-index') && fetched.push(request.url()));
  await page.goto('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  expect(fetched).toEqual([]);
  await page.getByRole('textbox', {name: 'Search'}).focus();
  await expect.poll(() => fetched.length).toBe(1);
});

test('the search page accepts a version written without its trailing slash', async ({page}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/search?q=accordionlike&version=1.0');
  await expect(page.getByRole('heading', {level: 2, name: 'How collapsible sections work'})).toBeVisible();
  expect(errors).toEqual([]);
});

test('arriving from a search result does not open the suggestions by itself', async ({page}) => {
  await page.goto('/1.0/Collapsible?_highlight=accordionlike');
  await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
  await expect(page.locator('input.navbar__search-input')).toHaveAttribute('role', 'combobox');
  await expect(page.getByRole('listbox')).toBeHidden();
});

test('keys typed before the page is interactive are kept and searched', async ({page}) => {
  // Hold the app's main script back, so the keys come before React has hydrated.
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/1.0/tutorial-intro', {waitUntil: 'commit'});
  const box = page.locator('input.navbar__search-input');
  await box.pressSequentially('accordionlike');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Collapsible Sections');
  await expect(box).toHaveValue('accordionlike');
});
