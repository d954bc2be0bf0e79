import {builtDocPages} from '../../support/sidebars';
import {SITE_BUILD_DIR} from '../../support/builtFiles';
import site from '../../../site.config';
import {expectPagesHydrate, halfOf} from '../hydration';
import {expect, test} from './ownSite';

test('the home page names the site', async ({page}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', {level: 1, name: site.title, exact: true})).toBeVisible();
});

for (const half of [0, 1]) {
  test(`every doc page of the site opens and hydrates without a page error (half ${half + 1} of 2)`, async ({page}) => {
    test.setTimeout(180_000);
    const pages = builtDocPages(SITE_BUILD_DIR).map((built) => built.url);
    expect(pages.length, 'doc pages in the build').toBeGreaterThan(0);
    await expectPagesHydrate(page, halfOf(pages, half));
  });
}
