/**
 * Search quality on docs we did not write (`BENCH_ONLY=search-quality`, not in the default run): the
 * real-docs fixture (tests/fixtures/real-docs: fastify's Reference and Guides, and 49 readers'
 * queries, each with the page that answers it) added to a copy of the site, built with
 * `npm run build` and served by the gate to a signed-in reader. Each query is typed into the navbar
 * box at a quick reader's pace, in a fresh browser context right after the page's `load`, from a page
 * in the expected page's folder and from one in the other folder: the expected page's rank among the
 * eight suggestions, recall@1 and @8, mean reciprocal rank, repeated or moving suggestions, the index
 * bytes transferred before the first and before the final list, and the time to them.
 */
import path from 'node:path';
import {SITE_DIR} from '../contracts/buildLayout';
import {isSearchIndex} from '../contracts/searchIndexFiles';
import {signedInState} from '../testkit/loginPage';
import {addRealDocs, builtPageTitle, QUALITY_GOALS, rankFigures, readerQueries, type ReaderQuery} from '../testkit/realDocs';
import {Resources} from './lib/processes';
import {productBuild, type Workspace} from './lib/workspace';
import {figureRows, goal, type Result} from './lib/report';
import {freshPage, keystrokeOf, typeIntoBox, type LoggedRequest, type Typed} from './lib/searchBox';
import {launchBrowser, startGate} from './lib/servers';
import {kib, median, percentile, round} from './lib/stats';

const FOLDERS = ['Reference', 'Guides'] as const;
/** The box shows eight suggestions. */
const SHOWN = 8;
/** A quick reader's pace: ten keys a second. Each key is a query of its own. */
const KEY_DELAY_MS = 100;
/** How long a final list is watched for changes. */
const SETTLE_MS = 250;

/** One query typed once from a page of `from`, and what came of it; `title`: the expected page's. */
function outcomeOf(from: string, {query, expected}: ReaderQuery, title: string, typed: Typed, requests: readonly LoggedRequest[]) {
  const shown = typed.options.map((option) => `${option.title} (${option.place})`);
  return {
    from,
    query,
    expected,
    /** 1-based rank of the expected page among the suggestions; 0 when not among them. */
    rank: typed.options.findIndex((option) => option.title === title) + 1,
    shown,
    /** Two suggestions a reader cannot tell apart (the same title and place). */
    duplicates: new Set(shown).size !== shown.length,
    ...keystrokeOf(typed, requests),
  };
}
type Outcome = ReturnType<typeof outcomeOf>;

/** The figures over a set of outcomes: a column of the table. */
function figuresOf(outcomes: readonly Outcome[]) {
  const count = (test: (outcome: Outcome) => boolean) => outcomes.filter(test).length;
  const at = (pick: (outcome: Outcome) => number | null, p: number) => {
    const values = outcomes.flatMap((outcome) => pick(outcome) ?? []);
    return values.length > 0 ? round(percentile(values, p), 1) : null;
  };
  const kibs = (pick: (outcome: Outcome) => number) => `${kib(median(outcomes.map(pick)))} / ${kib(Math.max(...outcomes.map(pick)))}`;
  const {recall, meanReciprocalRank} = rankFigures(outcomes.map((outcome) => outcome.rank));
  return {
    queries: outcomes.length,
    'recall@1': round(count((outcome) => outcome.rank === 1) / outcomes.length, 3),
    [`recall@${SHOWN}`]: round(recall, 3),
    MRR: round(meanReciprocalRank, 3),
    'queries with repeated suggestions': count((outcome) => outcome.duplicates),
    'final lists that changed once shown': count((outcome) => outcome.changesAfterFinal > 0),
    'queries never answered': count((outcome) => outcome.finalMs === null),
    'index KiB before the first list, median / max': kibs((outcome) => outcome.beforeFirst.bytes),
    'index KiB before the final list, median / max': kibs((outcome) => outcome.beforeFinal.bytes),
    'index requests before the final list, median': median(outcomes.map((outcome) => outcome.beforeFinal.files.length)),
    'manifest loaded before the first key': `${count((outcome) => outcome.manifestLoadedBeforeKey)}/${outcomes.length}`,
    'cold: first key → first suggestions ms, median / p95': `${at((outcome) => outcome.firstMs, 50)} / ${at((outcome) => outcome.firstMs, 95)}`,
    'last key → final list ms, median': at((outcome) => outcome.lastKeyToFinalMs, 50),
  };
}

export async function run(workspace: Workspace): Promise<Result> {
  const queries = readerQueries();
  const siteDir = workspace.newCopy('real-docs');
  addRealDocs(siteDir);
  const buildDir = path.join(siteDir, 'out-product');
  const build = await productBuild(siteDir, buildDir);
  const titles = new Map(queries.map(({expected}) => [expected, builtPageTitle(path.join(buildDir, SITE_DIR), expected)]));
  const resources = new Resources();
  try {
    const gate = resources.add(await startGate(buildDir));
    const browser = resources.add(await launchBrowser());
    const state = await signedInState(browser, gate.origin);
    const outcomes: Outcome[] = [];
    for (const from of FOLDERS)
      for (const query of queries) {
        const {context, page, settled} = await freshPage(browser, state, isSearchIndex);
        try {
          await page.goto(`${gate.origin}/${from}`, {waitUntil: 'load'});
          const typed = await typeIntoBox(page, query.query, {delayMs: KEY_DELAY_MS, settleMs: SETTLE_MS});
          outcomes.push(outcomeOf(from, query, titles.get(query.expected)!, typed, await settled()));
        } finally {
          await context.close();
        }
      }

    const inFolder = (outcome: Outcome) => queries.find((query) => query.query === outcome.query)!.folder === outcome.from;
    const columns = {
      'From a page in its folder': figuresOf(outcomes.filter(inFolder)),
      'From a page in the other folder': figuresOf(outcomes.filter((outcome) => !inFolder(outcome))),
    };
    const own = columns['From a page in its folder'];
    const moved = own['queries with repeated suggestions'] + own['final lists that changed once shown'];
    const misses = outcomes.filter((outcome) => outcome.rank !== 1);
    return {
      tables: [
        {
          title: `Reader queries on fastify's docs (${queries.length} queries), typed at ${1000 / KEY_DELAY_MS} keys/s right after load, a fresh browser context each`,
          rows: figureRows(columns),
        },
        {
          title: 'Queries whose expected page was not first',
          rows: misses.map(({from, query, expected, rank, shown}) => ({
            From: from,
            Query: query,
            Expected: expected,
            Rank: rank || `not in ${SHOWN}`,
            'First suggestions': shown.slice(0, 3).join('; '),
          })),
        },
      ],
      notes: ['The index is the manifest and the parts, as the gate sends them (brotli).'],
      goals: [
        goal(
          `recall@${SHOWN} ≥ ${QUALITY_GOALS.recall} (from its folder)`,
          own[`recall@${SHOWN}`]!,
          Number(own[`recall@${SHOWN}`]) >= QUALITY_GOALS.recall,
        ),
        goal(`MRR ≥ ${QUALITY_GOALS.meanReciprocalRank} (from its folder)`, own.MRR, own.MRR >= QUALITY_GOALS.meanReciprocalRank),
        goal('no duplicate, no list that moves', moved, moved === 0),
      ],
      raw: {chromium: browser.version(), build, keyDelayMs: KEY_DELAY_MS, columns, outcomes},
    };
  } finally {
    await resources.close();
  }
}
