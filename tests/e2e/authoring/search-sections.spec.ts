/**
 * Search on a site with sections of the same names in two versions (authoredSite.ts), built and
 * served through the gate. The real site's sections: signed-in/search-sections.spec.ts.
 */
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {AUTHORED_SITE, expect, SECTIONS, test} from './authoredSite';

const ADDED = new RegExp(SECTIONS.map(({folder}) => folder).join('|'));
/** The authored site is made after the specs are listed: its cases are read when a test runs. */
const casesOf = (version?: string) =>
  sectionSearchCases(AUTHORED_SITE).filter((searched) => !version || searched.name.startsWith(`${version}, `));

test('the sections added to both versions have indexes of their own', () => {
  expect(
    casesOf()
      .filter((searched) => ADDED.test(searched.context))
      .map((searched) => searched.index),
  ).toEqual([
    '/search-index-field-notes.json',
    '/search-index-workshop.json',
    '/1.0/search-index-1.0-field-notes.json',
    '/1.0/search-index-1.0-workshop.json',
  ]);
});

for (const version of ['3.0', '2.0', '1.0']) {
  test(`every section of ${version}, and its pages outside sections, searches its own index`, async ({page, siteGate}) => {
    const cases = casesOf(version);
    expect(cases.length).toBeGreaterThan(0);
    for (const searched of cases) {
      await test.step(`${searched.name}: ${searched.page}`, () => checkSearchFrom(page, siteGate.origin, searched));
    }
  });
}

test("a section's word is not found from the same-named section of the other version", async ({page, siteGate}) => {
  await page.goto(`${siteGate.origin}/1.0/field-notes/quoll`);
  const box = page.locator('input.navbar__search-input');
  await box.focus();
  await expect(box).toHaveAttribute('role', 'combobox');
  // marmot is in 3.0's Field Notes only.
  await box.fill('marmot');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByText('No results')).toBeVisible();
  await expect(suggestions.getByRole('option', {name: 'See all results outside "Field Notes (1.0)"'})).toHaveAttribute(
    'href',
    `/search?q=marmot&version=${encodeURIComponent('1.0/')}`,
  );
});
