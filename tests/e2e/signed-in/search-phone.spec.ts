/**
 * The navbar box on phones (375 px, the narrowest common screen, and 320 px): what a suggestion shows,
 * in each version, and how the box gives way in the navbar. (The search sheet itself: search-sheet.spec.ts.)
 */
import type {Locator} from '@playwright/test';
import {builtPageTitle} from '../../../testkit/realDocs';
import {builtDocPages} from '../../support/sidebars';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

test.use({viewport: {width: 375, height: 667}});

/** Whether the middle of an element is the element (or inside it), not something drawn over it. */
function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const {left, top, width, height} = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test("on a phone every suggestion shows its page's name, whole and on screen, in each version; the box gives way to the brand", async ({
  page,
  navbar,
  searchBox,
}) => {
  // Queries with a full list (8) in each version; 3.0's has the real docs' long page names.
  for (const {version, from, query, suggestions} of [
    {version: '1.0', from: '/1.0/intro', query: 'markdown', suggestions: 8},
    {version: '3.0', from: '/docs/chapter-1-introduction', query: 'fastify', suggestions: 8},
  ]) {
    await test.step(`in ${version}, every suggestion shows its page's name, whole and on screen`, async () => {
      const pageNames = new Set(
        builtDocPages(FIXTURE_SITE_BUILD)
          .filter((built) => (version === '1.0') === built.url.startsWith('/1.0/'))
          .map((built) => builtPageTitle(FIXTURE_SITE_BUILD, built.url)),
      );
      await page.goto(from);
      await navbar.expectHydrated();
      const popup = await searchBox.search(query);
      // Each page's own option, the first of its group (its other sections follow it).
      const options = popup.getByRole('listbox').getByRole('group').locator('[role="option"]:first-child');
      await expect(options.first()).toBeVisible();
      await expect(options).toHaveCount(suggestions);
      // The sheet's field stays in sight at the top, the list below it, off the screen's edges.
      await expect(searchBox.box).toBeInViewport({ratio: 1});
      const [field, list] = [(await searchBox.box.boundingBox())!, (await popup.getByRole('listbox').boundingBox())!];
      expect(list.y).toBeGreaterThanOrEqual(field.y + field.height);
      expect(list.x).toBeGreaterThanOrEqual(8);
      expect(list.x + list.width).toBeLessThanOrEqual(375 - 8);
      for (let position = 0; position < suggestions; position++) {
        const option = options.nth(position);
        // A suggestion's first line is the name of its page.
        const name = option.locator(':scope > span').first();
        // As a reader scrolls the popup to it: the whole suggestion in sight.
        await option.evaluate((element) => element.scrollIntoView({block: 'nearest'}));
        const text = (await name.innerText()).trim();
        expect(pageNames, `suggestion ${position + 1}: "${text}"`).toContain(text);
        await expect(name, text).toBeInViewport({ratio: 1});
        expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), `${text} is cut`).toBe(true);
        expect(await isOnTop(name), `${text} is covered`).toBe(true);
      }
    });
  }

  await test.step('on the narrowest phone the search box gives way: the brand stays whole beside it, the box on the screen', async () => {
    await searchBox.box.press('Escape');
    await page.getByRole('heading', {level: 1}).click();
    await expect(searchBox.box).not.toBeFocused();
    await page.setViewportSize({width: 320, height: 640});
    const title = navbar.main.locator('.navbar__inner .navbar__title');
    const box = page.getByRole('combobox', {name: 'Search'});
    await expect(box).toBeVisible();
    const [brand, search] = [(await title.boundingBox())!, (await box.boundingBox())!];
    expect(brand.x + brand.width, 'the title ends before the box').toBeLessThanOrEqual(search.x);
    expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth), 'the title is whole').toBe(true);
    expect(search.x + search.width).toBeLessThanOrEqual(320);
  });
});
