/**
 * The login page is a build of its own (docusaurus.login.config.ts): the site's chrome, and
 * nothing that leads into the docs.
 */
import type {Page} from '@playwright/test';
import {expect, signedOutTest as test} from '../fixtureSite';
import {LOGIN_SITE_NAME} from '../loginPage';
import {isLoginPath} from '../../../contracts/paths';
import site from '../../../site.config';

/** The links of the page that lead to a page of the site other than /login: the brand's, the docs', the version menu's. */
async function linksIntoTheSite(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const {origin} = new URL(page.url());
  return hrefs.filter((href) => {
    const url = new URL(href);
    return url.origin === origin && !isLoginPath(url.pathname);
  });
}

// Each mode from a load of its own: the toggle's choice, which the browser keeps, is forgotten in between.
test("/login has the site's chrome in light and dark mode, and no way into the docs (no link leads into the site); it loads every file it needs, with no refused request (and, as every test, no console error)", async ({
  page,
  loginPage,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => response.status() >= 400 && refused.push(`${response.status()} ${response.url()}`));
  for (const colorScheme of ['light', 'dark'] as const) {
    await test.step(`${colorScheme} mode`, async () => {
      await page.emulateMedia({colorScheme});
      await page.goto('/login?redirect=%2Fdocs%2Fchapter-1-introduction');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      // The repository's site.config.ts, which the login build is made from.
      if (site.announcement !== null) await expect(page.getByRole('banner')).toHaveText(site.announcement);
      const navbar = page.getByRole('navigation', {name: 'Main'});
      await expect(navbar.getByText(LOGIN_SITE_NAME, {exact: true})).toBeVisible();
      // Decorative (alt=""): the site's name stands beside it.
      await expect(navbar.locator('.navbar__logo img')).toHaveAttribute('src', '/img/logo.svg');
      await expect(page.getByRole('contentinfo')).toContainText(site.copyright);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(`Sign in to ${LOGIN_SITE_NAME}`);

      // Nothing here leads into the docs: no docs link, version menu or search, and the brand is no link.
      for (const label of Object.values(site.sidebarLabels)) if (label) await expect(page.getByRole('link', {name: label})).toHaveCount(0);
      await expect(page.getByRole('button', {name: /^\d+\.\d+$/})).toHaveCount(0);
      await expect(page.getByRole('searchbox')).toHaveCount(0);
      await expect(navbar.getByRole('link', {name: LOGIN_SITE_NAME})).toHaveCount(0);
      await expect(loginPage.signInButton).toBeEnabled();
      expect(await linksIntoTheSite(page)).toEqual([]);

      // The toggle cycles system → light → dark: the first click may only make the mode explicit.
      const toggle = page.getByRole('button', {name: /^Switch between dark and light mode/});
      await expect(toggle).toBeEnabled();
      for (let click = 0; click < 3 && (await page.locator('html').getAttribute('data-theme')) === colorScheme; click += 1) {
        const label = (await toggle.getAttribute('aria-label'))!;
        await toggle.click();
        await expect(toggle).not.toHaveAttribute('aria-label', label);
      }
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', colorScheme);
      // The next mode is the system's again.
      await page.evaluate(() => localStorage.clear());
    });
  }
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test("offers no menu button, since a signed-out visitor has no menu to open, but the colour-mode toggle where it would be; no link into the site; each of the form's switches on a line of its own text, apart from the others", async ({
    page,
    loginPage,
    navbar,
  }) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/login?redirect=%2Fdocs%2Fchapter-1-introduction');
    await expect(loginPage.email).toBeVisible();
    await navbar.expectHydrated();
    expect(await linksIntoTheSite(page)).toEqual([]);
    await expect(page.getByRole('searchbox')).toHaveCount(0);

    await test.step('the menu button and the colour-mode toggle', async () => {
      const toggle = page.getByRole('button', {name: /^Switch between dark and light mode/});
      await expect(toggle).toHaveCount(1);
      await expect(toggle).toBeInViewport();
      await expect(toggle).toBeEnabled();
      await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toHaveCount(0);
      // From the system's mode, the toggle goes to light, then dark.
      await toggle.click();
      await toggle.click();
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });

    await test.step("the form's switches", async () => {
      const names = ['Forgot password?', 'Email me a sign-in link', 'Create an account'];
      const boxes = [];
      for (const name of names) {
        const button = page.getByRole('button', {name, exact: true});
        await expect(button).toBeInViewport();
        const lineHeight = await button.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        const box = (await button.boundingBox())!;
        expect(box.height, `"${name}" is one line`).toBeLessThan(lineHeight * 1.5 + 8);
        boxes.push({name, ...box});
      }
      for (const [at, a] of boxes.entries())
        for (const b of boxes.slice(at + 1)) {
          const apartSideways = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
          const apartUpDown = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
          expect(apartSideways >= 16 || apartUpDown >= 4, `"${a.name}" and "${b.name}" stand apart`).toBe(true);
        }
    });
  });
});
