import {expect, signedOutTest as test} from '../fixtureSite';
import {LoginPage} from '../loginPage';
import type {Page} from '@playwright/test';
import {blockingViolations, describeViolations, expectAccessibleInEachScheme, switchColourScheme} from '../../support/axe';
import {emulator, uniqueEmail} from '../../support/emulator';
import {HAD_SESSION_KEY} from '../../../src/auth/sessionEnded';
import {BACK_TO_SIGN_IN, formLead} from '../../../src/login/copy';
import {holdPageCode} from '../hydration';
import {LOGIN_SITE_NAME} from '../loginPage';

/**
 * axe-core on the login page, the only page a signed-out visitor gets (a signed-in reader is sent
 * on to `/`), in each of its states and in both colour modes (set as the visitor's system sets it).
 * The page after "Sign out everywhere" is checked where that sign-out is (sign-out.spec.ts).
 */
interface LoginState {
  name: string;
  heading: string;
  /** The subtitle of a form, its own (formLead): no other form's shows beside it. */
  lead?: Parameters<typeof formLead>[0];
  /** Brings the page from the sign-in form into this state, as a visitor would. */
  reach: (page: Page) => Promise<void>;
  /** Takes the page back to the sign-in form, as a visitor would, where the next state starts. */
  leave?: (page: Page) => Promise<unknown>;
}

const backToSignIn = (page: Page) => page.getByRole('button', {name: BACK_TO_SIGN_IN}).click();
const useAnotherAddress = (page: Page) => page.getByRole('button', {name: 'Use another address'}).click();

const STATES: readonly LoginState[] = [
  {name: 'the sign-in form', heading: `Sign in to ${LOGIN_SITE_NAME}`, lead: 'sign-in', reach: async () => undefined},
  {
    name: 'the sign-in form with an error',
    heading: `Sign in to ${LOGIN_SITE_NAME}`,
    // Checked in the browser: the identity service is not asked.
    reach: async (page) => {
      const loginPage = new LoginPage(page);
      await loginPage.signInButton.click();
      await expect(page.getByRole('alert')).toHaveText('Enter your email address.');
    },
  },
  {
    name: 'the sign-up form',
    heading: `Create your ${LOGIN_SITE_NAME} account`,
    lead: 'sign-up',
    reach: (page) => page.getByRole('button', {name: 'Create an account'}).click(),
    leave: backToSignIn,
  },
  {
    name: 'the password-reset form',
    heading: 'Reset your password',
    lead: 'reset',
    reach: (page) => page.getByRole('button', {name: 'Forgot password?'}).click(),
    leave: backToSignIn,
  },
  {
    name: 'the verification panel',
    heading: 'Verify your email address',
    reach: async (page) => {
      const loginPage = new LoginPage(page);
      await page.getByRole('button', {name: 'Create an account'}).click();
      await loginPage.email.fill(uniqueEmail('axe-verify'));
      await page.getByRole('button', {name: 'Create account'}).click();
    },
    leave: useAnotherAddress,
  },
  {
    name: 'the sign-in link panel',
    heading: 'Check your email',
    reach: async (page) => {
      const loginPage = new LoginPage(page);
      await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
      await loginPage.email.fill(uniqueEmail('axe-link'));
      await page.getByRole('button', {name: 'Email me a sign-in link'}).click();
    },
    leave: useAnotherAddress,
  },
  {
    name: 'the refusal panel',
    heading: 'No access with this account',
    reach: async (page) => new LoginPage(page).signIn(await emulator.newAccount(uniqueEmail('axe-outsider', 'other.test'))),
  },
];

// The refusal panel comes from the gate's 403, which the browser logs.
test.use({expectedErrors: /status of 403 .*\/api\/session\)$/});

// Two loads: the question of a sign-in link comes from the address the page is opened at; every other state
// is reached on one page of /login, from its sign-in form and back, as a visitor goes. Light first, then
// dark on the same page, as a visitor's system switches (the page follows it live). In this order, since
// the panels of a sign-in link and of the refusal leave their mark in the browser (the address kept for the
// link, Firebase's account), and the refusal panel has no way back to the form but a new sign-in.
test('/login, in each of its states and on a phone, has no serious or critical accessibility violations, light or dark', async ({
  page,
  loginPage,
}) => {
  const open = async (url: string) => {
    await page.emulateMedia({colorScheme: 'light'});
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    // Docusaurus enables the colour-mode toggle once React has hydrated: the form's buttons work from then on.
    await expect(page.getByRole('button', {name: /^Switch between dark and light mode/})).toBeEnabled();
  };
  const expectState = async (state: Pick<LoginState, 'heading' | 'lead'>) => {
    await expect(page.getByRole('heading', {level: 1})).toHaveText(state.heading);
    if (state.lead) {
      await expect(page.getByText(formLead(state.lead, 'sign-in', LOGIN_SITE_NAME))).toBeVisible();
      if (state.lead !== 'sign-in') await expect(page.getByText(formLead('sign-in', 'sign-in', LOGIN_SITE_NAME))).toHaveCount(0);
    }
  };

  await test.step('the question of a sign-in link opened in another browser', async () => {
    await open('/login?redirect=%2F&mode=signIn&oobCode=not-used-here&apiKey=key&lang=en');
    await expectState({heading: 'Confirm your email address'});
    await expectAccessibleInEachScheme(page);
  });

  await test.step('on a phone, with the colour-mode toggle in the navbar', async () => {
    const desktop = page.viewportSize()!;
    await page.setViewportSize({width: 375, height: 740});
    await open('/login');
    await expect(page).toHaveTitle(`Sign in | ${LOGIN_SITE_NAME}`);
    await expect(loginPage.email).toBeVisible();
    await expectAccessibleInEachScheme(page);
    await page.setViewportSize(desktop);
  });

  for (const state of STATES) {
    await test.step(state.name, async () => {
      // Checked from light, as the page was opened: the state before left it dark.
      await switchColourScheme(page, 'light');
      await state.reach(page);
      await expectState(state);
      await expectAccessibleInEachScheme(page);
      if (state.leave) {
        await state.leave(page);
        await expectState(STATES[0]!);
      }
    });
  }
});

// The state lasts until the page's code has asked Firebase: held back here, each mode is a load of its own.
test("/login while it checks a known reader's sign-in has no serious or critical accessibility violations, light or dark", async ({
  page,
}) => {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), HAD_SESSION_KEY);
  await holdPageCode(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme: scheme});
    await page.goto('/login', {waitUntil: 'commit'});
    await expect(page.getByRole('status').filter({hasText: 'Checking your sign-in…'})).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    // Colours are only right once every stylesheet has loaded (a link's sheet is null until then).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')).every((link) => link.sheet),
    );
    const violations = await blockingViolations(page, scheme);
    expect(
      violations.map((violation) => violation.id),
      `${scheme} mode:\n${describeViolations(violations)}`,
    ).toEqual([]);
  }
});
