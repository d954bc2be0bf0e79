/**
 * `npm run build:site-copies`: the sites the browser tests serve, the fixture site (fixtureSite.ts) and the
 * authored site (authoredSite.ts), each built unless it is current.
 */
import {AUTHORED_SITE, authoredSiteIsCurrent, buildAuthoredSite} from './authoredSite';
import {buildFixtureSite, FIXTURE_SITE, fixtureSiteIsCurrent} from './fixtureSite';

for (const {site, isCurrent, build} of [
  {site: FIXTURE_SITE, isCurrent: fixtureSiteIsCurrent, build: buildFixtureSite},
  {site: AUTHORED_SITE, isCurrent: authoredSiteIsCurrent, build: buildAuthoredSite},
]) {
  if (isCurrent()) {
    console.log(`The site at ${site} is current.`);
  } else {
    const started = performance.now();
    build();
    console.log(`Built the site at ${site} in ${Math.round((performance.now() - started) / 1000)} s.`);
  }
}
