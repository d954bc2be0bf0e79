import {statSync} from 'node:fs';
import path from 'node:path';
import {builtDocPages} from '../../support/sidebars';
import {FIXTURE_SITE_BUILD, expect, test} from '../fixtureSite';
import {expectPagesHydrate} from '../hydration';

/** The fixture's folders (testkit/realDocs.ts adds them and its root index.md, the overview, to the current docs). */
const FOLDERS = ['Reference', 'Guides'];
const FIXTURE_PAGE = new RegExp(`^/(${FOLDERS.join('|')}|overview)(/|$)`);

test("the real docs' largest page of each folder, and the overview, open and hydrate without a page error", async ({page, siteGate}) => {
  const pages = builtDocPages(FIXTURE_SITE_BUILD)
    .map((built) => built.url)
    .filter((url) => FIXTURE_PAGE.test(url));
  expect(pages.length, 'pages of the fixture in the build').toBeGreaterThanOrEqual(42);
  // The overview and the largest page of each folder: the most of the fixture's Markdown in a few loads.
  // Every page's HTML is checked for re-nesting, what makes Markdown fail to hydrate, when the site is built (checkSiteBuild in tests/support/siteCopies.ts).
  const size = (url: string) => statSync(path.join(FIXTURE_SITE_BUILD, `${url}.html`)).size;
  const largest = (folder: string) => pages.filter((url) => url.startsWith(`/${folder}/`)).sort((a, b) => size(b) - size(a))[0]!;
  await expectPagesHydrate(
    page,
    ['/overview', ...FOLDERS.map(largest)].map((url) => `${siteGate.origin}${url}`),
  );
});

test('the real docs as a reader meets them: titles, inline code, the sidebar, anchors in another letter case, images from another site', async ({
  page,
  siteGate,
}) => {
  await test.step('a page is named once, by its opening heading, and raw inline code stays in its sentence', async () => {
    await page.goto(`${siteGate.origin}/Reference/Lifecycle`);
    await expect(page).toHaveTitle('Lifecycle | Tutorial Hub');
    await expect(page.getByRole('heading', {name: 'Lifecycle', exact: true})).toHaveCount(1);

    await page.goto(`${siteGate.origin}/Reference/Server`);
    const sentence = page.getByText('The Fastify module exports a factory function');
    await expect(sentence.locator('code')).toHaveText('Fastify server');
    await expect(sentence.locator('pre, div')).toHaveCount(0);
  });

  await test.step('the root index.md is the overview, first in the sidebar; the folders are named by their folder', async () => {
    await page.goto(`${siteGate.origin}/Reference/Lifecycle`);
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar.getByRole('link').first()).toHaveText('Overview');
    await expect(sidebar.getByRole('link', {name: 'Reference', exact: true})).toBeVisible();
    await sidebar.getByRole('link', {name: 'Overview'}).click();
    await expect(page).toHaveURL(`${siteGate.origin}/overview`);
    await expect(page.getByRole('main').getByRole('link', {name: 'Reference documentation'}).first()).toBeVisible();
  });

  await test.step('a link whose #fragment differs from the heading id in letter case scrolls to it', async () => {
    await page.goto(`${siteGate.origin}/Reference/Request#compileValidationSchema`);
    // The id is an empty `<a id="compilevalidationschema">` above the method's heading: the page scrolls it to the top.
    const anchorTop = () =>
      page.evaluate(() => Math.abs(Math.round(document.getElementById('compilevalidationschema')!.getBoundingClientRect().top)));
    await expect.poll(anchorTop).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  await test.step('an image from another site shows once the operator lists its origin in MEDIA_ORIGINS', async () => {
    await page.goto(`${siteGate.origin}/Guides/Contributing`);
    const badge = page.getByRole('img', {name: 'Open in Gitpod'});
    await badge.scrollIntoViewIfNeeded();
    await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(160);
  });
});
