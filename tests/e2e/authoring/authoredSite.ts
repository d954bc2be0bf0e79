/** The site an author makes (tests/support/authoredSite.ts), served by a gate of its own (siteCopies.ts). */
import {AUTHORED_SITE} from '../../support/authoredSite';
import {siteCopyTest} from '../siteCopies';

export {expect} from '../fixtures';
export {AUTHORED_SITE, RELEASE_WORD, SECTIONS} from '../../support/authoredSite';

export const test = siteCopyTest(AUTHORED_SITE);
