/** The navbar box from the keyboard, as a WAI-ARIA combobox: the active suggestion, Enter, Escape, Tab, Ctrl+K and "/". */
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('arrow keys move the active suggestion, which the box names, and Enter opens it', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const {box, popup} = searchBox;
  await searchBox.search('markdown');
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

  // The second option: the first page's next section, or the next page; its group names its page.
  const title = await options.nth(1).locator('xpath=ancestor::*[@role="group"][1]').getAttribute('aria-label');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?_highlight=markdown(#[\w-]+)?$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title!);
  await expect(popup.getByRole('listbox')).toHaveCount(0);
});

test('Enter with no suggestion chosen opens the first; with none at all, the search page', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const {box} = searchBox;
  await searchBox.search(ONLY_IN_1_0);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));

  await searchBox.search('zzzqqqxyzzy');
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=zzzqqqxyzzy&version=${encodeURIComponent('1.0/')}`);
  await expect(page.getByText('No results in 1.0.', {exact: true})).toBeVisible();
});

test('Escape closes the suggestions, then clears the box', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const {box, popup} = searchBox;
  await searchBox.search('markdown');
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

test('Ctrl+K takes the reader to the box, its last query selected so that typing replaces it', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box, popup} = searchBox;
  await searchBox.search('markdown');
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

test('"/" outside a field takes the reader to the box; typed in a field, it is a character', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;
  // The hint says how, until the reader is in the box.
  const hint = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__search kbd');
  await expect(hint).toHaveText('Ctrl K');
  await page.getByRole('heading', {level: 1}).click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
  await expect(hint).toBeHidden();
  await page.keyboard.type('a/b');
  await expect(box).toHaveValue('a/b');
});

test("Tab from the box reaches the popup's links, and Escape there brings the reader back to the box", async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const {box, popup} = searchBox;
  await searchBox.search('markdown');
  await box.press('Tab');
  const seeAll = popup.getByRole('link', {name: 'See all results'});
  await expect(seeAll).toBeFocused();
  await expect(popup.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toBeFocused();
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  // Down opens the list again; Tab to the link and Enter follows it.
  await box.press('ArrowDown');
  await box.press('Tab');
  await expect(seeAll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=markdown&version=${encodeURIComponent('1.0/')}`);
});

test.describe('on a short screen', () => {
  test.use({viewport: {width: 1280, height: 420}});

  test('the active suggestion stays in sight as the arrow keys move it down the list and round', async ({page, searchBox}) => {
    await page.goto('/1.0/intro');
    const {box, popup} = searchBox;
    await searchBox.search('markdown');
    const options = popup.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(4);
    for (let position = 0; position < count; position += 1) {
      await box.press('ArrowDown');
      await expect(options.nth(position)).toHaveAttribute('aria-selected', 'true');
      await expect(options.nth(position)).toBeInViewport({ratio: 0.99});
    }
    await box.press('ArrowDown');
    await expect(options.first()).toBeInViewport({ratio: 0.99});
  });
});
