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
