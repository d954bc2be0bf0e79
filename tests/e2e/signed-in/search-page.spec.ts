/** The search page: the version and section it searches, what it offers, and the queries it is given. */
import type {Page} from '@playwright/test';
import {MANIFEST_FILE} from '../../../contracts/searchIndexFiles';
import {holdParts, isPartUrl} from '../../support/search';
import {sectionSearchCases} from '../../support/searchSections';
import {siteVersions} from '../../../contracts/siteVersions';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, FIXTURE_SITE, test} from '../fixtureSite';
import {TEST_DOCS} from '../../support/siteCopies';
import {holdPageCode} from '../hydration';

const FOUND = /^\d+ results? in \d+\.\d+\.$/;

/** The pages the search page lists, as their links' addresses without the highlight. */
async function resultLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('article').getByRole('heading', {level: 2}).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) => anchors.map((anchor) => (anchor.getAttribute('href') ?? '').replace(/\?.*$/, '')));
}

test('answers ?q= in the version given, and leads to the page found, highlighted', async ({page}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
  await expect(page).toHaveTitle(`Search results for "${ONLY_IN_1_0}" | Tutorial Hub`);
  await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
  await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(ONLY_IN_1_0);
  const results = page.getByRole('article');
  await expect(page.getByText(FOUND)).toBeVisible();
  await expect(results.first()).toContainText('Tutorials › Tutorial Hub 1.0 › Collapsible Sections');
  const found = results.first().getByRole('heading', {level: 2}).getByRole('link');
  await expect(found).toHaveAttribute('href', /^\/1\.0\/Collapsible\?_highlight=accordionlike/);

  await found.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
  await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
});

test("a result reads as a link where the query's words are marked too: the link's colour, underlined", async ({page}) => {
  await page.goto(`/search?q=collapsible&version=${encodeURIComponent('1.0/')}`);
  const link = page.getByRole('article').first().getByRole('heading', {level: 2}).getByRole('link');
  await expect(link.locator('mark').first()).toBeVisible();
  const looks = await link.evaluate((anchor) => ({
    link: getComputedStyle(anchor).color,
    mark: getComputedStyle(anchor.querySelector('mark')!).color,
    underline: getComputedStyle(anchor).textDecorationLine,
  }));
  expect(looks.mark).toBe(looks.link);
  expect(looks.underline).toBe('underline');
});

test('keeps the footer below the fold while the results load, so that they push nothing on screen', async ({page, context}) => {
  const {release} = await holdParts(context);
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`);
  await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(ONLY_IN_1_0);
  const {top, fold} = await page
    .getByRole('contentinfo')
    .evaluate((footer) => ({top: footer.getBoundingClientRect().top, fold: innerHeight}));
  expect(top, `the footer's top, with the fold at ${fold} px`).toBeGreaterThanOrEqual(fold);
  release();
  await expect(page.getByText(FOUND)).toBeVisible();
});

test('without a version searches 2.0', async ({page}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}`);
  // Followed by the version that has answers (search-page-ways-on.spec.ts).
  await expect(page.getByText(/^No results in 2\.0\./)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('accepts a version written without its trailing slash', async ({page}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}&version=1.0`);
  await expect(page.getByRole('heading', {level: 2, name: 'How collapsible sections work'})).toBeVisible();
});

test('a version that does not exist is named, and the current version searched instead', async ({page}) => {
  await page.goto(`/search?q=markdown&version=${encodeURIComponent('9.9/')}`);
  await expect(page.getByRole('status')).toHaveText('There is no version “9.9” of these docs. Showing results from all of version 2.0.');
  await expect(page.getByText(FOUND)).toBeVisible();
});

for (const version of siteVersions(TEST_DOCS)) {
  test(`offers the sections of ${version.label} only, and each one keeps to its own pages of the version's index`, async ({
    page,
    context,
  }) => {
    const cases = sectionSearchCases(FIXTURE_SITE).filter(
      (searched) => searched.versionParam === (version.route === '' ? '' : `${version.route}/`),
    );
    const indexFiles: string[] = [];
    context.on('request', (request) => {
      const {pathname} = new URL(request.url());
      if (pathname.includes('search-index') && !isPartUrl(request.url())) indexFiles.push(pathname);
    });
    await page.goto(`/search?${new URLSearchParams({q: 'the', ...(version.route ? {version: `${version.route}/`} : {})})}`);
    const menu = page.getByRole('combobox', {name: 'Search in'});
    await expect(menu.getByRole('option')).toHaveText([
      `All of ${version.label}`,
      ...cases.filter((c) => c.context).map((c) => c.contextLabel!),
    ]);
    await expect(page.getByText(FOUND)).toBeVisible();
    const whole = await resultLinks(page);

    // Each section filters the version's index: its pages only, found in the whole version too.
    for (const searched of cases.filter((c) => c.context)) {
      await menu.selectOption(searched.context);
      await expect(menu).toHaveValue(searched.context);
      await expect(page).toHaveURL(new RegExp(`[?&]ctx=${encodeURIComponent(searched.context)}(&|$)`));
      await expect(page.getByText(FOUND)).toBeVisible();
      const links = await resultLinks(page);
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((href) => !href.startsWith(`/${searched.context}/`))).toEqual([]);
      expect(links.length).toBeLessThan(whole.length);
    }
    await menu.selectOption('');
    await expect(page.getByText(FOUND)).toBeVisible();
    expect(await resultLinks(page)).toEqual(whole);
    // One index per version: no section has a file of its own (the box beside loads its own version's manifest).
    expect(indexFiles).toContain(cases[0]!.manifest);
    expect(indexFiles.filter((file) => !file.endsWith(`/${MANIFEST_FILE}`))).toEqual([]);
  });
}

