/** The account menu of a reader of this spec's own: its keyboard, and an address too long for the navbar. */
import {expect, signedOutTest as test} from '../fixtureSite';
import {openSignedIn} from '../loginPage';
import type {Locator} from '@playwright/test';
import {emulator, uniqueEmail} from '../../support/emulator';

async function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth > node.clientWidth);
}

// Signed in without the form (openSignedIn): these tests are about the menu, not the login page.

test("Escape closes the menu and takes focus back to its button; focus tabbing out closes it, as the navbar's other menus do", async ({
  page,
  reader,
}) => {
  await openSignedIn(page, reader, '/1.0/intro');
  const button = page.getByRole('button', {name: `Signed in as ${reader.email}`});
  const everywhere = page.getByRole('button', {name: 'Sign out everywhere'});
  /** Opens the menu and puts focus on its last item. */
  const focusInMenu = async () => {
    await button.click();
    await everywhere.focus();
    await expect(everywhere).toBeFocused();
  };

  await test.step('Escape', async () => {
    await focusInMenu();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(everywhere).toBeHidden();
    await expect(button).toBeFocused();
  });

  await test.step('Tab out of the menu', async () => {
    await focusInMenu();
    await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(everywhere).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('an account named by its address shows the address once', async ({page, reader, navbar}) => {
    await openSignedIn(page, reader, '/1.0/intro');
    await navbar.expectHydrated();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await menu.getByRole('button', {name: '← Back to main menu'}).click();
    await expect(menu.getByText(`Signed in as ${reader.email}`, {exact: true})).toBeInViewport();
    await expect(menu.getByText(reader.email)).toHaveCount(1);
    await expect(menu.getByRole('button', {name: 'Sign out', exact: true})).toBeVisible();
  });
});

test.describe('a reader with a long address, on the narrowest desktop navbar with larger text', () => {
  test.use({viewport: {width: 997, height: 800}});

  test('sees the brand whole, the address in a tooltip and whole in the menu', async ({page}) => {
    const account = await emulator.newAccount(uniqueEmail('a-reader-whose-address-is-far-longer-than-the-navbar-has-room-for'));
    await openSignedIn(page, account, '/1.0/intro');
    // A reader's larger default text size: the navbar has less room than at the browser's 16 px.
    await page.addStyleTag({content: 'html { font-size: 112.5% !important; }'});
    const button = page.getByRole('button', {name: `Signed in as ${account.email}`});
    await expect(button).toBeVisible();

    await expect(page.locator('.navbar__title')).toHaveText('Tutorial Hub');
    expect(await isCut(page.locator('.navbar__title')), 'the brand title is cut').toBe(false);
    await expect(button).toHaveAttribute('title', account.email);

    await button.click();
    const address = page.locator('.dropdown__menu').getByText(account.email, {exact: true});
    await expect(address).toBeVisible();
    expect(await isCut(address), 'the address in the menu is cut').toBe(false);
    await expect(address).toBeInViewport({ratio: 1});
  });
});
