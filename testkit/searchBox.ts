/** The navbar's search box (src/theme/SearchBar) as the browser tests and the benchmarks find and read it. */
import type {Locator, Page} from '@playwright/test';

/** The box's container in the main navbar, for code that runs in the page. */
export const BOX_CONTAINER = 'nav.navbar .navbar__search';

/** The navbar's search box and its popup (suggestions, the status line, the footer's links). */
export function navbarSearch(page: Page): {box: Locator; popup: Locator} {
  const container = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__search');
  return {box: container.getByRole('combobox', {name: 'Search'}), popup: container};
}

/**
 * What the box's status line says once the current query has its answer (suggestions, none, or a
 * failure). While a query is pending it says "Searching…", or nothing when an earlier list is shown.
 */
export const ANSWERED = /^(\d+ of \d+ results?\.|No results in |Search is unavailable)/;
