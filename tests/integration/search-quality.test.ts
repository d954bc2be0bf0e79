/**
 * Search on docs we did not write, as their readers would use it: each reader query asked from a page
 * in the answer's own folder and from one in the other folder, ranked by the search worker's engine
 * (src/search/engine) over the fixture site's built index. The answer must be among the eight
 * suggestions (recall@8 ≥ 0.95) and near the top (mean reciprocal rank ≥ 0.85), and no page may be
 * suggested twice. tests/e2e/real-docs/search-quality.spec.ts shows that the navbar box shows this list.
 */
import {expect, it} from 'vitest';
import {builtPageTitle, QUALITY_GOALS, rankFigures, readerQueries} from '../../testkit/realDocs';
import {currentDocsAddress, FIXTURE_SITE_BUILD} from '../support/fixtureSite';
import {builtIndex, FOLDERS, sectionOf, SHOWN, shownOf} from '../support/realDocsSearch';

// Replaces tests/e2e/real-docs/search-quality.spec.ts › "reader queries, from a page in their own folder and from one in the other, find their page near the top".
it('reader queries, from a page in their own folder and from one in the other, find their page near the top', async () => {
  const index = builtIndex();
  const outcomes = [];
  for (const {query, expected, folder} of readerQueries()) {
    for (const from of FOLDERS) {
      const shown = shownOf(await index.search({query, limit: SHOWN, section: sectionOf(from)}));
      const rank =
        shown.findIndex((suggestion) => suggestion.title === builtPageTitle(FIXTURE_SITE_BUILD, currentDocsAddress(expected))) + 1;
      outcomes.push({
        query,
        expected,
        from: from === folder ? 'its own folder' : 'the other folder',
        rank,
        pages: shown.map((suggestion) => suggestion.page),
      });
    }
  }
  const {recall, meanReciprocalRank: mrr} = rankFigures(outcomes.map((outcome) => outcome.rank));
  // The queries whose page was not first: what a failing figure comes from.
  const missed = JSON.stringify(
    outcomes.filter((outcome) => outcome.rank !== 1).map(({query, expected, from, rank}) => ({query, expected, from, rank})),
  );

  expect(outcomes.length).toBeGreaterThanOrEqual(50);
  expect(outcomes.filter((outcome) => new Set(outcome.pages).size !== outcome.pages.length)).toEqual([]);
  expect(recall, `recall@8; not first: ${missed}`).toBeGreaterThanOrEqual(QUALITY_GOALS.recall);
  expect(mrr, `mean reciprocal rank; not first: ${missed}`).toBeGreaterThanOrEqual(QUALITY_GOALS.meanReciprocalRank);
});
