/** The version a reader chooses in the version menu: the home page and the search page follow it. */
import {OUTLINE_INDEX} from '../../../shared/searchIndexFiles';
import {searchFromNavbar} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtures';
import {mainNavbar, openVersionMenuByKeyboard} from '../navbar';

test('the version chosen in the menu is the one the home page searches and links to', async ({page}) => {
  await page.goto('/1.0/intro');
  await expect(mainNavbar(page).getByRole('link', {name: 'Tutorials'})).toHaveAttribute('href', '/1.0');
  // Visiting is not choosing: the choice is made in the version menu.
  await page.goto('/');
  const tutorials = mainNavbar(page).getByRole('link', {name: 'Tutorials'});
  await expect(tutorials).toHaveAttribute('href', '/chapter-1-introduction');

  const menu = await openVersionMenuByKeyboard(page, '2.0');
  await menu.getByRole('link', {name: '1.0', exact: true}).click();
  await expect(page).toHaveURL('/1.0/intro');

  const index = page.waitForResponse((response) => new URL(response.url()).pathname === `/1.0/${OUTLINE_INDEX}`);
  await page.goto('/');
  await expect(tutorials).toHaveAttribute('href', '/1.0');
  await index;
  const suggestions = await searchFromNavbar(page, ONLY_IN_1_0);
  await expect(suggestions.getByRole('option').first()).toContainText('Collapsible Sections');
  await page.goto(`/search?q=${ONLY_IN_1_0}`);
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
});
