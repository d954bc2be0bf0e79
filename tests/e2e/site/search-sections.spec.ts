/**
 * The site's own docs, whatever they are: the navbar box from a page of a section searches its version
 * and offers the search page of the version and of the section, in the build that ships. Every section
 * of every version, from the build's files: tests/integration/search-sections.test.ts; every kind of
 * case in the browser, on the fixture site: authoring/search-sections.spec.ts.
 */
import {REPO} from '../../../testkit/siteCopy';
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {test} from './ownSite';

const cases = sectionSearchCases(REPO);
// A section of a version below the root if the docs have one: the case that needs the most of the wiring.
const searched =
  cases.find((candidate) => candidate.section && candidate.versionParam) ?? cases.find((candidate) => candidate.section) ?? cases[0]!;

test(`${searched.name}: ${searched.page} searches ${searched.manifest}`, async ({page, siteGate}) => {
  await checkSearchFrom(page, siteGate.origin, searched);
});
