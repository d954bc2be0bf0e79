/**
 * The navbar box from the keyboard, as a WAI-ARIA combobox, walked on one loaded page.
 * Which key does what in each state (the option ↓ selects in grouped lists, wrapping, Home/End, what
 * Escape clears, what Enter opens) is boxReducer's, tabled in tests/unit/boxReducer.test.ts: these
 * check that the page is wired to it (the box names the active option, keeps it in sight, follows it).
 */
import {ANSWERED} from '../../../testkit/searchBox';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('the keys over the suggestions (the active option named and in sight, Home, Escape, Enter), and the ways into the box and out of it ("/", Ctrl+K, Tab to the popup\'s links and Escape back)', async ({
  page,
  navbar,
  searchBox,
}) => {
  // A short screen: the list is taller than the popup's room, so the active option must be scrolled to.
  await page.setViewportSize({width: 1280, height: 420});
  await page.goto('/1.0/intro');
  const {box, popup} = searchBox;
  const listbox = popup.getByRole('listbox', {name: 'Search suggestions'});
  const options = listbox.getByRole('option');
  const activeIs = async (position: number) => {
    await expect(options.nth(position)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(position).getAttribute('id'))!);
    await expect(listbox.getByRole('option', {selected: true})).toHaveCount(1);
    await expect(options.nth(position)).toBeInViewport({ratio: 0.99});
  };

  await test.step('the box names its list, no option active yet', async () => {
    await searchBox.search('markdown');
    expect(await options.count()).toBeGreaterThan(4);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(listbox.getByRole('option', {selected: true})).toHaveCount(0);
  });

  await test.step('↓ down the whole list: each option active, named by the box and in sight; round both ends', async () => {
    const count = await options.count();
    for (let position = 0; position < count; position += 1) {
      await box.press('ArrowDown');
      await activeIs(position);
    }
    await box.press('ArrowDown');
    await activeIs(0);
    await box.press('ArrowUp');
    await activeIs(count - 1);
    await box.press('ArrowDown');
    await activeIs(0);
    await expect(box).toBeFocused();
  });

  await test.step('Home takes the reader back to the field: no option active', async () => {
    await box.press('Home');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(listbox.getByRole('option', {selected: true})).toHaveCount(0);
  });

  await test.step('Escape closes the suggestions, keeping the query; ↓ opens them again; Escape twice empties the box', async () => {
    await box.press('Escape');
    await expect(popup.getByRole('listbox')).toHaveCount(0);
    await expect(popup.getByRole('status')).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-controls');
    await expect(box).toHaveValue('markdown');
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await expect(popup.getByRole('listbox')).toBeVisible();
    await box.press('Escape');
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
  });

  await test.step('Enter opens the active option: its page, the words marked; the box closes', async () => {
    await searchBox.search('markdown');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    // The second option: the first page's next section, or the next page; its group names its page.
    const title = await options.nth(1).locator('xpath=ancestor::*[@role="group"][1]').getAttribute('aria-label');
    await box.press('Enter');
    await expect(page).toHaveURL(/\?_highlight=markdown(#[\w-]+)?$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(title!);
    await expect(popup.getByRole('listbox')).toHaveCount(0);
  });

  await test.step('Enter with no option chosen opens the first suggestion', async () => {
    await searchBox.search(ONLY_IN_1_0);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
  });

  await test.step('Enter with no suggestion at all opens the search page', async () => {
    await searchBox.search('zzzqqqxyzzy');
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=zzzqqqxyzzy&version=${encodeURIComponent('1.0/')}`);
    await expect(page.getByText(/^No results in 1\.0\./)).toBeVisible();
  });

  // Back in the page to the doc the last Enter but one opened, on a screen of the usual height, the box
  // emptied (it keeps its query from page to page).
  await box.fill('');
  await page.setViewportSize({width: 1280, height: 720});
  await page.goBack();
  const heading = page.getByRole('heading', {level: 1});
  await expect(heading).toHaveText('Collapsible Sections');

  await test.step('"/" outside a field takes the reader to the box, as its hint says; typed in the box, it is a character', async () => {
    const hint = navbar.main.locator('.navbar__search input ~ kbd');
    await expect(hint).toHaveText('Ctrl K');
    await heading.click();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    await expect(hint).toBeHidden();
    await page.keyboard.type('a/b');
    await expect(box).toHaveValue('a/b');
  });

  await test.step('Ctrl+K takes the reader to the box, its last query selected so that typing replaces it', async () => {
    await searchBox.search('markdown');
    await heading.click();
    await expect(box).not.toBeFocused();
    await expect(popup.getByRole('listbox')).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 'markdown'.length]);
    await page.keyboard.type(ONLY_IN_1_0);
    await expect(box).toHaveValue(ONLY_IN_1_0);
    // Answered for the new words, not the list for "markdown" still on screen.
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('status')).toHaveText(ANSWERED);
    await expect(popup.getByRole('option').first()).toContainText('Collapsible Sections');
  });

  await test.step("Tab from the box reaches the popup's links; Escape there brings the reader back; Enter follows a link", async () => {
    await searchBox.search('markdown');
    await box.press('Tab');
    const seeAll = popup.getByRole('link', {name: 'See all results'});
    await expect(seeAll).toBeFocused();
    await expect(popup.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toBeFocused();
    await expect(popup.getByRole('listbox')).toHaveCount(0);
    await box.press('ArrowDown');
    await box.press('Tab');
    await expect(seeAll).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/search?q=markdown&version=${encodeURIComponent('1.0/')}`);
  });
});
