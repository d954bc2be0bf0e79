import {addRealDocs} from '../../testkit/realDocs';
import {test as setup} from './fixtures';
import {FIXTURE_SITE} from './fixtureSite';
import {buildSiteCopy, copyFixtureSite} from './siteCopies';

setup("copy the repository with the tests' own docs, add the real docs to the current version, and build it", () => {
  setup.setTimeout(300_000);
  copyFixtureSite(FIXTURE_SITE);
  addRealDocs(FIXTURE_SITE);
  buildSiteCopy(FIXTURE_SITE);
});
