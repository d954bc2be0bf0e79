/**
 * The site's own docs, whatever they are, in the browser. That every page's HTML is what React renders, so
 * that it hydrates, is proved for each page when `npm test` builds the site (tests/support/checkedBuild.ts);
 * here a page of each version opens and hydrates, for the wiring the build cannot show.
 */
import {builtDocPages} from '../../support/sidebars';
import {SITE_BUILD_DIR} from '../../support/builtFiles';
import {REPO} from '../../../testkit/siteCopy';
import {siteVersions} from '../../../contracts/siteVersions';
import site from '../../../site.config';
import {expectPagesHydrate} from '../hydration';
import {expect, test} from './ownSite';

/** The first doc page (by address) of each version: a page is the version's with the longest route that holds it (`/docs/2.0/…` is 2.0's, not the docs' at `/docs`). */
function onePagePerVersion(): string[] {
  const urls = builtDocPages(SITE_BUILD_DIR)
    .map((built) => built.url)
    .sort();
  const versions = siteVersions(REPO);
  const holds = (route: string, url: string) => route === '' || url.startsWith(`/${route}/`);
  const versionOf = (url: string) =>
    versions.filter(({route}) => holds(route, url)).sort((a, b) => b.route.length - a.route.length)[0]?.name;
  return versions.flatMap(({name}) => {
    const first = urls.find((url) => versionOf(url) === name);
    return first ? [first] : [];
  });
}

test('the home page names the site, and a doc page of each version opens and hydrates without a page error', async ({page}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', {level: 1, name: site.title, exact: true})).toBeVisible();
  const pages = onePagePerVersion();
  expect(pages.length, 'versions with a doc page in the build').toBe(siteVersions(REPO).length);
  await expectPagesHydrate(page, pages);
});
