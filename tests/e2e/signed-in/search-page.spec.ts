/**
 * The search page, its concerns walked on as few loaded pages as they need, with the page's own
 * controls and links rather than a load per point. What its address means (versions, sections, what a
 * control writes, what is said when the address names nothing) is in the tables of
 * tests/unit/searchPageAddress.test.ts; these prove the page is wired to it, as a reader sees it.
 */
import type {Page} from '@playwright/test';
import {MANIFEST_FILE} from '../../../contracts/searchIndexFiles';
import {CURRENT_VERSION} from '../../../contracts/siteVersions';
import {expectAccessibleInEachScheme, switchColourScheme} from '../../support/axe';
import {holdRequests} from '../../support/heldRequests';
import {isPartUrl, PARTS_PATTERN} from '../../support/search';
import {everyReadersVersions, sectionSearchCases} from '../../support/searchSections';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {TEST_DOCS} from '../../support/siteCopies';
import {expect, FIXTURE_SITE, test} from '../fixtureSite';
import {holdPageCode} from '../hydration';

const FOUND = /^\d+ results? in \d+\.\d+\.$/;

/** The pages the search page lists, as their links' addresses without the highlight. */
async function resultLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('article').getByRole('heading', {level: 2}).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) => anchors.map((anchor) => (anchor.getAttribute('href') ?? '').replace(/\?.*$/, '')));
}

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
    await page.getByRole('combobox', {name: 'Version'}).selectOption({label: 'Version 2.0'});
    await field.fill('fastify');
    const status = page.getByText(/^\d+ results? in 2\.0\.$/);
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

