/**
 * Search on a site with sections of the same names in two versions (authoredSite.ts), built and
 * served through the gate. The site's own sections, whatever its docs: site/search-sections.spec.ts.
 */
import {listBuildFiles, SITE_DIR} from '../../../contracts/buildLayout';
import {isSearchIndex, MANIFEST_FILE, PARTS_DIR} from '../../../contracts/searchIndexFiles';
import {builtVersionIndex} from '../../../testkit/builtSearchIndex';
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {copyBuild} from '../../support/siteCopies';
import {AUTHORED_SITE, expect, SECTIONS, test} from './authoredSite';

const ADDED = new RegExp(SECTIONS.map(({folder}) => folder).join('|'));
/** The authored site is made after the specs are listed: its cases are read when a test runs. */
const casesOf = (version?: string) =>
  sectionSearchCases(AUTHORED_SITE).filter((searched) => !version || searched.name.startsWith(`${version}, `));

test("the sections added to both versions have no index of their own: each is part of its version's", () => {
  const added = casesOf().filter((searched) => ADDED.test(searched.section));
  expect(added.map((searched) => [searched.section, searched.manifest])).toEqual([
    ['field-notes', `/${MANIFEST_FILE}`],
    ['workshop', `/${MANIFEST_FILE}`],
    ['1.0/field-notes', `/1.0/${MANIFEST_FILE}`],
    ['1.0/workshop', `/1.0/${MANIFEST_FILE}`],
  ]);
  const build = copyBuild(AUTHORED_SITE, SITE_DIR);
  expect(
    listBuildFiles(build).filter((file) => isSearchIndex(file) && !file.startsWith(`${PARTS_DIR}/`) && !file.endsWith(MANIFEST_FILE)),
  ).toEqual([]);
  for (const searched of added) {
    const index = builtVersionIndex(build, searched.versionParam.replace(/\/$/, ''));
    expect(index.pageUrls, searched.manifest).toContain(searched.page);
    expect(index.sections).toContain(searched.section);
  }
});

for (const version of ['3.0', '2.0', '1.0']) {
  test(`every section of ${version}, and its pages outside sections, searches the version's index`, async ({page, siteGate}) => {
    const cases = casesOf(version);
    expect(cases.length).toBeGreaterThan(0);
    for (const searched of cases) {
      await test.step(`${searched.name}: ${searched.page}`, () => checkSearchFrom(page, siteGate.origin, searched));
    }
  });
}

test("a section's word is not found from the same-named section of the other version, which the box links to", async ({
  page,
  siteGate,
  searchBox,
}) => {
  await page.goto(`${siteGate.origin}/1.0/field-notes/quoll`);
  // marmot is in 3.0's Field Notes only.
  const popup = await searchBox.search('marmot');
  const status = popup.getByRole('status');
  await expect(status).toHaveText('No results in 1.0. 1 result in 3.0');
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  // 3.0 is at the root: the link names it by its label.
  await expect(status.getByRole('link', {name: '1 result in 3.0'})).toHaveAttribute('href', '/search?q=marmot&version=3.0');
  await expect(popup.getByRole('link', {name: 'See all results within "Field Notes (1.0)"'})).toHaveAttribute(
    'href',
    `/search?q=marmot&ctx=${encodeURIComponent('1.0/field-notes')}&version=${encodeURIComponent('1.0/')}`,
  );
  await status.getByRole('link').click();
  await expect(page.getByRole('article').getByRole('link', {name: 'Field Notes marmot', exact: true})).toBeVisible();
});

for (const [from, first, then] of [
  ['/1.0/field-notes/quoll', 'Field Notes', 'Workshop'],
  ['/1.0/workshop/dugong', 'Workshop', 'Field Notes'],
] as const) {
  test(`from ${from}, the reader's section comes first among answers alike: ${first}, then ${then}`, async ({
    page,
    siteGate,
    searchBox,
  }) => {
    await page.goto(`${siteGate.origin}${from}`);
    // Every section doc of 1.0 says "lesson" the same way: only the reader's section tells them apart.
    const popup = await searchBox.search('lesson');
    const titles = (await popup.getByRole('listbox').getByRole('option').allTextContents()).map(
      (text) => SECTIONS.find(({label}) => text.startsWith(`${label} `))?.label ?? 'other',
    );
    const sections = titles.filter((label) => label !== 'other');
    expect(sections).toEqual([first, first, then, then]);
  });
}
