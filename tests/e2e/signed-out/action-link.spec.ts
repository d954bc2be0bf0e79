/**
 * The login page as the project's email action handler (the action URL customized to /login): no link that
 * would verify, set or change an account's address is applied, whoever asked Firebase to send it; the
 * password-reset link goes on to Firebase's handler (here the emulator's) with only what it reads.
 */
import {expect, signedOutTest as test} from '../fixtureSite';
import type {APIRequestContext} from '@playwright/test';
import {emulator, type OobCode, uniqueEmail} from '../../support/emulator';
import {EMULATOR_HOST} from '../../support/environment';
import {DEMO_API_KEY} from '../../../contracts/firebaseProject';
import {sameOriginJson} from '../../../testkit/http';
import {linkPanelCopy, notAppliedNotice} from '../../../src/login/copy';
import {LOGIN_SITE_NAME} from '../loginPage';

// The refusals this spec provokes: the gate's 403 to the stranger, the identity service's 400 to the
// stranger's old password, and the emulator's handler refusing a reset without its new password.
test.use({
  expectedErrors:
    /status of 403 .*\/api\/session\)$|status of 400 .*\/identitytoolkit\.googleapis\.com\/|status of 400 .*\/emulator\/action/,
});

/** The newest email of this kind the emulator "sent" about the address (for a change of address, the account's), once it has. */
async function sentAbout(email: string, kind: OobCode['requestType']): Promise<OobCode> {
  let codes: OobCode[] = [];
  await expect
    .poll(async () => {
      codes = (await emulator.sentEmails(email)).filter((code) => code.requestType === kind);
      return codes.length;
    })
    .toBe(1);
  return codes[0];
}

/** The gate's answer to a session from this ID token, as the login page would ask. */
async function sessionStatus(request: APIRequestContext, origin: string, idToken: string): Promise<number> {
  const session = await request.post(`${origin}/api/session`, {headers: sameOriginJson(origin), data: {idToken}});
  return session.status();
}

/** A link Firebase mails, as it arrives with the action URL customized to the login page. */
const onLoginPage = (mode: string, {oobCode}: OobCode) =>
  `/login?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}&apiKey=${DEMO_API_KEY}&lang=en`;

test("Firebase's verification link sends a sign-in link instead, and the stranger's password does not survive it", async ({
  page,
  request,
  siteGate,
}) => {
  // A stranger registers an address of the allowed domain through Firebase's API, with a password of their
  // own, and has Firebase itself send the mailbox a genuine verification email.
  const email = uniqueEmail('newhire');
  const {idToken} = await emulator.signUp(email, 'the-strangers-password');
  await emulator.requestVerificationEmail(idToken);
  const verification = await sentAbout(email, 'VERIFY_EMAIL');

  // The owner opens it.
  await page.goto(onLoginPage('verifyEmail', verification));
  await expect(page.getByRole('heading', {level: 1, name: 'Verify your email address'})).toBeVisible();
  await expect(page.getByText(linkPanelCopy('verify-link', email, 'sign-in'))).toBeVisible();
  const signInLink = await sentAbout(email, 'EMAIL_SIGNIN');

  // The address is still unverified: the gate refuses the stranger.
  const {idToken: strangers} = await emulator.signInWithPassword(email, 'the-strangers-password');
  expect(await sessionStatus(request, siteGate.origin, strangers)).toBe(403);

  // The owner opens the sign-in link: in, with the address verified, and the stranger's password gone.
  await page.goto(signInLink.oobLink);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub', exact: true})).toBeVisible();
  await expect(emulator.signInWithPassword(email, 'the-strangers-password')).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
});

