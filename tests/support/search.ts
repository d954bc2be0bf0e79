import {expect, type Locator, type Page} from '@playwright/test';

/** The navbar's search box and its popup (suggestions, the status line, the footer's links). */
export function navbarSearch(page: Page): {box: Locator; popup: Locator} {
  const container = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__search');
  return {box: container.getByRole('combobox', {name: 'Search'}), popup: container};
}

/** Types a query into the navbar search box; returns what holds its answer (the suggestions, "No results", the footer). */
export async function searchFromNavbar(page: Page, query: string): Promise<Locator> {
  const {box, popup} = navbarSearch(page);
  await box.fill(query);
  await expect(box).toHaveAttribute('aria-busy', 'false');
  return popup;
}
