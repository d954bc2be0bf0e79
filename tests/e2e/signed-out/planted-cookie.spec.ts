/**
 * A second `__session` cookie the reader's browser sends beside the site's own: a sibling subdomain
 * can set one for the parent domain. Here it is one for a longer path, which the browser sends first.
 * When it keeps the new cookie from the site, the login page stops after one round trip and says why:
 * tests/component/login.test.tsx.
 */
import {sessionCookieClaims, nowSeconds, unsignedJwt} from '../../support/emulator';
import {expect, signedOutTest as test} from '../fixtureSite';

const PLANTED = {
  name: '__session',
  value: unsignedJwt(sessionCookieClaims({exp: nowSeconds() - 60})),
  // Every gate of the tests listens on loopback.
  domain: '127.0.0.1',
  path: '/1.0',
};

test('a planted cookie neither locks the reader out nor sends the login page round', async ({page, context, reader, loginPage}) => {
  await context.addCookies([PLANTED]);
  const sessionsStarted: string[] = [];
  page.on(
    'request',
    (request) => request.method() === 'POST' && request.url().endsWith('/api/session') && sessionsStarted.push(request.url()),
  );
  await page.goto('/1.0/intro');
  await loginPage.signIn(reader);
  await expect(page).toHaveURL('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  expect(sessionsStarted).toHaveLength(1);
  // Both cookies are still there: the site's own cannot replace one of another path.
  expect((await context.cookies(page.url())).filter((cookie) => cookie.name === '__session')).toHaveLength(2);
});
