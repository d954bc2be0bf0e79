/**
 * Search quality on docs we did not write (`BENCH_ONLY=search-quality`, not in the default run): the
 * real-docs fixture (tests/fixtures/real-docs: fastify's Reference and Guides, and 49 readers'
 * queries, each with the page that answers it) added to a copy of the site, built with
 * `npm run build` and served by the gate to a signed-in reader. Each query is typed into the navbar
 * box at a quick reader's pace, in a fresh browser context right after the page's `load`, from a page
 * in the expected page's folder and from one in the other folder: the goals of the browser test
 * (testkit/realDocs.ts) with the figures behind them, and the index bytes transferred before the answer.
 */
import path from 'node:path';
import {SITE_DIR} from '../contracts/buildLayout';
import {addRealDocs, builtPageTitle, QUALITY_GOALS, rankFigures, readerQueries} from '../testkit/realDocs';
import {coldBuild, type Workspace} from './lib/workspace';
import {goal, type Result} from './lib/report';
import {withSearch, type Searched} from './lib/searchBox';
import {kib, median, percentile, round} from './lib/stats';

const FOLDERS = ['Reference', 'Guides'] as const;
/** A quick reader's pace: ten keys a second. Each key is a query of its own. */
const KEY_DELAY_MS = 100;
/** How long an answer's list is watched for changes. */
const SETTLE_MS = 250;

/** A query's answer as the figures read it: the expected page's rank and the suggestions shown. */
type Outcome = Searched & {rank: number; shown: string[]};

/** The figures over a set of outcomes: a row of the table. */
function figuresOf(outcomes: readonly Outcome[]) {
  const count = (test: (outcome: Outcome) => boolean) => outcomes.filter(test).length;
  const {recall, meanReciprocalRank} = rankFigures(outcomes.map((outcome) => outcome.rank));
  const ms = outcomes.flatMap((outcome) => outcome.ms ?? []);
  return {
    Queries: outcomes.length,
    'recall@1': round(count((outcome) => outcome.rank === 1) / outcomes.length, 3),
    'recall@8': round(recall, 3),
    MRR: round(meanReciprocalRank, 3),
    'Repeated suggestions': count((outcome) => new Set(outcome.shown).size !== outcome.shown.length),
    'Lists that changed once shown': count((outcome) => outcome.changesAfter > 0),
    'Never answered': outcomes.length - ms.length,
    'Index KiB before the answer, median / max': `${kib(median(outcomes.map((outcome) => outcome.indexBytes)))} / ${kib(Math.max(...outcomes.map((outcome) => outcome.indexBytes)))}`,
    'Last key → answer ms, median / p95': `${round(median(ms), 1)} / ${round(percentile(ms, 95), 1)}`,
  };
}

export async function run(workspace: Workspace): Promise<Result> {
  const queries = readerQueries();
  const siteDir = workspace.newCopy('real-docs');
  addRealDocs(siteDir);
  const buildDir = path.join(siteDir, 'out-product');
  const build = await coldBuild('product', siteDir, buildDir);
  const {outcomes, chromium} = await withSearch(buildDir, async (searchFrom) => {
    const outcomes = [];
    for (const from of FOLDERS)
      for (const {query, expected, folder} of queries) {
        const [answer] = await searchFrom(`/${from}`, [query], {keyDelayMs: KEY_DELAY_MS, settleMs: SETTLE_MS});
        const title = builtPageTitle(path.join(buildDir, SITE_DIR), expected);
        // 1-based rank of the expected page among the suggestions; 0 when not among them.
        const rank = answer!.options.findIndex((option) => option.title === title) + 1;
        const shown = answer!.options.map((option) => `${option.title} (${option.place})`);
        outcomes.push({...answer!, from, inFolder: folder === from, query, expected, rank, shown});
      }
    return {outcomes};
  });
  const own = figuresOf(outcomes.filter((outcome) => outcome.inFolder));
  const moved = own['Repeated suggestions'] + own['Lists that changed once shown'];
  const notFirst = outcomes.filter((outcome) => outcome.rank !== 1).map(({query, rank}) => `"${query}" (${rank || 'not shown'})`);
  return {
    tables: [
      {
        title: `Reader queries on fastify's docs, typed at ${1000 / KEY_DELAY_MS} keys/s right after load, a fresh browser context each; index as sent (brotli)`,
        rows: [
          {From: "a page in the answer's folder", ...own},
          {From: 'a page in the other folder', ...figuresOf(outcomes.filter((outcome) => !outcome.inFolder))},
        ],
      },
    ],
    notes: [`Not first: ${notFirst.join(', ')}`],
    goals: [
      goal(`recall@8 ≥ ${QUALITY_GOALS.recall} (from its folder)`, own['recall@8'], own['recall@8'] >= QUALITY_GOALS.recall),
      goal(`MRR ≥ ${QUALITY_GOALS.meanReciprocalRank} (from its folder)`, own.MRR, own.MRR >= QUALITY_GOALS.meanReciprocalRank),
      goal('no duplicate, no list that moves', moved, moved === 0),
    ],
    raw: {chromium, build, keyDelayMs: KEY_DELAY_MS, outcomes},
  };
}
