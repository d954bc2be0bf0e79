/** The account menu of a reader of this spec's own: its keyboard, an address too long for the navbar, and on a phone. */
import {expect, signedOutTest as test} from '../fixtureSite';
import {openSignedIn} from '../loginPage';
import type {Locator} from '@playwright/test';
import {emulator, uniqueEmail} from '../../support/emulator';

async function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth > node.clientWidth);
}

// The narrowest desktop navbar: one pixel wider and the address has more room, one narrower and the navbar is a phone's.
test.use({viewport: {width: 997, height: 800}});

// One page for every point, signed in without the form (openSignedIn): they are about the menu, not the login page.
test('the account menu: its keyboard, a long address on the narrowest desktop navbar with larger text, and on a phone', async ({
  page,
  navbar,
}) => {
  const account = await emulator.newAccount(uniqueEmail('a-reader-whose-address-is-far-longer-than-the-navbar-has-room-for'));
  await openSignedIn(page, account, '/1.0/intro');
  await navbar.expectHydrated();
  const button = page.getByRole('button', {name: `Signed in as ${account.email}`});

  await test.step("Escape closes the menu and takes focus back to its button; focus tabbing out closes it, as the navbar's other menus do", async () => {
    const everywhere = page.getByRole('button', {name: 'Sign out everywhere'});
    /** Opens the menu and puts focus on its last item. */
    const focusInMenu = async () => {
      await button.click();
      await everywhere.focus();
      await expect(everywhere).toBeFocused();
    };

    await focusInMenu();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(everywhere).toBeHidden();
    await expect(button).toBeFocused();

    await focusInMenu();
    await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(everywhere).toBeHidden();

    // "Sign out everywhere" asks in the menu; a menu closed while it asks shows its items when opened again.
    await focusInMenu();
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('button', {name: 'Cancel'});
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(cancel).toBeHidden();
    await button.click();
    await expect(everywhere).toBeVisible();
    await expect(cancel).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('with larger text, the brand is whole, the address in a tooltip and whole in the menu', async () => {
    // A reader's larger default text size: the navbar has less room than at the browser's 16 px.
    const largerText = await page.addStyleTag({content: 'html { font-size: 112.5% !important; }'});
    await expect(button).toBeVisible();

    await expect(page.locator('.navbar__title')).toHaveText('Tutorial Hub');
    expect(await isCut(page.locator('.navbar__title')), 'the brand title is cut').toBe(false);
    await expect(button).toHaveAttribute('title', account.email);

    await button.click();
    const address = page.locator('.dropdown__menu').getByText(account.email, {exact: true});
    await expect(address).toBeVisible();
    expect(await isCut(address), 'the address in the menu is cut').toBe(false);
    await expect(address).toBeInViewport({ratio: 1});
    await page.keyboard.press('Escape');
    await largerText.evaluate((style: HTMLStyleElement) => style.remove());
  });

  await test.step('on a phone, an account named by its address shows the address once', async () => {
    await page.setViewportSize({width: 390, height: 844});
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await menu.getByRole('button', {name: '← Back to main menu'}).click();
    await expect(menu.getByText(`Signed in as ${account.email}`, {exact: true})).toBeInViewport();
    await expect(menu.getByText(account.email)).toHaveCount(1);
    await expect(menu.getByRole('button', {name: 'Sign out', exact: true})).toBeVisible();
  });
});
