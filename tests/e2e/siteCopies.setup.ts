import {test as setup} from './fixtures';
import {AUTHORED_SITE_COPY} from '../support/authoredSite';
import {FIXTURE_SITE_COPY} from '../support/fixtureSite';
import {buildStaleSiteCopy} from '../support/siteCopies';

// `npm test` has built both (`npm run build:site-copies`); a run of some specs alone builds what is stale.
for (const copy of [FIXTURE_SITE_COPY, AUTHORED_SITE_COPY]) {
  setup(`build the site copy at ${copy.site}, unless it is current`, async () => {
    setup.setTimeout(300_000);
    await buildStaleSiteCopy(copy);
  });
}
