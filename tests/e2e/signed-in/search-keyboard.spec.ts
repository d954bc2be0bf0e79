/** The navbar box from the keyboard, as a WAI-ARIA combobox: the active suggestion, Enter, Escape, Ctrl+K. */
import {navbarSearch, searchFromNavbar} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';
import {expectHydrated} from '../navbar';

test('arrow keys move the active suggestion, which the box names, and Enter opens it', async ({page}) => {
  await page.goto('/1.0/intro');
  const {box, popup} = navbarSearch(page);
  await searchFromNavbar(page, 'markdown');
  const listbox = popup.getByRole('listbox', {name: 'Search suggestions'});
  const options = listbox.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(2);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await expect(listbox.getByRole('option', {selected: true})).toHaveCount(0);

  const activeIs = async (position: number) => {
    await expect(options.nth(position)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(position).getAttribute('id'))!);
    await expect(listbox.getByRole('option', {selected: true})).toHaveCount(1);
  };
  await box.press('ArrowDown');
  await activeIs(0);
  await box.press('ArrowDown');
  await activeIs(1);
  await box.press('ArrowUp');
  await activeIs(0);
  // Both ends wrap round.
  await box.press('ArrowUp');
  await activeIs(count - 1);
  await box.press('ArrowDown');
  await activeIs(0);
  await box.press('ArrowDown');
  await expect(box).toBeFocused();

  const title = (await options.nth(1).locator(':scope > span').first().innerText()).trim();
  await box.press('Enter');
  await expect(page).toHaveURL(/\?_highlight=markdown(#[\w-]+)?$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
  await expect(popup.getByRole('listbox')).toHaveCount(0);
});

test('Enter with no suggestion chosen opens the first; with none at all, the search page', async ({page}) => {
  await page.goto('/1.0/intro');
  const {box} = navbarSearch(page);
  await searchFromNavbar(page, ONLY_IN_1_0);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));

  await searchFromNavbar(page, 'zzzqqqxyzzy');
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=zzzqqqxyzzy&version=${encodeURIComponent('1.0/')}`);
  await expect(page.getByText('No results in 1.0.', {exact: true})).toBeVisible();
});

test('Escape closes the suggestions, then clears the box', async ({page}) => {
  await page.goto('/1.0/intro');
  const {box, popup} = navbarSearch(page);
  await searchFromNavbar(page, 'markdown');
  await expect(popup.getByRole('listbox')).toBeVisible();
  await box.press('Escape');
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  await expect(popup.getByRole('status')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-controls');
  await expect(box).toHaveValue('markdown');
  await expect(box).toBeFocused();
  // Down opens them again, as they were.
  await box.press('ArrowDown');
  await expect(popup.getByRole('listbox')).toBeVisible();
  await box.press('Escape');
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
});

test('Ctrl+K takes the reader to the box, its last query selected so that typing replaces it', async ({page}) => {
  await page.goto('/1.0/intro');
  await expectHydrated(page);
  const {box, popup} = navbarSearch(page);
  await searchFromNavbar(page, 'markdown');
  await page.getByRole('heading', {level: 1}).click();
  await expect(box).not.toBeFocused();
  await expect(popup.getByRole('listbox')).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 'markdown'.length]);
  await page.keyboard.type(ONLY_IN_1_0);
  await expect(box).toHaveValue(ONLY_IN_1_0);
  await expect(popup.getByRole('option').first()).toContainText('Collapsible Sections');
});
