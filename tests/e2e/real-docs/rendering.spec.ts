import {builtDocPages} from '../../support/sidebars';
import {FIXTURE_SITE_BUILD, expect, readingTest as test} from '../fixtureSite';
import {expectPagesHydrate, halfOf} from '../hydration';

/** The fixture's pages (testkit/realDocs.ts adds its folders and its root index.md to the current docs). */
const FIXTURE_PAGE = /^\/(Reference|Guides|overview)(\/|$)/;

function fixturePages(): string[] {
  return builtDocPages(FIXTURE_SITE_BUILD)
    .map((page) => page.url)
    .filter((url) => FIXTURE_PAGE.test(url));
}

for (const half of [0, 1]) {
  test(`the real docs' pages open and hydrate without a page error (half ${half + 1} of 2)`, async ({page, siteGate}) => {
    test.setTimeout(120_000);
    const pages = fixturePages();
    expect(pages.length, 'pages of the fixture in the build').toBeGreaterThanOrEqual(42);
    await expectPagesHydrate(
      page,
      halfOf(pages, half).map((url) => `${siteGate.origin}${url}`),
    );
  });
}

test('a page is named once, by its opening heading, and raw inline code stays in its sentence', async ({page, siteGate}) => {
  await page.goto(`${siteGate.origin}/Reference/Lifecycle`);
  await expect(page).toHaveTitle('Lifecycle | Tutorial Hub');
  await expect(page.getByRole('heading', {name: 'Lifecycle', exact: true})).toHaveCount(1);

  await page.goto(`${siteGate.origin}/Reference/Server`);
  const sentence = page.getByText('The Fastify module exports a factory function');
  await expect(sentence.locator('code')).toHaveText('Fastify server');
  await expect(sentence.locator('pre, div')).toHaveCount(0);
});

test('the root index.md is the overview, first in the sidebar; the folders are named by their folder', async ({page, siteGate}) => {
  await page.goto(`${siteGate.origin}/Reference/Lifecycle`);
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(sidebar.getByRole('link').first()).toHaveText('Overview');
  await expect(sidebar.getByRole('link', {name: 'Reference', exact: true})).toBeVisible();
  await sidebar.getByRole('link', {name: 'Overview'}).click();
  await expect(page).toHaveURL(`${siteGate.origin}/overview`);
  await expect(page.getByRole('main').getByRole('link', {name: 'Reference documentation'}).first()).toBeVisible();
});

test('a link whose #fragment differs from the heading id in letter case scrolls to it', async ({page, siteGate}) => {
  await page.goto(`${siteGate.origin}/Reference/Request#compileValidationSchema`);
  // The id is an empty `<a id="compilevalidationschema">` above the method's heading: the page scrolls it to the top.
  const anchorTop = () =>
    page.evaluate(() => Math.abs(Math.round(document.getElementById('compilevalidationschema')!.getBoundingClientRect().top)));
  await expect.poll(anchorTop).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test('an image from another site shows once the operator lists its origin in MEDIA_ORIGINS', async ({page, siteGate}) => {
  await page.goto(`${siteGate.origin}/Guides/Contributing`);
  const badge = page.getByRole('img', {name: 'Open in Gitpod'});
  await badge.scrollIntoViewIfNeeded();
  await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(160);
});
