/**
 * The site an author makes: a copy of the repository on which the release procedure of
 * CONTRIBUTING.md was run (2.0 frozen, the current docs relabelled 3.0, a page added), with two
 * sections of the same names added to 3.0 and to 1.0 (the case the search plugin's own client got
 * wrong). authoredSite.setup.ts makes and builds it once a run; the specs serve it through a gate
 * of their own, signed in once per worker.
 */
import {mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {signInThroughLoginPage} from '../../../shared/loginPage';
import {GATE_PORT} from '../../support/environment';
import {startGateProcess, type GateProcess} from '../../support/gateProcess';
import {expect, test as base} from '../fixtures';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const AUTHORED_SITE = path.join(tmpdir(), `tutorial-hub-authored-${GATE_PORT}`);

/** A word that appears nowhere else: it exists only in the page the release adds to 3.0. */
export const RELEASE_WORD = 'quokkasaurus';

export const SECTIONS = [
  {folder: 'field-notes', label: 'Field Notes'},
  {folder: 'workshop', label: 'Workshop'},
];
/** The versions given the sections: the one at the root and one under its path. */
export const VERSIONS_WITH_SECTIONS = ['3.0', '1.0'];
/** One word per section doc, found nowhere else, so that a search can only find its own doc. */
export const SECTION_WORDS = ['marmot', 'ocelot', 'tapir', 'okapi', 'quoll', 'numbat', 'dugong', 'saola'];

export const test = base.extend<{}, {authoredGate: GateProcess; authoredState: string}>({
  authoredGate: [
    async ({}, use) => {
      const gate = await startGateProcess({BUILD_DIR: path.join(AUTHORED_SITE, 'build')});
      await use(gate);
      await gate.close();
    },
    {scope: 'worker'},
  ],

  // The demo reader, signed in to this gate's origin once per worker (Firebase keeps a state per origin).
  authoredState: [
    async ({authoredGate, browser}, use, workerInfo) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${authoredGate.origin}/login`);
      await signInThroughLoginPage(page);
      await expect(page).toHaveURL(`${authoredGate.origin}/`);
      const dir = path.join(workerInfo.project.outputDir, `authored-reader-${workerInfo.workerIndex}`);
      mkdirSync(dir, {recursive: true});
      const file = path.join(dir, 'state.json');
      await context.storageState({path: file, indexedDB: true});
      await context.close();
      await use(file);
    },
    {scope: 'worker'},
  ],

  storageState: ({authoredState}, use) => use(authoredState),
});

export {expect};
