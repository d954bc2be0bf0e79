/**
 * The navbar's search box as the specs use it: a page object, given to every test as the `searchBox`
 * fixture (fixtures.ts). How to find the box and read its answer is testkit/searchBox.ts's, which the
 * benchmarks share.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {ANSWERED, navbarSearch} from '../../testkit/searchBox';

export class SearchBox {
  constructor(readonly page: Page) {}

  /** The box itself (a combobox). */
  get box(): Locator {
    return navbarSearch(this.page).box;
  }

  /** What holds its answer: the suggestions, the status line, the footer's links. */
  get popup(): Locator {
    return navbarSearch(this.page).popup;
  }

  /** Types a query into the box; resolves with the popup once it shows this query's answer. */
  async search(query: string): Promise<Locator> {
    await this.box.fill(query);
    await expect(this.box).toHaveAttribute('aria-busy', 'false');
    // The status is the answer's own: a list still shown for the previous query says nothing.
    await expect(this.popup.getByRole('status')).toHaveText(ANSWERED);
    return this.popup;
  }
}
