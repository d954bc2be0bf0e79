/** `npm run build:fixture-site`: the fixture site (fixtureSite.ts), built unless it is current. */
import {buildFixtureSite, FIXTURE_SITE, fixtureSiteIsCurrent} from './fixtureSite';

if (fixtureSiteIsCurrent()) {
  console.log(`The fixture site at ${FIXTURE_SITE} is current.`);
} else {
  const started = performance.now();
  buildFixtureSite();
  console.log(`Built the fixture site at ${FIXTURE_SITE} in ${Math.round((performance.now() - started) / 1000)} s.`);
}
