/** The site's navbar (theme-classic's, with the site's items) as the component tests read it. */
import {screen, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {expect} from 'vitest';

export const navbar = () => within(screen.getByRole('navigation', {name: 'Main'}));

/** "Tutorials": the link to the sidebar of the reader's version. */
export const tutorialsLink = () => navbar().getByRole('link', {name: 'Tutorials'});

/** The version menu's button, which names the version shown, and its list of versions. */
export function versionMenu(current: string) {
  const trigger = navbar().getByRole('button', {name: current});
  return {trigger, menu: within(trigger.closest<HTMLElement>('.dropdown')!.querySelector('ul')!)};
}

/** Opens the version menu with the keys, as a reader without a pointer does; resolves with its list. */
export async function openVersionMenu(user: UserEvent, current: string) {
  const {trigger, menu} = versionMenu(current);
  trigger.focus();
  await user.keyboard('{Enter}');
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return menu;
}
