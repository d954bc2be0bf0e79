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

export const test = siteCopyTest(REAL_DOCS_SITE);