// Each link is a load of the login page, as a reader opening it from a mailbox: one page opens them in turn.
test("a link that would set an account's address is not applied, and an invalid one says so", async ({
  page,
  request,
  siteGate,
  loginPage,
}) => {
  // The stranger is refused: their password opens nothing at the owner's address, and their own account is not a reader's.
  const expectStrangerRefused = async (owner: string, strangersAddress: string) => {
    await expect(emulator.signInWithPassword(owner, 'the-strangers-password')).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    const {idToken: strangers} = await emulator.signInWithPassword(strangersAddress, 'the-strangers-password');
    expect(await sessionStatus(request, siteGate.origin, strangers)).toBe(403);
  };

  await test.step("G1: a stranger's request to move their account to the owner's address is not applied when the owner opens it", async () => {
    // A stranger signs up with an address of their own and a password, and asks Firebase to move the account to
    // an admitted address nobody has registered yet: Firebase mails the owner a genuine link.
    const owner = uniqueEmail('g1-owner');
    const strangersAddress = uniqueEmail('g1-stranger', 'elsewhere.test');
    const {idToken} = await emulator.signUp(strangersAddress, 'the-strangers-password');
    await emulator.requestEmailChange(idToken, owner);
    const change = await sentAbout(strangersAddress, 'VERIFY_AND_CHANGE_EMAIL');
    expect(change.newEmail).toBe(owner);

    // The owner opens it: nothing is changed, and the page offers to sign in with the address.
    await page.goto(onLoginPage('verifyAndChangeEmail', change));
    await expect(page.getByRole('status')).toHaveText(notAppliedNotice('verifyAndChangeEmail', owner, LOGIN_SITE_NAME));
    await expect(loginPage.email).toHaveValue(owner);
    await expect(page).toHaveURL('/login?redirect=%2F');

    await expectStrangerRefused(owner, strangersAddress);
  });

  await test.step("a link that gives an address back to an account is not applied either: it would verify it with a stranger's password", async () => {
    // A stranger registers the owner's address, then moves the account to an address of their own: Firebase
    // mails the owner's address a link to take it back, which would verify it on the stranger's account.
    const owner = uniqueEmail('recover-owner');
    const strangersAddress = uniqueEmail('recover-stranger', 'elsewhere.test');
    const {idToken} = await emulator.signUp(owner, 'the-strangers-password');
    await emulator.changeEmail(idToken, strangersAddress);
    const recover = await sentAbout(owner, 'RECOVER_EMAIL');

    await page.goto(onLoginPage('recoverEmail', recover));
    await expect(page.getByRole('status')).toHaveText(notAppliedNotice('recoverEmail', owner, LOGIN_SITE_NAME));
    await expectStrangerRefused(owner, strangersAddress);
  });

  await test.step('an invalid verification link says so, and leaves the sign-in form', async () => {
    await page.goto(`/login?mode=verifyEmail&oobCode=not-a-code&apiKey=${DEMO_API_KEY}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This link is no longer valid: it was used already, or a newer one replaced it. Ask for a new one.',
    );
    await expect(page.getByRole('heading', {level: 1, name: `Sign in to ${LOGIN_SITE_NAME}`})).toBeVisible();
  });
});

test("a password-reset link goes on to Firebase's handler with only what it reads, and its page leads back", async ({
  page,
  reader,
  loginPage,
}) => {
  await page.goto('/1.0/intro');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.getByRole('button', {name: 'Forgot password?'}).click();
  await loginPage.email.fill(reader.email);
  await page.getByRole('button', {name: 'Send reset link'}).click();
  const reset = await sentAbout(reader.email, 'PASSWORD_RESET');
  const sent = new URL(reset.oobLink).searchParams;

  // Anything else the query holds (a password, another place to go) stays behind.
  await page.goto(`/login?${sent}&newPassword=chosen-by-someone-else&handler=https%3A%2F%2Fevil.example%2F`);
  // Waited for until the login page's own navigation to the handler has happened: still under way, it would cut the next one short.
  await page.waitForURL((url) => url.href.startsWith(`http://${EMULATOR_HOST}/emulator/action`), {waitUntil: 'commit'});
  const handler = new URL(page.url());
  expect([...handler.searchParams.keys()].sort()).toEqual(['apiKey', 'continueUrl', 'lang', 'mode', 'oobCode']);
  expect(Object.fromEntries(handler.searchParams)).toEqual(Object.fromEntries(sent));

  // Firebase's page sets the password (the emulator's takes it through its API), then continues to the login page.
  await emulator.resetPassword(reset.oobCode, 'a-new-long-password');
  await page.goto(sent.get('continueUrl')!);
  await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
  await loginPage.signIn({email: reader.email, password: 'a-new-long-password'});
  await expect(page).toHaveURL('/1.0/intro');
});
