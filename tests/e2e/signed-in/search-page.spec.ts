/**
 * The search page in the browser: loading, layout, axe and keys typed before hydration, walked on as few
 * loaded pages as they need. What its address means (versions, sections, what a control writes, what is
 * said when the address names nothing) is in the tables of tests/unit/searchPageAddress.test.ts; what a
 * reader sees and does on it (groups, menus, ways on, odd queries), in tests/component/searchPage.test.tsx.
 */
import type {Page} from '@playwright/test';
import {expectAccessibleInEachScheme, switchColourScheme} from '../../support/axe';
import {holdRequests} from '../../support/heldRequests';
import {PARTS_PATTERN} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';
import {holdPageCode} from '../hydration';

const FOUND = /^\d+ results? in \d+\.\d+\.$/;

/**
 * No serious or critical violation in the state of the page's own part (its main; the chrome around it is
 * checked with the whole search page in accessibility.spec.ts), light or dark; light again for what follows.
 */
async function expectAccessible(page: Page): Promise<void> {
  await expectAccessibleInEachScheme(page, {include: 'main'});
  await switchColourScheme(page, 'light');
}

const addressParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('answers the query of its address, links to what it found, and shows more on request', async ({page}) => {
  const parts = await holdRequests(page, PARTS_PATTERN);
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`);
  const field = page.getByRole('searchbox', {name: 'Search'});
  const found = page.getByRole('article').first().getByRole('heading', {level: 2}).getByRole('link');

  await test.step('while the results load, the footer stays below the fold: they push nothing on screen', async () => {
    await expect(field).toHaveValue(ONLY_IN_1_0);
    await expect(page.getByText('Searching…')).toBeVisible();
    const {top, fold} = await page
      .getByRole('contentinfo')
      .evaluate((footer) => ({top: footer.getBoundingClientRect().top, fold: innerHeight}));
    expect(top, `the footer's top, with the fold at ${fold} px`).toBeGreaterThanOrEqual(fold);
    parts.release();
  });

  await test.step("the answer in the address's version, in the box's words and the site's title", async () => {
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
    await expect(page).toHaveTitle(`Search results for "${ONLY_IN_1_0}" | Tutorial Hub`);
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    // Headed by its page's title, where it is under it.
    await expect(page.getByRole('article').first().getByRole('heading', {level: 2})).toHaveText('Collapsible Sections');
    await expect(page.getByRole('article').first()).toContainText('Tutorials › Tutorial Hub 1.0');
    await expect(found).toHaveAttribute('href', /^\/1\.0\/Collapsible\?_highlight=accordionlike/);
  });

  await test.step('a result opens its page with the words marked, and Back returns to the answer', async () => {
    await found.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
    await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
    await page.goBack();
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    await expect(field).toHaveValue(ONLY_IN_1_0);
  });

  await test.step("a result reads as a link where the query's words are marked too: the link's colour, underlined", async () => {
    await field.fill('collapsible');
    await expect(found.locator('mark').first()).toBeVisible();
    const looks = await found.evaluate((anchor) => ({
      link: getComputedStyle(anchor).color,
      mark: getComputedStyle(anchor.querySelector('mark')!).color,
      underline: getComputedStyle(anchor).textDecorationLine,
    }));
    expect(looks.mark).toBe(looks.link);
    expect(looks.underline).toBe('underline');
  });

  await test.step('20 answers, then 20 more at each "Show more results", the focus on the first one added', async () => {
    await page.getByRole('combobox', {name: 'Version'}).selectOption({label: 'Version 3.0'});
    await field.fill('fastify');
    const status = page.getByText(/^\d+ results? in 3\.0\.$/);
    await expect(status).toBeVisible();
    const total = Number(/^(\d+)/.exec((await status.textContent())!)![1]);
    expect(total, 'answers to "fastify" in the real docs').toBeGreaterThan(40);
    const titles = page.getByRole('article').getByRole('heading', {level: 2}).getByRole('link');
    await expect(titles).toHaveCount(20);
    await expectAccessible(page);
    await page.getByRole('button', {name: `Show more results (${total - 20} more)`}).click();
    await expect(titles).toHaveCount(40);
    await expect(titles.nth(20)).toBeFocused();
    expect(addressParam(page, 'more')).toBe('1');
    await expect(page.getByRole('button', {name: `Show more results (${total - 40} more)`})).toBeVisible();
  });
});

test("its no-results states pass axe in both colour schemes, and on a phone its menus take the box's width", async ({page}) => {
  // What each state says and where its links lead: tests/component/searchPage.test.tsx.
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('9.9/')}`);
  const status = page.getByText(/^No results in /);
  const versionMenu = page.getByRole('combobox', {name: 'Version'});
  const sectionMenu = page.getByRole('combobox', {name: 'Search in'});

  await test.step('a version that does not exist named, and all versions offered', async () => {
    await expect(status).toHaveText('No results in 3.0. Search all versions: 1 result in 1.0');
    await expectAccessible(page);
  });

  await test.step('a section without answers, and everywhere offered', async () => {
    await versionMenu.selectOption({label: 'Version 1.0'});
    await sectionMenu.selectOption({label: 'Tutorial - Basics (1.0)'});
    await expect(status).toHaveText('No results in Tutorial - Basics (1.0). Search everywhere: 1 result in 1.0');
    await expectAccessible(page);
  });

  await test.step("on a phone, the menus take the box's width, off the edges of the screen", async () => {
    await page.setViewportSize({width: 390, height: 844});
    const box = (await page.getByRole('searchbox', {name: 'Search'}).boundingBox())!;
    for (const menu of [versionMenu, sectionMenu]) {
      const bounds = (await menu.boundingBox())!;
      expect([bounds.x, bounds.x + bounds.width]).toEqual([box.x, box.x + box.width]);
    }
    expect(box.x).toBeGreaterThanOrEqual(12);
  });
});

test('keeps every key: typed before the page hydrated, then at 20 ms a key', async ({page}) => {
  const {hydrate} = await holdPageCode(page);
  await page.goto('/search', {waitUntil: 'commit'});
  const box = page.getByRole('searchbox', {name: 'Search'});
  await box.fill('documentation');
  await hydrate();
  await box.press('End');
  await box.pressSequentially(' sidebar', {delay: 20});
  await expect(box).toHaveValue('documentation sidebar');
  expect(addressParam(page, 'q')).toBe('documentation sidebar');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "documentation sidebar"');
  await expect(page.getByText(FOUND)).toBeVisible();
});
