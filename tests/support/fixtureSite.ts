/**
 * The fixture site: a copy of the repository with the tests' own docs (tests/fixtures/test-docs, which
 * has audiences: a folder and pages for some readers, a page for several, a public page, a 1.0 page) and
 * the real-docs fixture (testkit/realDocs.ts) added to its current version. `npm test` builds it beside
 * the repository's own build (`npm run build:test-sites`); the integration tests of who reads what and
 * the browser tests run on it. Whatever docs the site itself has, these tests know what they find.
 */
import {tmpdir} from 'node:os';
import path from 'node:path';
import {addRealDocs} from '../../testkit/realDocs';
import {SITE_DIR} from '../../contracts/buildLayout';
import {GATE_PORT} from './environment';
import {copyBuild, copyFixtureSite, type SiteCopy} from './siteCopies';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const FIXTURE_SITE = path.join(tmpdir(), `tutorial-hub-fixture-site-${GATE_PORT}`);
/** What a gate of the fixture site serves (`BUILD_DIR`), and its readers' site. */
export const FIXTURE_SITE_BUILD_ROOT = copyBuild(FIXTURE_SITE);
export const FIXTURE_SITE_BUILD = copyBuild(FIXTURE_SITE, SITE_DIR);

/** The repository with the tests' own docs, and the real docs added. */
export const FIXTURE_SITE_COPY: SiteCopy = {
  site: FIXTURE_SITE,
  make() {
    copyFixtureSite(FIXTURE_SITE);
    addRealDocs(FIXTURE_SITE);
  },
};
