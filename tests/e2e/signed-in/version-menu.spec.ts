/** The version menu of the navbar: which versions it lists, and where each leads from the page shown. */
import {expect, test} from '../fixtureSite';

test('the menu lists 2.0 and 1.0, switches between them, and takes the query and the anchor along to the same page only', async ({
  page,
  navbar,
}) => {
  await test.step('lists 2.0 and 1.0 and switches between them', async () => {
    await page.goto('/chapter-1-introduction');
    await navbar.expectSettled();
    let dropdown = navbar.versionMenu('2.0');
    await dropdown.trigger.hover();
    await expect(dropdown.menu.getByRole('link')).toHaveText(['2.0', '1.0']);
    await dropdown.menu.getByRole('link', {name: '1.0', exact: true}).click();

    await expect(page).toHaveURL('/1.0/chapter-1-introduction');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Chapter 1: Introduction');
    dropdown = navbar.versionMenu('1.0');
    await expect(dropdown.trigger).toBeVisible();
    await dropdown.trigger.hover();
    await expect(dropdown.menu.getByRole('link')).toHaveText(['2.0', '1.0']);
    await dropdown.menu.getByRole('link', {name: '2.0', exact: true}).click();

    await expect(page).toHaveURL('/chapter-1-introduction');
    await expect(navbar.versionMenu('2.0').trigger).toBeVisible();
  });

  await test.step('takes the query and the anchor along to the same page', async () => {
    await page.goto('/chapter-1-introduction?tab=npm#what-you-will-learn');
    const menu = await navbar.openVersionMenuByKeyboard('2.0');
    await expect(menu.getByRole('link', {name: '1.0', exact: true})).toHaveAttribute(
      'href',
      '/1.0/chapter-1-introduction?tab=npm#what-you-will-learn',
    );
  });

  await test.step('from a page 1.0 lacks, 1.0 leads to its main doc, /1.0/intro, without the page’s anchor', async () => {
    await page.goto('/reusable1?tab=npm#an-anchor-of-this-page');
    const menu = await navbar.openVersionMenuByKeyboard('2.0');
    const oneZero = menu.getByRole('link', {name: '1.0', exact: true});
    await expect(oneZero).toHaveAttribute('href', '/1.0/intro');
    await oneZero.click();
    await expect(page).toHaveURL('/1.0/intro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Introduction to Tutorial Hub 1.0');
  });
});
