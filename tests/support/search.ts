import {expect, type Locator, type Page} from '@playwright/test';

/**
 * Types into the navbar search box once it is ready: autocomplete.js makes the input a combobox
 * when the version's index has loaded (a query typed before that is not run by the plugin).
 */
export async function searchFromNavbar(page: Page, query: string): Promise<Locator> {
  const box = page.locator('input.navbar__search-input');
  await box.focus();
  await expect(box).toHaveAttribute('role', 'combobox');
  await box.fill(query);
  return page.getByRole('listbox');
}
