/**
 * The login page as the project's email action handler (the action URL customized to /login): Firebase's
 * own verification link never verifies an address, the password link is sent instead; every other link
 * goes on to Firebase's handler (here the emulator's), so password resets keep working.
 */
import {expect, signedOutTest as test} from '../fixtureSite';
import {emulator, type OobCode, uniqueEmail} from '../../support/emulator';
import {EMULATOR_HOST} from '../../support/environment';
import {signInThroughLoginPage} from '../../../testkit/loginPage';
import {DEMO_API_KEY} from '../../../contracts/firebaseProject';
import {sameOriginJson} from '../../../testkit/http';

// The refusals this spec provokes: the gate's 403 to the stranger, the identity service's 400 to the
// stranger's old password, and the emulator's link page asking for a favicon.
test.use({
  expectedErrors:
    /status of 403 .*\/api\/session\)$|status of 400 .*\/identitytoolkit\.googleapis\.com\/|status of 404 .*\/favicon\.ico\)$/,
});

/** The newest email of this kind the emulator "sent" to the address, once it has. */
async function sentTo(email: string, kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<OobCode> {
  let codes: OobCode[] = [];
  await expect
    .poll(async () => {
      codes = (await emulator.sentEmails(email)).filter((code) => code.requestType === kind);
      return codes.length;
    })
    .toBe(1);
  return codes[0];
}

test("Firebase's verification link sends the password link instead, and the stranger's password does not survive it", async ({
  page,
  request,
  siteGate,
}) => {
  // A stranger registers an address of the allowed domain through Firebase's API, with a password of their
  // own, and has Firebase itself send the mailbox a genuine verification email.
  const email = uniqueEmail('newhire');
  const {idToken} = await emulator.signUp(email, 'the-strangers-password');
  await emulator.requestVerificationEmail(idToken);
  const verification = await sentTo(email, 'VERIFY_EMAIL');

  // The owner opens it: with the action URL customized, Firebase's link leads to the login page.
  await page.goto(`/login?mode=verifyEmail&oobCode=${encodeURIComponent(verification.oobCode)}&apiKey=${DEMO_API_KEY}&lang=en`);
  await expect(page.getByRole('heading', {level: 1, name: 'Verify your email address'})).toBeVisible();
  await expect(
    page.getByText(
      `This link does not verify ${email} on its own: we sent it a link to choose a password instead. Open it and choose a password (that also verifies the address), then sign in here with it.`,
    ),
  ).toBeVisible();
  const reset = await sentTo(email, 'PASSWORD_RESET');

  // The address is still unverified: the gate refuses the stranger.
  const {idToken: strangersToken} = await emulator.signInWithPassword(email, 'the-strangers-password');
  const session = await request.post(`${siteGate.origin}/api/session`, {
    headers: sameOriginJson(siteGate.origin),
    data: {idToken: strangersToken},
  });
  expect(session.status()).toBe(403);
  expect(await session.json()).toMatchObject({error: 'email-not-verified'});

  // The owner chooses the password through the link just sent; the emulator's page then leads back to /login.
  await page.goto(`${reset.oobLink}&newPassword=the-owners-password`);
  await expect(page).toHaveURL('/login?redirect=%2F');
  await signInThroughLoginPage(page, {email, password: 'the-strangers-password'});
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await signInThroughLoginPage(page, {email, password: 'the-owners-password'});
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', {level: 1, name: 'Tutorial Hub'})).toBeVisible();
});

test('an invalid verification link says so, and leaves the sign-in form', async ({page}) => {
  await page.goto(`/login?mode=verifyEmail&oobCode=not-a-code&apiKey=${DEMO_API_KEY}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is no longer valid: it was used already, or a newer one replaced it. Ask for a new one.',
  );
  await expect(page.getByRole('heading', {level: 1, name: 'Sign in to Tutorial Hub'})).toBeVisible();
});

test("a password-reset link goes on to Firebase's handler, query intact, and resets the password", async ({page, reader}) => {
  await page.goto('/1.0/intro');
  await page.getByRole('button', {name: 'Forgot password?'}).click();
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', {name: 'Send reset link'}).click();
  const {oobLink} = await sentTo(reader.email, 'PASSWORD_RESET');

  // The emulator's handler takes the new password in the query, as Firebase's page takes it in its form.
  const query = `${new URL(oobLink).search}&newPassword=a-new-long-password`;
  const forwarded = page.waitForRequest((sent) => sent.url().startsWith(`http://${EMULATOR_HOST}/emulator/action`));
  await page.goto(`/login${query}`);
  expect((await forwarded).url()).toBe(`http://${EMULATOR_HOST}/emulator/action${query}`);

  await expect(page).toHaveURL('/login?redirect=%2F1.0%2Fintro');
  await signInThroughLoginPage(page, {email: reader.email, password: 'a-new-long-password'});
  await expect(page).toHaveURL('/1.0/intro');
});
