import {test as setup} from './fixtures';
import {AUTHORED_SITE, authoredSiteIsCurrent, buildAuthoredSite} from '../support/authoredSite';
import {buildFixtureSite, FIXTURE_SITE, fixtureSiteIsCurrent} from '../support/fixtureSite';

// `npm test` has built both (`npm run build:site-copies`); a run of some specs alone builds what is stale.
setup(`build the fixture site at ${FIXTURE_SITE}, unless it is current`, () => {
  setup.setTimeout(300_000);
  if (!fixtureSiteIsCurrent()) buildFixtureSite();
});

setup(`build the authored site at ${AUTHORED_SITE}, unless it is current`, () => {
  setup.setTimeout(300_000);
  if (!authoredSiteIsCurrent()) buildAuthoredSite();
});
