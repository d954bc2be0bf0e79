/**
 * The public doc sets search ranking is measured on (issue 58): the real-docs fixture (fastify's docs,
 * testkit/realDocs.ts) and each folder of tests/fixtures/search-sets, every one with its licence, its
 * source and readers' queries, each query with the page that answers it, chosen by reading the docs.
 * Two sets are held out: a ranking change is taken only if it holds or improves them too, and they are
 * reported apart (bench/searchRanking.ts).
 */
import {cpSync, existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {REAL_DOCS_FIXTURE, readerQueries} from './realDocs';
import {REPO} from './siteCopy';

export const SEARCH_SETS_DIR = path.join(REPO, 'tests/fixtures/search-sets');

/** Chosen before any ranking change was measured on them, and never looked at query by query while tuning. */
export const HELD_OUT_SETS: readonly string[] = ['jest', 'redux'];

/** The older version a set's `docs-1.0` becomes: the site's own (versions.json). */
const OLDER_VERSION = '1.0';

export interface SetQuery {
  query: string;
  /** The page that answers it, as the site serves it: `/guide/mocking`, `/1.0/guide/mocking`. */
  expected: string;
  /** `code`: a name or command as pasted; `question`: asked in words; `typo`: a letter wrong. */
  kind?: 'code' | 'question' | 'typo';
  /** The older version (its pages under `/1.0`); the current one when absent. */
  version?: typeof OLDER_VERSION;
}

export interface SearchSet {
  name: string;
  /** The folder whose `docs` (and `docs-1.0`) the set adds to a site copy. */
  dir: string;
  heldOut: boolean;
  queries: SetQuery[];
  /** Whether it has an older version (`docs-1.0`). */
  twoVersions: boolean;
}

function queriesOf(dir: string): SetQuery[] {
  return (JSON.parse(readFileSync(path.join(dir, 'queries.json'), 'utf8')) as {queries: SetQuery[]}).queries;
}

/** Every set: fastify's first, then the fixture folders by name. */
export function searchSets(): SearchSet[] {
  const fastify: SearchSet = {
    name: 'fastify',
    dir: REAL_DOCS_FIXTURE,
    heldOut: false,
    queries: readerQueries().map(({query, expected, kind}) => ({query, expected, ...(kind ? {kind} : {})})),
    twoVersions: false,
  };
  const folders = existsSync(SEARCH_SETS_DIR)
    ? readdirSync(SEARCH_SETS_DIR, {withFileTypes: true}).filter((entry) => entry.isDirectory())
    : [];
  return [
    fastify,
    ...folders
      .map((entry) => path.join(SEARCH_SETS_DIR, entry.name))
      .filter((dir) => existsSync(path.join(dir, 'queries.json')))
      .sort()
      .map((dir) => ({
        name: path.basename(dir),
        dir,
        heldOut: HELD_OUT_SETS.includes(path.basename(dir)),
        queries: queriesOf(dir),
        twoVersions: existsSync(path.join(dir, `docs-${OLDER_VERSION}`)),
      })),
  ];
}

/** Puts a set's docs into a site copy in place of the copy's own: its current docs, and its older version's in place of the copy's 1.0 docs. */
export function addSearchSet(siteDir: string, set: SearchSet): void {
  const replace = (from: string, to: string) => {
    rmSync(to, {recursive: true, force: true});
    cpSync(from, to, {recursive: true});
  };
  replace(path.join(set.dir, 'docs'), path.join(siteDir, 'docs'));
  if (set.twoVersions)
    replace(path.join(set.dir, `docs-${OLDER_VERSION}`), path.join(siteDir, 'versioned_docs', `version-${OLDER_VERSION}`));
}
