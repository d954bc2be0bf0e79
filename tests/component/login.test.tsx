/**
 * The login page (src/pages/login.tsx, src/login/) behind the gate, with Firebase and the gate faked: its
 * words, the providers a reader cannot reach, errors that take the focus to the field at fault, the panel
 * of a refused account, a session that ended, and a session cookie that does not stick. Which panel follows
 * which is tabled (tests/unit/loginFlow.test.ts); the Firebase SDK itself, its storage and the gate's cookie
 * stay in the browser (e2e/signed-out/).
 */
import {screen, waitFor, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import LoginPage from '../../src/pages/login';
import {HAD_SESSION_KEY} from '../../src/auth/sessionEnded';
import {SESSION_ENDPOINT} from '../../contracts/session';
import {SESSION_ENDED_NOTICE} from '../../src/login/copy';
import {firebase} from './support/firebaseAuth';
import {gate} from './support/gate';
import {addressOf, renderPage} from './support/render';
import {CONTACT, SITE_TITLE} from './support/site';
import {pagesLeft} from './support/setup';

const READER = {email: 'reader@tutorial-hub.test', password: 'read-the-docs'};
const LOGIN = '/login?redirect=%2F1.0%2Fintro';

const main = () => within(screen.getByRole('main'));
const heading = () => main().getByRole('heading', {level: 1});
const emailField = () => main().getByRole('textbox', {name: 'Email'});
const passwordField = () => main().getByLabelText('Password');
const signInButton = () => main().getByRole('button', {name: /^(Sign in|Signing in…)$/});
/** The form's alert line, which is there empty until there is something to say: waits until it says `text`. */
const expectAlert = (text: string) => waitFor(() => expect(main().getByRole('alert')).toHaveTextContent(text));

function loginPage() {
  firebase.addAccount(READER.email, READER.password);
  return renderPage(<LoginPage />, {path: LOGIN, kind: 'page'});
}

async function signIn(user: UserEvent, {email, password}: {email: string; password: string}): Promise<void> {
  await user.clear(emailField());
  if (email) await user.type(emailField(), email);
  await user.clear(passwordField());
  if (password) await user.type(passwordField(), password);
  await user.click(signInButton());
}

describe('the login page', () => {
  it('asks for an email and password, or a provider, and offers the other ways in the gate allows', async () => {
    loginPage();
    expect(heading()).toHaveTextContent(`Sign in to ${SITE_TITLE}`);
    expect(main().getByText(`${SITE_TITLE} is for signed-in readers. Sign in to continue to your tutorial.`)).toBeVisible();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    for (const name of ['Sign in', 'Continue with Google', 'Continue with GitHub', 'Forgot password?', 'Email me a sign-in link']) {
      expect(main().getByRole('button', {name})).toBeEnabled();
    }
    // The gate's answer (sign-up open) adds the way to a new account.
    expect(await main().findByRole('button', {name: 'Create an account'})).toBeEnabled();
  });

  it('signs a reader in, through the gate, and leaves for the page they wanted', async () => {
    const {user} = loginPage();
    await signIn(user, READER);
    await waitFor(() => expect(pagesLeft()).toBe(1));
    expect(gate.callsTo(SESSION_ENDPOINT)).toEqual([`POST ${SESSION_ENDPOINT}`, `GET ${SESSION_ENDPOINT}`]);
    // Until the next page has come.
    expect(signInButton()).toHaveTextContent('Signing in…');
    expect(signInButton()).toBeDisabled();
  });

  it('takes the focus to the field at fault, its text selected to type over', async () => {
    const {user} = loginPage();
    await signIn(user, {email: '', password: ''});
    await expectAlert('Enter your email address.');
    // Once the attempt has ended (an effect after the alert's render).
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Enter your email address.');

    await signIn(user, {email: READER.email, password: 'not-the-password'});
    await expectAlert('The email or password is incorrect.');
    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    const password = passwordField() as HTMLInputElement;
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'not-the-password'.length]);
    // The same failure again takes the focus again.
    await user.click(emailField());
    await user.click(signInButton());
    await waitFor(() => expect(passwordField()).toHaveFocus());
  });

  // replaces e2e/signed-out/providers.spec.ts "Continue with GitHub reports a provider it cannot reach, and the form still
  // works" (Google's stays there: the SDK's popup, its loader refused)
  for (const provider of ['Google', 'GitHub']) {
    it(`says so when "Continue with ${provider}" cannot reach the provider, and the form still works`, async () => {
      const {user, history} = loginPage();
      await user.click(main().getByRole('button', {name: `Continue with ${provider}`}));
      await expectAlert('The sign-in service cannot be reached. Check your connection and try again in a moment.');
      expect(addressOf(history)).toBe(LOGIN);
      expect(signInButton()).toBeEnabled();
      await signIn(user, READER);
      await waitFor(() => expect(pagesLeft()).toBe(1));
    });
  }

  // replaces e2e/signed-out/planted-cookie.spec.ts "the login page stops after one round trip and says why"
  it('stops after one round trip, and says why, when the new session cookie does not reach the site', async () => {
    const {user, history} = loginPage();
    gate.settings.cookieSticks = false;
    await signIn(user, READER);
    await expectAlert(
      'Signing in did not stick: this browser keeps sending the site another session cookie. Clear the cookies of this site in your browser settings, then sign in again.',
    );
    expect(gate.callsTo(SESSION_ENDPOINT)).toEqual([`POST ${SESSION_ENDPOINT}`, `GET ${SESSION_ENDPOINT}`]);
    expect(addressOf(history)).toBe(LOGIN);
    expect(pagesLeft()).toBe(0);
    expect(signInButton()).toBeEnabled();
  });

  it('tells a refused account it is not on the reader list and where to ask, then lets it use another', async () => {
    const {user} = loginPage();
    gate.settings.refusal = 'not-allowed';
    await signIn(user, READER);
    await waitFor(() => expect(heading()).toHaveTextContent('No access with this account'));
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(main().getByRole('alert')).toHaveTextContent(`${READER.email} is not on the reader list of Tutorial Hub.`);
    expect(main().getByText(/^To ask for access/)).toHaveTextContent(
      `To ask for access, write to ${CONTACT.kind === 'email' && CONTACT.address}.`,
    );
    expect(main().getByRole('link', {name: 'docs-team@tutorial-hub.test'})).toHaveAttribute(
      'href',
      `mailto:docs-team@tutorial-hub.test?subject=${encodeURIComponent(`Access to ${SITE_TITLE} for ${READER.email}`)}`,
    );
    expect(pagesLeft()).toBe(0);

    await user.click(main().getByRole('button', {name: 'Use another account'}));
    await waitFor(() => expect(heading()).toHaveTextContent(`Sign in to ${SITE_TITLE}`));
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(firebase.currentEmail).toBeNull();
  });

  // replaces e2e/signed-out/login-copy.spec.ts "is told on the sign-in form that the session ended" (the gate's refusal of a
  // disabled account: tests/integration/many-instances.test.ts; Firebase's report of it: the SDK's)
  it('tells a reader whose session ended, without their signing out, on the sign-in form only', async () => {
    // The site's pages remembered the session; Firebase now reports nobody (revoked, disabled, signed out elsewhere).
    localStorage.setItem(HAD_SESSION_KEY, '1');
    const {user} = loginPage();
    expect(await main().findByText(SESSION_ENDED_NOTICE)).toBeVisible();
    expect(heading()).toHaveTextContent(`Sign in to ${SITE_TITLE}`);
    await user.click(await main().findByRole('button', {name: 'Create an account'}));
    await waitFor(() => expect(heading()).toHaveTextContent(`Create your ${SITE_TITLE} account`));
    expect(main().queryByText(SESSION_ENDED_NOTICE)).toBeNull();
  });

  it('says nothing of an ended session to a reader who signed out', async () => {
    loginPage();
    await main().findByRole('button', {name: 'Create an account'});
    expect(main().queryByText(SESSION_ENDED_NOTICE)).toBeNull();
  });
});
