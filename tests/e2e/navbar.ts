/**
 * The site's navbar as the specs find it: a page object, given to every test as the `navbar` fixture
 * (fixtures.ts), as Playwright's own tests do for the parts of a page many specs use.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {DEMO_READER_NAME} from './demoReader';

export class Navbar {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('navigation', {name: 'Main'});
  }

  /** The account menu's button: it joins the navbar once the page has hydrated and Firebase knows the reader. */
  get accountMenu(): Locator {
    return this.main.getByRole('button', {name: `Signed in as ${DEMO_READER_NAME}`});
  }

  get colorModeToggle(): Locator {
    return this.page.getByRole('button', {name: /^Switch between dark and light mode/});
  }

  /** Docusaurus enables the colour-mode toggle once React has hydrated the page: clicks work from then on. */
  async expectHydrated(): Promise<void> {
    await expect(this.page.getByLabel(/^Switch between dark and light mode/).first()).toBeEnabled();
  }

  /** The version dropdown whose trigger shows `current`, and the list it opens. */
  versionMenu(current: string): {trigger: Locator; menu: Locator} {
    const triggerRole = {name: current, exact: true};
    const trigger = this.main.getByRole('button', triggerRole);
    // `has` is relative to the dropdown: the trigger's locator from the page root, not from the navbar.
    const dropdown = this.main.locator('.dropdown').filter({has: this.page.getByRole('button', triggerRole)});
    return {trigger, menu: dropdown.getByRole('list')};
  }

  /**
   * The account menu is ready once the page has hydrated and Firebase knows the reader (its place in the
   * navbar is kept until then: navbar-stability.spec.ts).
   */
  async expectSettled(): Promise<void> {
    await expect(this.accountMenu).toBeVisible();
  }

  /**
   * Opens the version menu from the keyboard (Enter on its trigger), which keeps it open wherever
   * the pointer is: a menu opened by hover closes if the layout moves under the pointer before the
   * click lands.
   */
  async openVersionMenuByKeyboard(current: string): Promise<Locator> {
    const {trigger, menu} = this.versionMenu(current);
    await this.expectSettled();
    await trigger.focus();
    await trigger.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    return menu;
  }

  /** Signs the reader out from the account menu, here (`Sign out`) or everywhere, which the menu asks about once. */
  async signOut(item: 'Sign out' | 'Sign out everywhere' = 'Sign out'): Promise<void> {
    await this.page.getByRole('button', {name: /^Signed in as/}).click();
    await this.page.getByRole('button', {name: item, exact: true}).click();
    if (item === 'Sign out everywhere') await this.page.getByRole('button', {name: 'Yes, sign out everywhere'}).click();
  }
}
