import {builtDocPages} from '../../support/sidebars';
import {SITE_BUILD_DIR} from '../../support/builtFiles';
import {expect, test} from '../fixtures';

// The site's own docs, whatever they are, in two halves so that the two workers share them. Every page
// is loaded, not navigated to: a hydration error (raw HTML the browser re-nests, say) only happens on a
// page's first load. The error guard of tests/e2e/fixtures.ts fails the test on any page or console error.
for (const half of [0, 1]) {
  test(`every doc page of the site opens and hydrates without a page error (half ${half + 1} of 2)`, async ({page}) => {
    test.setTimeout(180_000);
    const pages = builtDocPages(SITE_BUILD_DIR).map((built) => built.url);
    expect(pages.length, 'doc pages in the build').toBeGreaterThan(0);
    for (const url of pages.filter((_, index) => index % 2 === half)) {
      await page.goto(encodeURI(url));
      await expect(page.locator('html[data-has-hydrated="true"]'), url).toBeAttached();
      await expect(page.getByRole('main').getByRole('heading', {level: 1}).first(), url).toBeVisible();
    }
  });
}
