import {test as setup} from './fixtures';
import {FIXTURE_SITE_COPY} from '../support/fixtureSite';
import {buildStaleSiteCopy} from '../support/siteCopies';

// `npm test` has built it (`npm run build:site-copies`); a run of some specs alone builds it if it is stale.
setup(`build the site copy at ${FIXTURE_SITE_COPY.site}, unless it is current`, async () => {
  setup.setTimeout(300_000);
  await buildStaleSiteCopy(FIXTURE_SITE_COPY);
});
