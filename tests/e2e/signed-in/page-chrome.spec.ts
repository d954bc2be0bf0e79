/** What frames every page for a signed-in reader: announcement bar, navbar, a doc's table of contents, footer, landmarks. */
import {expect, test} from '../fixtureSite';
import {DEMO_READER_NAME} from '../demoReader';

test('a doc page and the home page: the announcement bar, the table of contents, the account menu, the footer and the landmarks', async ({
  page,
  navbar,
}) => {
  await page.goto('/docs/chapter-1-introduction');
  await navbar.expectHydrated();
  // At desktop width the table of contents shows beside the doc (what it lists: tests/integration/table-of-contents.test.ts).
  await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();

  await test.step('the announcement bar welcomes the reader and cannot be closed', async () => {
    const bar = page.getByRole('banner').filter({hasText: 'Welcome to the Tutorial Hub!'});
    await expect(bar).toHaveText('Welcome to the Tutorial Hub! Stay tuned for more tutorials.');
    await expect(bar.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Close'})).toHaveCount(0);
  });

  await test.step('the footer is dark, with a "More" column and this year\'s copyright', async () => {
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveClass(/\bfooter--dark\b/);
    const more = footer.locator('.footer__col').filter({has: page.getByText('More', {exact: true})});
    await expect(more.getByRole('link', {name: 'GitHub'})).toHaveAttribute('href', 'https://github.com/tutorial-hub');
    await expect(more.getByRole('link', {name: 'Contact us'})).toHaveAttribute('href', /^mailto:[^@]+@[^@]+$/);
    await expect(footer.getByText(`Copyright © ${new Date().getFullYear()} Tutorial Hub.`)).toBeVisible();
  });

  await test.step('the account menu shows the signed-in reader, and there is no language menu: the site has one locale', async () => {
    // Named "Signed in as Demo Reader" for assistive technology; on screen, the reader's initial, and the name in its tooltip and its menu.
    const account = navbar.accountMenu;
    await expect(account).toBeVisible();
    await expect(account.locator('[aria-hidden="true"]')).toHaveText(DEMO_READER_NAME[0]!);
    await expect(account).toHaveAttribute('title', DEMO_READER_NAME);
    await account.click();
    await expect(navbar.main.locator('.dropdown__menu').getByText(DEMO_READER_NAME, {exact: true})).toBeVisible();
    await expect(navbar.main.getByText(/English|Languages/)).toHaveCount(0);
  });

  await test.step('the home page has one banner (the announcement bar) and one main landmark', async () => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Tutorial Hub');
  });
});
