/**
 * The real docs (testkit/realDocs.ts adds them to the fixture site's current docs) in the browser. Every
 * page's HTML is checked for re-nesting, what makes Markdown fail to hydrate, when the site is built
 * (checkSiteBuild in tests/support/siteCopies.ts); here pages load and hydrate without a page error, the
 * largest of the fixture (Reference/Server, half a megabyte of HTML) among them, and show what a reader meets.
 */
import {expect, FIXTURE_MEDIA_ORIGINS, test} from '../fixtureSite';
import {expectPagesHydrate} from '../hydration';

// The one page with an image from another site is opened here.
test.use({otherSites: [FIXTURE_MEDIA_ORIGINS]});

test('the real docs as a reader meets them: titles, inline code, the sidebar, anchors in another letter case, images from another site', async ({
  page,
  siteGate,
}) => {
  await test.step('a page is named once, by its opening heading, and raw inline code stays in its sentence', async () => {
    await expectPagesHydrate(page, [`${siteGate.origin}/docs/Reference/Lifecycle`]);
    await expect(page).toHaveTitle('Lifecycle | Tutorial Hub');
    await expect(page.getByRole('heading', {name: 'Lifecycle', exact: true})).toHaveCount(1);

    await expectPagesHydrate(page, [`${siteGate.origin}/docs/Reference/Server`]);
    const sentence = page.getByText('The Fastify module exports a factory function');
    await expect(sentence.locator('code')).toHaveText('Fastify server');
    await expect(sentence.locator('pre, div')).toHaveCount(0);
  });

  await test.step('the root index.md is the overview, first in the sidebar; the folders are named by their folder', async () => {
    // From the page the last step left open (Reference/Server).
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar.getByRole('link').first()).toHaveText('Overview');
    await expect(sidebar.getByRole('link', {name: 'Reference', exact: true})).toBeVisible();
    await sidebar.getByRole('link', {name: 'Overview'}).click();
    await expect(page).toHaveURL(`${siteGate.origin}/docs`);
    await expect(page.getByRole('main').getByRole('link', {name: 'Reference documentation'}).first()).toBeVisible();
  });

  await test.step('a link whose #fragment differs from the heading id in letter case scrolls to it', async () => {
    await page.goto(`${siteGate.origin}/docs/Reference/Request#compileValidationSchema`);
    // The id is an empty `<a id="compilevalidationschema">` above the method's heading: the page scrolls it to the top.
    const anchorTop = () =>
      page.evaluate(() => Math.abs(Math.round(document.getElementById('compilevalidationschema')!.getBoundingClientRect().top)));
    await expect.poll(anchorTop).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  await test.step('an image from another site shows once the operator lists its origin in MEDIA_ORIGINS', async () => {
    await page.goto(`${siteGate.origin}/docs/Guides/Contributing`);
    const badge = page.getByRole('img', {name: 'Open in Gitpod'});
    await badge.scrollIntoViewIfNeeded();
    await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(160);
  });
});
