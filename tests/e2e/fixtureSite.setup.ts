import {test as setup} from './fixtures';
import {buildFixtureSite, fixtureSiteIsCurrent} from '../support/fixtureSite';

setup(
  "copy the repository with the tests' own docs, add the real docs to the current version, and build it (unless npm test just did)",
  () => {
    setup.setTimeout(300_000);
    if (!fixtureSiteIsCurrent()) buildFixtureSite();
  },
);
