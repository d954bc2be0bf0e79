/**
 * A site with docs we did not write: the repository with the real-docs fixture (testkit/realDocs.ts)
 * added to its current docs. realDocs.setup.ts builds it once a run; siteCopies.ts serves it.
 */
import {tmpdir} from 'node:os';
import path from 'node:path';
import {GATE_PORT} from '../../support/environment';
import {siteCopyTest} from '../siteCopies';

export {expect} from '../fixtures';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const REAL_DOCS_SITE = path.join(tmpdir(), `tutorial-hub-real-docs-${GATE_PORT}`);

/** The one image from another site in the fixture (a badge in Guides/Contributing.md), allowed as an operator would. */
export const REAL_DOCS_MEDIA_ORIGINS = 'https://gitpod.io';

/** What that site answers: the machine has no internet, so the browser gets it from here. */
const BADGE = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="45"><rect width="160" height="45" fill="#ffae33"/></svg>';

export const test = siteCopyTest(REAL_DOCS_SITE, {MEDIA_ORIGINS: REAL_DOCS_MEDIA_ORIGINS}).extend<{otherSite: void}>({
  otherSite: [
    async ({context}, use) => {
      await context.route(`${REAL_DOCS_MEDIA_ORIGINS}/**`, (route) => route.fulfill({contentType: 'image/svg+xml', body: BADGE}));
      await use();
    },
    {auto: true},
  ],
});
