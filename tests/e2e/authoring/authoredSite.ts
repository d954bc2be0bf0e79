/**
 * The site an author makes: a copy of the repository on which the release procedure of
 * CONTRIBUTING.md was run (2.0 frozen, the current docs relabelled 3.0, a page added), with two
 * sections of the same names added to 3.0 and to 1.0 (the case the search plugin's own client got
 * wrong). authoredSite.setup.ts makes and builds it once a run; siteCopies.ts serves it.
 */
import {tmpdir} from 'node:os';
import path from 'node:path';
import {GATE_PORT} from '../../support/environment';
import {expect} from '../fixtures';
import {siteCopyTest} from '../siteCopies';

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

/** The authored site's gate is `siteGate` (siteCopies.ts). */
export const test = siteCopyTest(AUTHORED_SITE);

export {expect};
