/**
 * The navbar's search on a phone (the theme's mobile breakpoint): opened, it is a full-screen sheet, a
 * modal dialog as DocSearch's is, with the field across the screen, Cancel, and the box's own list, keys
 * and footer, walked on one loaded page. (What a suggestion shows on a phone: search-phone.spec.ts.)
 */
import type {Locator, Page} from '@playwright/test';
import type {Navbar} from '../navbar';
import {expect, test} from '../fixtureSite';

const PHONE = {width: 390, height: 844};
test.use({viewport: PHONE});

/** Two frames: whatever a wheel turn scrolls has begun by then. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Whether the middle of an element is the element (or inside it), not something drawn over it. */
function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const {left, top, width, height} = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** The sheet is closed, the focus on the navbar's box, which kept the query, beside the brand. */
async function expectClosedToNavbar(sheet: Locator, box: Locator, navbar: Navbar): Promise<void> {
  await expect(sheet).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('markdown');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  const navbarBounds = (await navbar.main.boundingBox())!;
  const boxBounds = (await box.boundingBox())!;
  expect(boxBounds.y + boxBounds.height).toBeLessThanOrEqual(navbarBounds.y + navbarBounds.height);
  expect(boxBounds.width).toBeLessThan(PHONE.width / 2);
}

test("the phone's search sheet: opened full-screen, the page behind it still, its list, keys, Tab, Escape, Cancel, Ctrl+K", async ({
  page,
  navbar,
  searchBox,
}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box, popup} = searchBox;
  const sheet = page.getByRole('dialog', {name: 'Search'});

  await test.step('tapping the box opens a full-screen sheet, which says why it is empty', async () => {
    await expect(sheet).toHaveCount(0);
    await box.click();
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(await sheet.boundingBox()).toEqual({x: 0, y: 0, ...PHONE});
    await expect(sheet.getByRole('combobox', {name: 'Search'})).toBeFocused();
    await expect(sheet.getByRole('button', {name: 'Cancel'})).toBeVisible();
    // Nothing searched yet in this browser.
    await expect(sheet.getByText('No recent searches.')).toBeVisible();
  });

  await test.step('the page behind the sheet does not scroll', async () => {
    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    await page.mouse.wheel(0, 600);
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  await test.step('a long query is whole; the list is below the field, across the screen, the field in sight and on top', async () => {
    // The navbar's box showed 9 of these 29 characters; the sheet's field shows them all.
    await searchBox.search('markdown front matter example');
    expect(await box.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth), 'the query is cut').toBe(true);
    const field = (await box.boundingBox())!;
    expect(field.width).toBeGreaterThan(PHONE.width * 0.6);
    await expect(box).toBeInViewport({ratio: 1});
    expect(await isOnTop(box), 'the box is under the list').toBe(true);
    // The same list and footer as the popup on a desktop, below the field, off the screen's edges.
    const list = popup.getByRole('listbox', {name: 'Search suggestions'});
    await expect(list.getByRole('option').first()).toBeVisible();
    const listBounds = (await list.boundingBox())!;
    expect(listBounds.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(listBounds.x).toBeGreaterThanOrEqual(8);
    expect(listBounds.x + listBounds.width).toBeLessThanOrEqual(PHONE.width - 8);
    await expect(popup.getByRole('status')).toHaveText(/^\d+ of \d+ results?\.$/);
    // The footer ends the list: scrolled to, it is in sight, and the field stays on top.
    const seeAll = sheet.getByRole('link', {name: 'See all results'});
    await seeAll.scrollIntoViewIfNeeded();
    await expect(seeAll).toBeInViewport();
    await expect(box).toBeInViewport({ratio: 1});
  });

  await test.step('the arrows move through the suggestions, named by the box', async () => {
    await searchBox.search('markdown');
    const options = sheet.getByRole('option');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  });

  await test.step('Tab and Shift+Tab go round the sheet, never to the page behind it; Escape from a link closes it', async () => {
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
    await page.keyboard.press('Escape');
    await expectClosedToNavbar(sheet, box, navbar);
  });

  for (const how of ['Escape', 'Cancel'] as const) {
    await test.step(`tapped again, the sheet opens as it was; ${how} closes it, the focus back on the navbar's box`, async () => {
      await box.click();
      await expect(sheet.getByRole('listbox', {name: 'Search suggestions'})).toBeVisible();
      if (how === 'Escape') await box.press('Escape');
      else await sheet.getByRole('button', {name: 'Cancel'}).click();
      await expectClosedToNavbar(sheet, box, navbar);
    });
  }

  await test.step('closed, the same turn of the wheel scrolls the page', async () => {
    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  await test.step('Ctrl+K opens the sheet from anywhere on the page', async () => {
    await page.getByRole('heading', {level: 1}).click();
    await expect(box).not.toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(sheet).toBeVisible();
    await expect(box).toBeFocused();
  });

  await test.step('Enter opens the active suggestion and closes the sheet', async () => {
    await box.press('ArrowDown');
    const first = sheet.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const title = (await first.locator(':scope > span').first().innerText()).trim();
    await box.press('Enter');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
    await expect(sheet).toHaveCount(0);
    await expect(popup.getByRole('listbox')).toHaveCount(0);
  });
});
