/**
 * The account menu in the site's navbar (src/chrome/AuthUserNavbarItem): who is signed in, "Sign out", and
 * "Sign out everywhere", which asks once; what a failed sign-out says. Focus and keys across the real page,
 * and the Firebase SDK's sign-out in every tab, stay in the browser (e2e/signed-out/account-menu.spec.ts, sign-out.spec.ts).
 */
import {screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import {LOGOUT_ENDPOINT} from '../../contracts/session';
import {recentSearchesKey} from '../../src/search/recentSearches';
import {firebase} from './support/firebaseAuth';
import {gate} from './support/gate';
import {renderSignedIn} from './support/accountMenu';

const READER = 'reader@tutorial-hub.test';

/** A doc page of a signed-in reader, the account menu opened. */
async function openMenu() {
  const signedIn = await renderSignedIn(READER);
  expect(signedIn.trigger).toHaveAttribute('aria-expanded', 'false');
  await signedIn.user.click(signedIn.trigger);
  expect(signedIn.trigger).toHaveAttribute('aria-expanded', 'true');
  return signedIn;
}

const logouts = () => gate.calls.filter((call) => call.path === LOGOUT_ENDPOINT).map((call) => call.body);

describe('the account menu', () => {
  it('names the reader and signs them out of the site and of Firebase, forgetting their recent searches', async () => {
    localStorage.setItem(recentSearchesKey('/'), JSON.stringify([{query: 'markdown', version: '/1.0/'}]));
    const {user, menu} = await openMenu();
    expect(menu.getByText(READER)).toBeVisible();
    await user.click(menu.getByRole('button', {name: 'Sign out'}));
    await waitFor(() => expect(firebase.currentEmail).toBeNull());
    expect(logouts()).toEqual([{everywhere: false}]);
    expect(localStorage.getItem(recentSearchesKey('/'))).toBeNull();
  });

  it('asks once before signing out everywhere, the focus on the answer that ends nothing, and back once cancelled', async () => {
    const {user, menu} = await openMenu();
    await user.click(menu.getByRole('button', {name: 'Sign out everywhere'}));
    const question = menu.getByRole('group', {name: 'Sign out everywhere? This ends your sessions on every device, this one included.'});
    expect(within(question).getByRole('button', {name: 'Cancel'})).toHaveFocus();
    await user.click(within(question).getByRole('button', {name: 'Cancel'}));
    expect(menu.getByRole('button', {name: 'Sign out everywhere'})).toHaveFocus();
    expect(logouts()).toEqual([]);

    await user.click(menu.getByRole('button', {name: 'Sign out everywhere'}));
    await user.click(menu.getByRole('button', {name: 'Yes, sign out everywhere'}));
    await waitFor(() => expect(firebase.currentEmail).toBeNull());
    expect(logouts()).toEqual([{everywhere: true}]);
  });

  it('keeps the reader signed in, and says why, when the site cannot end the session', async () => {
    const {user, menu} = await openMenu();
    gate.settings.signOutAnswers = false;
    await user.click(menu.getByRole('button', {name: 'Sign out'}));
    expect(await menu.findByRole('alert')).toHaveTextContent(
      'You are still signed in: the site could not end your session. Try again in a moment.',
    );
    expect(firebase.currentEmail).toBe(READER);
    expect(menu.getByRole('button', {name: 'Sign out'})).toBeEnabled();
  });

  it('closes on Escape, giving the focus back to its button, and forgets the question it asked', async () => {
    const {user, menu, trigger} = await openMenu();
    await user.click(menu.getByRole('button', {name: 'Sign out everywhere'}));
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    await user.click(trigger);
    expect(menu.getByRole('button', {name: 'Sign out everywhere'})).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: 'Yes, sign out everywhere'})).toBeNull();
  });
});
