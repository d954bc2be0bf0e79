/**
 * The box with nothing to suggest offers a way on, never links to the same nothing (its footer's "See all
 * results" and "within" a section both led to a search page with the same nothing): all versions where
 * another has answers, else a tip and the search page. Which way when is noResults.ts's (its table); here,
 * the box and the search page wired to it, on a 1.0 page in a section.
 */
import {expect, test} from '../fixtureSite';

const TIP = 'Try fewer or other words, and check their spelling.';

test('with nothing found, the box offers all versions where another has answers, else a tip and the search page', async ({
  page,
  searchBox,
}) => {
  await page.goto('/1.0/tutorial-basics/create-a-page');
  const {popup} = searchBox;
  const seeAll = popup.getByRole('link', {name: /^See all results/});

  await test.step('something found: the footer links to all results, and to the section’s', async () => {
    await searchBox.search('markdown');
    await expect(seeAll).toHaveCount(2);
  });

  await test.step('nothing in 1.0, answers in 3.0: "Search all versions" leads to them, and no link to the same nothing', async () => {
    // The real docs are 3.0's alone.
    await searchBox.search('fastify');
    const status = popup.getByRole('status');
    await expect(status).toHaveText(/^No results in 1\.0\. Search all versions: \d+ results in 3\.0$/);
    await expect(seeAll).toHaveCount(0);
    await status.getByRole('link', {name: /^Search all versions: \d+ results in 3\.0$/}).click();
    await expect(page).toHaveURL('/search?q=fastify&version=3.0');
    await expect(page.getByText(/^\d+ results in 3\.0\.$/)).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  await test.step('nothing anywhere: a tip, and the search page, which gives the tip too', async () => {
    await page.goBack();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Create a Page');
    await searchBox.search('zqxj vvkw');
    const status = popup.getByRole('status');
    await expect(status).toHaveText(`No results in 1.0. ${TIP} Open the search page`);
    await expect(seeAll).toHaveCount(0);
    await status.getByRole('link', {name: 'Open the search page'}).click();
    await expect(page).toHaveURL(`/search?q=zqxj+vvkw&version=${encodeURIComponent('1.0/')}`);
    await expect(page.getByText(`No results in 1.0. ${TIP}`, {exact: true})).toBeVisible();
  });
});
