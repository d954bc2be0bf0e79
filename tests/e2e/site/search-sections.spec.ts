/**
 * The site's own docs, whatever they are: the navbar box from a page of every section of every
 * version searches its whole version and offers the search page of the version and of the section.
 */
import {REPO} from '../../../testkit/siteCopy';
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {test} from './ownSite';

for (const searched of sectionSearchCases(REPO)) {
  test(`${searched.name}: ${searched.page} searches ${searched.manifest}`, async ({page, siteGate}) => {
    await checkSearchFrom(page, siteGate.origin, searched);
  });
}
