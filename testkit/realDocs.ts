/**
 * The real-docs fixture (tests/fixtures/real-docs): a public project's Markdown, its folders at the
 * root of the current version, and the readers' queries with the page each should find. The browser
 * tests and the search-quality benchmark build a copy of the site with it.
 */
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {REPO} from './siteCopy';

export const REAL_DOCS_FIXTURE = path.join(REPO, 'tests/fixtures/real-docs');

export interface ReaderQuery {
  query: string;
  /** The page that answers it. */
  expected: string;
  /** The top-level folder that page is in. */
  folder: string;
  /** `code`: the query is code only (a command, an identifier, a config key), as a reader pastes or types it. */
  kind?: 'code';
}

/** The readers' queries, each with the page it should find (chosen before any search was run). */
export function readerQueries(): ReaderQuery[] {
  return (JSON.parse(readFileSync(path.join(REAL_DOCS_FIXTURE, 'queries.json'), 'utf8')) as {queries: ReaderQuery[]}).queries;
}

/** Adds the fixture's folders to a site copy's current docs. */
export function addRealDocs(siteDir: string): void {
  cpSync(path.join(REAL_DOCS_FIXTURE, 'docs'), path.join(siteDir, 'docs'), {recursive: true});
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};

/** The title a reader sees for a page of a built site: its <title> without the site's name. */
export function builtPageTitle(siteBuildDir: string, url: string): string {
  const html = readFileSync(path.join(siteBuildDir, `${decodeURI(url)}.html`), 'utf8');
  const title = /<title[^>]*>([^<]*?)(?: \| Tutorial Hub)?<\/title>/.exec(html)![1]!;
  return title.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_entity, name: string) => ENTITIES[name]!);
}

/** What search on the real docs must reach, in the integration test and in the search-quality benchmark. */
export const QUALITY_GOALS = {recall: 0.95, meanReciprocalRank: 0.85} as const;

/** Recall (the expected page among the suggestions) and mean reciprocal rank of 1-based ranks, 0 for "not shown". */
export function rankFigures(ranks: readonly number[]): {recall: number; meanReciprocalRank: number} {
  return {
    recall: ranks.filter((rank) => rank > 0).length / ranks.length,
    meanReciprocalRank: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length,
  };
}
