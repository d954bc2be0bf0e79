/** The not-found page: a way on from a broken address, in the address's own version, and to the same page in another. */
import {expect, test} from '../fixtureSite';

test.use({
  expectedErrors:
    /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/(?:1\.0\/tutorial-basics\/create-a-pag|zqxj-vvkw|1\.0\/markers-as-text|docs\/tutorial-basics\/create-a-page)\)/,
});

test('a broken address leads home, to its version’s first page and to the pages its words find', async ({page}) => {
  await test.step('a mistyped 1.0 address offers the 1.0 pages its page name finds, the first page of 1.0 and the home page', async () => {
    await page.goto('/1.0/tutorial-basics/create-a-pag');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', {name: 'The home page'})).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', {name: 'The first page of version 1.0'})).toHaveAttribute('href', '/1.0/intro');
    await expect(main.getByRole('link', {name: 'Search version 1.0 for “create a pag”'})).toHaveAttribute(
      'href',
      `/search?q=create+a+pag&version=${encodeURIComponent('1.0/')}`,
    );
    await expect(main.getByRole('heading', {level: 2, name: 'Pages about “create a pag”'})).toBeVisible();
    const found = main.getByRole('listitem').getByRole('link', {name: 'Create a Page', exact: true});
    await expect(found).toHaveAttribute('href', '/1.0/tutorial-basics/create-a-page');
    await found.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Create a Page');
  });

  await test.step('a page gone from 1.0 but in 3.0, and one of 1.0 asked for in 3.0: the page says so, and links to it', async () => {
    await page.goto('/1.0/markers-as-text');
    const main = page.getByRole('main');
    await expect(main).toContainText('There is no page at this address. The same page is in versions 3.0 and 2.0.');
    await main.getByRole('link', {name: 'This page in version 3.0'}).click();
    await expect(page).toHaveURL('/docs/markers-as-text');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Markers as text');

    await page.goto('/docs/tutorial-basics/create-a-page');
    await expect(main).toContainText('There is no page at this address. The same page is in version 1.0.');
    await expect(main.getByRole('link', {name: 'This page in version 1.0'})).toHaveAttribute('href', '/1.0/tutorial-basics/create-a-page');
  });

  await test.step('an address outside every version, whose words find nothing, still leads home and to the newest version’s first page', async () => {
    await page.goto('/zqxj-vvkw');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', {name: 'The first page of version 3.0'})).toBeVisible();
    await expect(main).toContainText('The link that led here may be mistyped, or the page may have moved.');
    await expect(main.getByRole('link', {name: /^This page in version/})).toHaveCount(0);
    await expect(main.getByRole('link', {name: 'Search version 3.0 for “zqxj vvkw”'})).toBeVisible();
    await expect(main.getByText('No page of version 3.0 matches “zqxj vvkw”.')).toBeVisible();
    await expect(main.getByRole('heading', {level: 2, name: /^Pages about/})).toHaveCount(0);
  });
});
