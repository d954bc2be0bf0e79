/** A signed-in reader's session: it lasts across reloads and tabs, and the login page renews it. */
import type {BrowserContext, Page} from '@playwright/test';
import {openSignedIn, type ReaderCredentials} from '../loginPage';
import {expect, signedOutTest as test} from '../fixtureSite';
import {holdPageCode} from '../hydration';

interface LoginSeen {
  /** Whether the sign-in form's fields were on screen in any frame. */
  form: boolean;
  /** Whether a heading the page's script focused was drawn with a focus ring in any frame. */
  ring: boolean;
}

/**
 * Signs the reader in, then ends the server session while Firebase in this browser still knows them. The
 * page is left first: its prefetches of chunks would otherwise race the cookie's removal and be refused.
 */
async function endServerSession(page: Page, context: BrowserContext, reader: ReaderCredentials): Promise<void> {
  await openSignedIn(page, reader, '/');
  // The site marks the browser as one with a session once Firebase has named the reader on its pages.
  await expect(page.getByRole('button', {name: /^Signed in as /})).toBeVisible();
  await page.goto('about:blank');
  await context.clearCookies({name: '__session'});
}

/** Watches every frame the login page paints in this tab, from its first; kept in the tab's storage, since the page leaves. */
async function watchLoginPage(page: Page): Promise<() => Promise<LoginSeen | null>> {
  await page.addInitScript(() => {
    if (location.pathname !== '/login') return;
    const seen = {form: false, ring: false};
    const shown = (element: Element | null) => element instanceof HTMLElement && element.offsetParent !== null;
    const look = () => {
      seen.form ||= shown(document.getElementById('login-email')) || shown(document.getElementById('login-password'));
      const focused = document.activeElement;
      seen.ring ||= focused instanceof HTMLHeadingElement && getComputedStyle(focused).outlineStyle !== 'none';
      sessionStorage.setItem('test:login-seen', JSON.stringify(seen));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('test:login-seen') ?? 'null') as LoginSeen | null);
}

test('lasts across a reload and into a new tab, where /login sends the reader on to the page it names', async ({page, context, reader}) => {
  await openSignedIn(page, reader, '/1.0/intro');
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', {level: 1, name: 'Introduction to Tutorial Hub 1.0'})).toBeVisible();
  const second = await context.newPage();
  const loginSeen = await watchLoginPage(second);
  await second.goto('/login?redirect=%2F1.0%2FCollapsible#how-collapsible-sections-work');
  await expect(second).toHaveURL('/1.0/Collapsible#how-collapsible-sections-work');
  await expect(second.getByRole('heading', {level: 1, name: 'Collapsible Sections'})).toBeVisible();
  // The reader is known: in no frame did the login page show the form, or a focus ring on its heading.
  expect(await loginSeen()).toEqual({form: false, ring: false});
});

test('once the server session ended, the login page shows a reader the site knows "Checking your sign-in…" from its first paint, then signs them back in silently, showing no form; a stranger gets the form', async ({
  page,
  context,
  reader,
}) => {
  // Before the reader signs in, this browser is a stranger's.
  await test.step('a stranger gets the form', async () => {
    // As the HTML paints.
    await holdPageCode(page);
    await page.goto('/login', {waitUntil: 'commit'});
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByText('Checking your sign-in…')).toBeHidden();
    // The page's code is not needed: the page is left while it is held.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  await endServerSession(page, context, reader);
  const loginSeen = await watchLoginPage(page);
  // As the HTML paints, before any of the page's code has run.
  const {hydrate} = await holdPageCode(page);
  await page.goto('/1.0/test#tabs', {waitUntil: 'commit'});
  await expect(page.getByRole('status').filter({hasText: 'Checking your sign-in…'})).toBeVisible();
  await expect(page.getByLabel('Email')).toBeHidden();
  await hydrate();
  await expect(page).toHaveURL('/1.0/test#tabs');
  await expect(page.getByRole('heading', {level: 1, name: 'Markdown Feature Test'})).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('__session');
  expect(await loginSeen()).toEqual({form: false, ring: false});
});