test('never dead-ends: it names what the address got wrong, offers the wider search where it has answers, else a tip, and lets the reader choose', async ({
  page,
}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('9.9/')}`);
  const status = page.getByText(/^No results in /);
  const versionMenu = page.getByRole('combobox', {name: 'Version'});
  const sectionMenu = page.getByRole('combobox', {name: 'Search in'});

  await test.step('a version that does not exist is named, and the version at the root searched; all versions, where another has answers, linked', async () => {
    await expect(page.getByRole('status')).toHaveText('There is no version “9.9” of these docs. Showing results from all of version 2.0.');
    await expect(status).toHaveText('No results in 2.0. Search all versions: 1 result in 1.0');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectAccessible(page);
    await status.getByRole('link', {name: 'Search all versions: 1 result in 1.0'}).click();
    expect(addressParam(page, 'version')).toBe('1.0/');
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    await expect(versionMenu).toHaveValue('1.0');
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  await test.step('a section without answers offers everywhere, where its version has some', async () => {
    await sectionMenu.selectOption({label: 'Tutorial - Basics (1.0)'});
    expect([addressParam(page, 'ctx'), addressParam(page, 'version')]).toEqual(['1.0/tutorial-basics', '1.0/']);
    await expect(status).toHaveText('No results in Tutorial - Basics (1.0). Search everywhere: 1 result in 1.0');
    await expectAccessible(page);
    await status.getByRole('link', {name: 'Search everywhere: 1 result in 1.0'}).click();
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    expect(addressParam(page, 'ctx')).toBeNull();
    await expect(sectionMenu).toHaveValue('');
  });

  await test.step('nothing anywhere, from a section or not: a tip, and no link that leads to the same nothing', async () => {
    const field = page.getByRole('searchbox', {name: 'Search'});
    await field.fill('zqxj vvkw');
    await expect(status).toHaveText('No results in 1.0. Try fewer or other words, and check their spelling.');
    await sectionMenu.selectOption({label: 'Tutorial - Basics (1.0)'});
    await expect(status).toHaveText('No results in Tutorial - Basics (1.0). Try fewer or other words, and check their spelling.');
    await expect(status.getByRole('link')).toHaveCount(0);
    await sectionMenu.selectOption('');
    await field.fill(ONLY_IN_1_0);
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
  });

  await test.step('the version menu, the query kept', async () => {
    await versionMenu.selectOption({label: 'Version 2.0'});
    await expect(status).toHaveText('No results in 2.0. Search all versions: 1 result in 1.0');
    expect(addressParam(page, 'version')).toBe('2.0');
    await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(ONLY_IN_1_0);
    await versionMenu.selectOption({label: 'Version 1.0'});
    await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
    expect(addressParam(page, 'version')).toBe('1.0/');
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

test("queries of every shape break nothing: 3,000 characters in the address answered at once, malformed ones typed; no autofocus. Each version offers its own sections, and each section keeps to its pages of the version's one index", async ({
  page,
  navbar,
}) => {
  const indexFiles: string[] = [];
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (pathname.includes('search-index') && !isPartUrl(request.url())) indexFiles.push(pathname);
  });
  const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
    .join(' ')
    .slice(0, 3000);
  await page.goto(`/search?${new URLSearchParams({q: huge, version: '1.0/'})}`);
  await expect(page.getByText(/^No results in 1\.0\./)).toBeVisible({timeout: 5000});
  const box = page.getByRole('searchbox', {name: 'Search'});
  // No autofocus: the skip link and the heading come first.
  await expect(box).not.toBeFocused();
  // Each one typed goes to the address, is answered, and the error guard sees no error.
  for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
    await test.step(JSON.stringify(query), async () => {
      await box.fill(query);
      await expect.poll(() => addressParam(page, 'q')).toBe(query);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
      await expect(page.getByText(/^(\d+ results? in 1\.0\.|No results in 1\.0\.( .*)?)$/)).toBeVisible();
      await expect(navbar.main).toBeVisible();
    });
  }
  await box.fill(ONLY_IN_1_0);
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections', {timeout: 3000});

  // Which version a section of the address decides is searchPageAddress's (its tables); here, a section chosen.
  const menu = page.getByRole('combobox', {name: 'Search in'});
  await test.step('a section of 1.0 keeps to its pages', async () => {
    await box.fill('the');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "the"');
    await menu.selectOption({label: 'Tutorial - Basics (1.0)'});
    expect(addressParam(page, 'ctx')).toBe('1.0/tutorial-basics');
    await expect(page.getByText(FOUND)).toBeVisible();
    expect((await resultLinks(page)).filter((href) => !href.startsWith('/1.0/tutorial-basics/'))).toEqual([]);
  });

  const cases = sectionSearchCases(FIXTURE_SITE);
  for (const version of everyReadersVersions(TEST_DOCS).reverse()) {
    await test.step(`the sections of ${version.label}`, async () => {
      const newest = version.name === CURRENT_VERSION;
      const ofVersion = cases.filter((searched) => searched.versionParam === (newest ? '' : `${version.route}/`));
      if (newest) await page.getByRole('combobox', {name: 'Version'}).selectOption({label: `Version ${version.label}`});
      else {
        // "All of 1.0" stays in 1.0, and says so in the address.
        await menu.selectOption('');
        expect(addressParam(page, 'version')).toBe(`${version.route}/`);
      }
      await expect(menu.getByRole('option')).toHaveText([
        `All of ${version.label}`,
        ...ofVersion.filter((c) => c.section).map((c) => c.sectionLabel!),
      ]);
      await expect(page.getByText(new RegExp(`^\\d+ results? in ${version.label.replace('.', '\\.')}\\.$`))).toBeVisible();
      const whole = await resultLinks(page);
      for (const searched of ofVersion.filter((c) => c.section)) {
        await menu.selectOption(searched.section);
        expect(addressParam(page, 'ctx')).toBe(searched.section);
        await expect(page.getByText(FOUND)).toBeVisible();
        const links = await resultLinks(page);
        expect(links.filter((href) => !href.startsWith(`/${searched.section}/`))).toEqual([]);
        expect(links.length).toBeLessThan(whole.length);
      }
      await menu.selectOption('');
      await expect(page.getByText(FOUND)).toBeVisible();
      expect(await resultLinks(page)).toEqual(whole);
    });
  }
  // One index per version: no section has a file of its own (the box beside loads its own version's manifest).
  expect(new Set(indexFiles)).toEqual(new Set(cases.map((searched) => searched.manifest)));
  expect(indexFiles.filter((file) => !file.endsWith(`/${MANIFEST_FILE}`))).toEqual([]);
});
