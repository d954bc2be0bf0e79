/**
 * Search on a site with sections of the same names in two versions (tests/support/fixtureSite.ts), built and
 * served through the gate: the wiring a reader meets, for one case of each kind. Every case, what the
 * build holds and where each link leads: tests/integration/search-sections.test.ts. The site's own
 * sections, whatever its docs: site/search-sections.spec.ts.
 */
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {FIXTURE_SITE, SECTIONS} from '../../support/fixtureSite';
import {expect, test} from '../fixtureSite';

// A page outside sections, and the sections of one name in the newest version (at /docs) and in one under its own path.
for (const name of ['3.0, outside every section', '3.0, Field Notes', '1.0, Field Notes']) {
  test(`${name}: the box searches the version's index, and its link leads to a search page that finds the page`, async ({
    page,
    siteGate,
  }) => {
    // The fixture site is made after the specs are listed: its cases are read when a test runs.
    const searched = sectionSearchCases(FIXTURE_SITE).find((candidate) => candidate.name === name);
    expect(searched, name).toBeDefined();
    await checkSearchFrom(page, siteGate.origin, searched!);
  });
}

test("from 1.0's Field Notes, the box puts the reader's section first, and finds a word of 3.0's Field Notes in 3.0 only, whose search page it links to", async ({
  page,
  searchBox,
}) => {
  await page.goto('/1.0/field-notes/quoll');
  // Every section doc of 1.0 says "lesson" the same way: only the reader's section tells them apart (Workshop's come first without it).
  const lessons = await searchBox.search('lesson');
  const titles = (await lessons.getByRole('listbox').getByRole('option').allTextContents()).map(
    (text) => SECTIONS.find(({label}) => text.startsWith(`${label} `))?.label ?? 'other',
  );
  expect(titles.filter((label) => label !== 'other')).toEqual(['Field Notes', 'Field Notes', 'Workshop', 'Workshop']);
  await expect(lessons.getByRole('link', {name: 'See all results within "Field Notes (1.0)"'})).toHaveAttribute(
    'href',
    `/search?q=lesson&ctx=${encodeURIComponent('1.0/field-notes')}&version=${encodeURIComponent('1.0/')}`,
  );

  // marmot is in 3.0's Field Notes only.
  const popup = await searchBox.search('marmot');
  const status = popup.getByRole('status');
  // The team's page that lists every page of every version by its title is the other result.
  await expect(status).toHaveText('No results in 1.0. Search all versions: 2 results in 3.0');
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  // 3.0 is the newest version: the link names it by its label.
  await expect(status.getByRole('link', {name: 'Search all versions: 2 results in 3.0'})).toHaveAttribute(
    'href',
    '/search?q=marmot&version=3.0',
  );
  // No link to the same nothing in the section.
  await expect(popup.getByRole('link', {name: /^See all results/})).toHaveCount(0);
  await status.getByRole('link').click();
  await expect(page.getByRole('article').getByRole('link', {name: 'Field Notes marmot', exact: true})).toBeVisible();
});
