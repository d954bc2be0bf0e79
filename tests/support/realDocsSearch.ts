/**
 * Search on the real-docs fixture (testkit/realDocs.ts) of the built fixture site, as the navbar box
 * ranks it: the integration test of its ranking and the browser test of the list the box shows.
 */
import {MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import {plainText} from '../../src/search/components/Marked';
import type {SearchAnswer} from '../../src/search/engine/versionIndex';
import {builtSearchEngine} from '../../testkit/builtSearchIndex';
import {CURRENT_DOCS_PATH, FIXTURE_SITE_BUILD} from './fixtureSite';

/** The fixture's folders: each is a section of the current version, so the box ranks its own pages first from within it. */
export const FOLDERS = ['Reference', 'Guides'];

/** The real docs are the fixture site's current version's, at `/docs`: a folder's search section there. */
export const sectionOf = (folder: string) => `${CURRENT_DOCS_PATH}/${folder}`;

/** As many suggestions as the navbar box shows. */
export const SHOWN = 8;

/** The current version of the built fixture site (its index at the root, wherever its pages are), read from its files as the worker fetches them. */
export const builtIndex = () => builtSearchEngine(FIXTURE_SITE_BUILD, `/${MANIFEST_FILE}`).index;

/** What the box shows of a suggestion: its page's title and where the page is. */
export const shownOf = (answer: SearchAnswer) =>
  answer.suggestions.map((suggestion) => ({title: plainText(suggestion.title), page: suggestion.url.split('#')[0]!}));