test('a section of the other version, from a link, searches that section of that version', async ({page}) => {
  await page.goto(`/search?q=markdown&ctx=${encodeURIComponent('1.0/tutorial-basics')}`);
  const menu = page.getByRole('combobox', {name: 'Search in'});
  await expect(menu).toHaveValue('1.0/tutorial-basics');
  await expect(menu.getByRole('option')).toHaveText(['All of 1.0', 'Tutorial - Basics (1.0)', 'Tutorial - Extras (1.0)']);
  await expect(page.getByText(FOUND)).toBeVisible();
  await expect(page.getByRole('article').first().getByRole('heading', {level: 2}).getByRole('link')).toHaveAttribute(
    'href',
    /^\/1\.0\/tutorial-basics\//,
  );

  // "All of 1.0" stays in 1.0, and says so in the address.
  await menu.selectOption('');
  await expect(page).toHaveURL(/[?&]version=1\.0%2F/);
  await expect(page.getByText(FOUND)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('keeps the section menu off the edges of the screen', async ({page}) => {
    await page.goto(`/search?q=markdown&version=${encodeURIComponent('1.0/')}`);
    const menu = await page.getByRole('combobox', {name: 'Search in'}).boundingBox();
    const box = await page.getByRole('searchbox', {name: 'Search'}).boundingBox();
    expect(menu!.x).toBe(box!.x);
    expect(menu!.x + menu!.width).toBe(box!.x + box!.width);
    expect(menu!.x).toBeGreaterThanOrEqual(12);
  });
});

test('keeps every key typed at 20 ms a key', async ({page}) => {
  await page.goto('/search');
  const box = page.getByRole('searchbox', {name: 'Search'});
  await expect(box).not.toBeFocused();
  await box.pressSequentially('documentation sidebar', {delay: 20});
  await expect(box).toHaveValue('documentation sidebar');
  await expect(page).toHaveURL(/[?&]q=documentation\+sidebar(&|$)/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "documentation sidebar"');
  await expect(page.getByText(FOUND)).toBeVisible();
});

test('keeps what the reader typed before the page hydrated', async ({page}) => {
  const {hydrate} = await holdPageCode(page);
  await page.goto('/search', {waitUntil: 'commit'});
  const box = page.getByRole('searchbox', {name: 'Search'});
  await box.fill('documentation');
  await hydrate();
  await box.press('End');
  await box.pressSequentially(' sidebar');
  await expect(box).toHaveValue('documentation sidebar');
  await expect(page).toHaveURL(/[?&]q=documentation\+sidebar(&|$)/);
  await expect(page.getByText(FOUND)).toBeVisible();
});

test('a 3,000-character query in the address is answered at once, and so is the next', async ({page}) => {
  const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
    .join(' ')
    .slice(0, 3000);
  await page.goto(`/search?${new URLSearchParams({q: huge, version: '1.0/'})}`);
  await expect(page.getByText('No results in 1.0.', {exact: true})).toBeVisible({timeout: 5000});
  const box = page.getByRole('searchbox', {name: 'Search'});
  await box.fill(ONLY_IN_1_0);
  await expect(page.getByRole('article').first()).toContainText('Collapsible Sections', {timeout: 3000});
});

test('malformed queries, in the address or typed, break nothing (the error guard sees no error)', async ({page, navbar}) => {
  const queries = ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-'];
  const box = page.getByRole('searchbox', {name: 'Search'});
  await page.goto(`/search?q=${encodeURIComponent(queries[0]!)}`);
  for (const [position, query] of queries.entries()) {
    await test.step(JSON.stringify(query), async () => {
      // The first comes in the address; the page puts each one typed after it there too.
      if (position > 0) await box.fill(query);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
      await expect(page.getByText(/^(\d+ results? in 2\.0\.|No results in 2\.0\.( .*)?)$/)).toBeVisible();
      await expect(navbar.main).toBeVisible();
    });
  }
});

test('shows 20 answers, then 20 more at each "Show more results", the focus on the first one added', async ({page}) => {
  await page.goto('/search?q=fastify');
  const status = page.getByText(FOUND);
  await expect(status).toBeVisible();
  const total = Number(/^(\d+)/.exec((await status.textContent())!)![1]);
  expect(total, 'answers to "fastify" in the real docs').toBeGreaterThan(40);
  const titles = page.getByRole('article').getByRole('heading', {level: 2}).getByRole('link');
  await expect(titles).toHaveCount(20);

  await page.getByRole('button', {name: `Show more results (${total - 20} more)`}).click();
  await expect(titles).toHaveCount(40);
  await expect(titles.nth(20)).toBeFocused();
  await expect(page.getByRole('button', {name: `Show more results (${total - 40} more)`})).toBeVisible();
});
