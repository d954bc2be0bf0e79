/** The navbar box on a phone (375 px, the narrowest common screen): what a suggestion shows, and where the list goes in the search sheet (search-sheet.spec.ts). */
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

// Queries with a full list (8) in each version; 2.0's has the real docs' long page names.
for (const {version, page: from, query, suggestions} of [
  {version: '1.0', page: '/1.0/intro', query: 'markdown', suggestions: 8},
  {version: '2.0', page: '/chapter-1-introduction', query: 'fastify', suggestions: 8},
]) {
  test(`in ${version}, every suggestion shows its page's name, whole and on screen`, async ({page, navbar, searchBox}) => {
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
    const count = suggestions;

    for (let position = 0; position < count; position++) {
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

test("the sheet's field stays in sight at the top while the reader types, the list below it across the screen", async ({
  page,
  navbar,
  searchBox,
}) => {
  await page.goto('/1.0/intro');
  await navbar.expectHydrated();
  const {box} = searchBox;
  const popup = await searchBox.search('markdown');
  const list = popup.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(box).toBeInViewport({ratio: 1});
  expect(await isOnTop(box), 'the box is under the list').toBe(true);
  const boxBounds = (await box.boundingBox())!;
  const listBounds = (await list.boundingBox())!;
  expect(listBounds.y).toBeGreaterThanOrEqual(boxBounds.y + boxBounds.height);
  // Within the screen's width, off its edges.
  expect(listBounds.x).toBeGreaterThanOrEqual(8);
  expect(listBounds.x + listBounds.width).toBeLessThanOrEqual(375 - 8);
});

test.describe('on the narrowest phone', () => {
  test.use({viewport: {width: 320, height: 640}});

  test('the search box gives way: the brand stays whole beside it, and the box stays on the screen', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    const title = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__inner .navbar__title');
    const box = page.getByRole('combobox', {name: 'Search'});
    await expect(box).toBeVisible();
    const [brand, search] = [(await title.boundingBox())!, (await box.boundingBox())!];
    expect(brand.x + brand.width, 'the title ends before the box').toBeLessThanOrEqual(search.x);
    expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth), 'the title is whole').toBe(true);
    expect(search.x + search.width).toBeLessThanOrEqual(320);
  });
});
