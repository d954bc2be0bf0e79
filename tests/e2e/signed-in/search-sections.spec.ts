/**
 * The navbar box from a page of every section of both versions: each searches its whole version
 * (its manifest, no index of its own), finds its pages, and offers the search page of the version and
 * of the section. (A generated site with sections of the same names in both versions:
 * authoring/search-sections.spec.ts; the site's own sections: site/search-sections.spec.ts.)
 */
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {TEST_DOCS} from '../siteCopies';
import {test} from '../fixtureSite';

for (const searched of sectionSearchCases(TEST_DOCS)) {
  test(`${searched.name}: ${searched.page} searches ${searched.manifest}`, async ({page, siteGate}) => {
    await checkSearchFrom(page, siteGate.origin, searched);
  });
}
