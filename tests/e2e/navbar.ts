/** The site's navbar as the signed-in specs find it. */
import {expect, type Locator, type Page} from '@playwright/test';
import {DEMO_READER_NAME} from './readerState';

export function mainNavbar(page: Page): Locator {
  return page.getByRole('navigation', {name: 'Main'});
}

/** The account menu's button: it joins the navbar once the page has hydrated and Firebase knows the reader. */
export function accountMenu(page: Page): Locator {
  return mainNavbar(page).getByRole('button', {name: `Signed in as ${DEMO_READER_NAME}`});
}

export function colorModeToggle(page: Page): Locator {
  return page.getByRole('button', {name: /^Switch between dark and light mode/});
}

/** Docusaurus enables the colour-mode toggle once React has hydrated the page: clicks work from then on. */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.getByLabel(/^Switch between dark and light mode/).first()).toBeEnabled();
}

/** The version dropdown whose trigger shows `current`, and the list it opens. */
export function versionMenu(page: Page, current: string): {trigger: Locator; menu: Locator} {
  const triggerRole = {name: current, exact: true};
  const trigger = mainNavbar(page).getByRole('button', triggerRole);
  // `has` is relative to the dropdown: the trigger's locator from the page root, not from the navbar.
  const dropdown = mainNavbar(page)
    .locator('.dropdown')
    .filter({has: page.getByRole('button', triggerRole)});
  return {trigger, menu: dropdown.getByRole('list')};
}

/**
 * The account menu is ready once the page has hydrated and Firebase knows the reader (its place in the
 * navbar is kept until then: navbar-stability.spec.ts).
 */
export async function expectNavbarSettled(page: Page): Promise<void> {
  await expect(accountMenu(page)).toBeVisible();
}

/**
 * Opens the version menu from the keyboard (Enter on its trigger), which keeps it open wherever
 * the pointer is: a menu opened by hover closes if the layout moves under the pointer before the
 * click lands.
 */
export async function openVersionMenuByKeyboard(page: Page, current: string): Promise<Locator> {
  const {trigger, menu} = versionMenu(page, current);
  await expectNavbarSettled(page);
  await trigger.focus();
  await trigger.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return menu;
}

/** Signs the reader out from the account menu, here (`Sign out`) or everywhere. */
export async function signOutFromMenu(page: Page, item: 'Sign out' | 'Sign out everywhere' = 'Sign out'): Promise<void> {
  await page.getByRole('button', {name: /^Signed in as/}).click();
  await page.getByRole('button', {name: item, exact: true}).click();
}
