/** The login page as it loads: nothing a visitor may aim at moves, from its first paint to its last answer. */
import {expect, signedOutTest as test} from '../fixtureSite';
import {watchLayoutShifts} from '../layoutShifts';

test('nothing on the login page moves while it loads: the brand, the form and its switches', async ({page}) => {
  const layoutShifts = await watchLayoutShifts(page);
  // The logo arrives last, as on a slow network: its place must be kept from the first paint.
  let logoArrives!: () => void;
  const logoHeld = new Promise<void>((resolve) => (logoArrives = resolve));
  await page.route('**/img/logo.svg', async (route) => {
    await logoHeld;
    await route.continue();
  });

  await page.goto('/login', {waitUntil: 'commit'});
  // The gate's answer adds "Create an account" once the page has hydrated.
  await expect(page.getByRole('button', {name: 'Create an account'})).toBeVisible();
  logoArrives();
  await expect.poll(() => page.locator('.navbar__logo img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await layoutShifts()).toEqual([]);
});
