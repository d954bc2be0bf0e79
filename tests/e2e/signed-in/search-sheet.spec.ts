/**
 * The navbar's search on a phone (the theme's mobile breakpoint): opened, it is a full-screen sheet, a
 * modal dialog as DocSearch's is, with the field across the screen, Cancel, and the box's own list, keys
 * and footer. (What a suggestion shows on a phone: search-phone.spec.ts.)
 */
import type {Page} from '@playwright/test';
import {expect, test} from '../fixtureSite';

const PHONE = {width: 390, height: 844};
test.use({viewport: PHONE});

const sheetOf = (page: Page) => page.getByRole('dialog', {name: 'Search'});

/** Two frames: whatever a wheel turn scrolls has begun by then. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

test('tapping the box opens a full-screen sheet in which a long query is whole', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;
  const sheet = sheetOf(page);
  await expect(sheet).toHaveCount(0);
  await box.click();

  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  expect(await sheet.boundingBox()).toEqual({x: 0, y: 0, ...PHONE});
  await expect(sheet.getByRole('combobox', {name: 'Search'})).toBeFocused();
  await expect(sheet.getByRole('button', {name: 'Cancel'})).toBeVisible();
  // Nothing searched yet in this browser: the sheet says why it is empty.
  await expect(sheet.getByText('No recent searches.')).toBeVisible();

  // The navbar's box showed 9 of these 29 characters; the sheet's field shows them all.
  const query = 'markdown front matter example';
  const popup = await searchBox.search(query);
  expect(await box.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth), 'the query is cut').toBe(true);
  const field = (await box.boundingBox())!;
  expect(field.width).toBeGreaterThan(PHONE.width * 0.6);
  // The same list and footer as the popup on a desktop, below the field.
  const list = popup.getByRole('listbox', {name: 'Search suggestions'});
  await expect(list.getByRole('option').first()).toBeVisible();
  expect((await list.boundingBox())!.y).toBeGreaterThanOrEqual(field.y + field.height);
  await expect(popup.getByRole('status')).toHaveText(/^\d+ of \d+ results?\.$/);
  await expect(sheet.getByRole('link', {name: 'See all results'})).toBeInViewport();
});

test('the arrows move through the suggestions and Enter opens the active one', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box, popup} = searchBox;
  await searchBox.search('markdown');
  const options = sheetOf(page).getByRole('option');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  // Back on the first, a page (the rows under a page may be its sections).
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  const title = (await options.nth(0).locator(':scope > span').first().innerText()).trim();

  await box.press('Enter');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
  await expect(sheetOf(page)).toHaveCount(0);
  await expect(popup.getByRole('listbox')).toHaveCount(0);
});

for (const how of ['Escape', 'Cancel'] as const) {
  test(`${how} closes the sheet and the focus returns to the navbar's search box`, async ({page, navbar, searchBox}) => {
    await page.goto('/1.0/intro');
    await navbar.expectHydrated();
    const {box} = searchBox;
    await searchBox.search('markdown');
    await expect(sheetOf(page)).toBeVisible();
    if (how === 'Escape') await box.press('Escape');
    else await sheetOf(page).getByRole('button', {name: 'Cancel'}).click();

    await expect(sheetOf(page)).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('markdown');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    // Back in the navbar, beside the brand.
    const navbarBounds = (await navbar.main.boundingBox())!;
    const boxBounds = (await box.boundingBox())!;
    expect(boxBounds.y + boxBounds.height).toBeLessThanOrEqual(navbarBounds.y + navbarBounds.height);
    expect(boxBounds.width).toBeLessThan(PHONE.width / 2);
    // Tapped again, the box opens the sheet again, as it was.
    await box.click();
    await expect(sheetOf(page).getByRole('listbox', {name: 'Search suggestions'})).toBeVisible();
  });
}

test('Tab and Shift+Tab go round the sheet, never to the page behind it', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;
  await searchBox.search('markdown');
  const sheet = sheetOf(page);
  const focusInSheet = () => sheet.evaluate((element) => element.contains(document.activeElement));
  // The field, Cancel and the footer's links: round once and back to the field.
  const stops = ['Search', 'Cancel', ...(await sheet.locator('a[href]:not([tabindex="-1"])').allInnerTexts())];
  expect(stops.length).toBeGreaterThan(2);
  for (let press = 0; press < stops.length; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInSheet(), `Tab ${press + 1}`).toBe(true);
  }
  await expect(box).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(sheet.getByRole('link', {name: stops.at(-1)!})).toBeFocused();
  // Escape from a link closes the sheet too, and the focus is the navbar box's.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(box).toBeFocused();
});

test('the page behind the sheet does not scroll', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;
  await box.click();
  await expect(sheetOf(page)).toBeVisible();
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  await page.mouse.wheel(0, 600);
  await nextFrames(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The same turn of the wheel scrolls the page once the sheet is closed.
  await box.press('Escape');
  await expect(sheetOf(page)).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('Ctrl+K opens the sheet from anywhere on the page', async ({page, navbar, searchBox}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  await page.getByRole('heading', {level: 1}).click();
  await page.keyboard.press('Control+k');
  await expect(sheetOf(page)).toBeVisible();
  await expect(searchBox.box).toBeFocused();
});
