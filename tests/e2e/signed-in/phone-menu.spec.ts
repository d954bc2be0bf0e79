/** The navbar on a phone: one menu button for the doc sidebar and the site's items. */
import {expect, test} from '../fixtureSite';
import {DEMO_READER_NAME} from '../demoReader';

test.use({viewport: {width: 390, height: 844}});

test('the menu button opens the doc sidebar, and "Back to main menu" the site menu', async ({page, navbar}) => {
  await page.goto('/1.0/test');
  await navbar.expectHydrated();
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();

  const sidebar = page.locator('.navbar-sidebar');
  const back = sidebar.getByRole('button', {name: '← Back to main menu'});
  await expect(back).toBeInViewport();
  for (const item of ['Introduction to Tutorial Hub 1.0', 'Collapsible Sections', 'Markdown Feature Test', 'Tutorial - Basics']) {
    await expect(sidebar.getByRole('link', {name: item, exact: true})).toBeInViewport();
  }

  await back.click();
  await expect(sidebar.getByRole('link', {name: 'Tutorials', exact: true})).toBeInViewport();
  await expect(sidebar.getByRole('link', {name: 'GitHub'})).toBeInViewport();
  await expect(sidebar.getByText(`Signed in as ${DEMO_READER_NAME}`)).toBeInViewport();
  await expect(sidebar.getByRole('link', {name: 'Collapsible Sections'})).not.toBeInViewport();
  // One locale: no language menu among the site's items.
  await expect(sidebar.getByText(/English|Languages/)).toHaveCount(0);

  await sidebar.getByRole('button', {name: 'Close navigation bar'}).click();
  await expect(back).not.toBeInViewport();
});
