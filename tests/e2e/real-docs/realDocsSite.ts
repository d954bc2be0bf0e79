/**
 * A site with docs we did not write: the repository with tests/fixtures/real-docs (a public
 * project's Markdown, its folders at the root of the current version) added to its docs.
 * realDocs.setup.ts builds it once a run; siteCopies.ts serves it.
 */
import {readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {GATE_PORT} from '../../support/environment';
import {siteCopyTest} from '../siteCopies';

export {expect} from '../fixtures';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const REAL_DOCS_SITE = path.join(tmpdir(), `tutorial-hub-real-docs-${GATE_PORT}`);
export const REAL_DOCS_FIXTURE = path.resolve(__dirname, '../../fixtures/real-docs');

export interface ReaderQuery {
  query: string;
  /** The page that answers it. */
  expected: string;
  /** The top-level folder that page is in. */
  folder: string;
}

/** The readers' queries, each with the page it should find (chosen before any search was run). */
export function readerQueries(): ReaderQuery[] {
  return (JSON.parse(readFileSync(path.join(REAL_DOCS_FIXTURE, 'queries.json'), 'utf8')) as {queries: ReaderQuery[]}).queries;
}

export const test = siteCopyTest(REAL_DOCS_SITE);
