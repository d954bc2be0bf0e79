/**
 * The navbar box from a page of every section of both versions: each searches its whole version
 * (its manifest, no index of its own), finds its pages, and offers the search page of the version and
 * of the section. (A generated site with sections of the same names in both versions:
 * authoring/search-sections.spec.ts.)
 */
import path from 'node:path';
import {GATE_URL} from '../../support/environment';
import {checkSearchFrom, sectionSearchCases} from '../../support/searchSections';
import {test} from '../fixtures';

const SITE = path.resolve(__dirname, '../../..');

for (const searched of sectionSearchCases(SITE)) {
  test(`${searched.name}: ${searched.page} searches ${searched.manifest}`, async ({page}) => {
    await checkSearchFrom(page, GATE_URL, searched);
  });
}
