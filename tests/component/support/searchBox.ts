/** The navbar's search box as the component tests use it: found by its role, read by what it says. */
import {screen, waitFor, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {expect} from 'vitest';
import {ANSWERED} from '../../../testkit/searchBox';

export const searchField = (): HTMLElement => screen.getByRole('combobox', {name: 'Search'});

/** The box and its popup (suggestions, status line, footer), as a reader's eye takes them in. */
export const searchPopup = () => within(searchField().closest<HTMLElement>('.navbar__search')!);

/**
 * Puts `query` into the emptied box at once, as a paste or the browser tests' `fill` does (one query, not one a key);
 * resolves with the popup once it shows this query's answer.
 */
export async function searchFor(user: UserEvent, query: string) {
  const field = searchField();
  await user.clear(field);
  await user.paste(query);
  await waitFor(() => {
    expect(field).toHaveAttribute('aria-busy', 'false');
    expect(searchPopup().getByRole('status')).toHaveTextContent(ANSWERED);
  });
  return searchPopup();
}
