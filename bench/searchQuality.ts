/**
 * Search quality on docs we did not write (`BENCH_ONLY=search-quality`, not in the default run), ours
 * beside Pagefind's: the real-docs fixture (tests/fixtures/real-docs: fastify's Reference and Guides,
 * readers' queries in words and code-only ones, each with the page that answers it) added to a copy of
 * the site, built with `npm run build` and served by the gate to a signed-in reader. Each query is typed
 * into the navbar box at a quick reader's pace, in a fresh browser context right after the page's
 * `load`, from a page in the expected page's folder and from one in the other folder. Pagefind indexes
 * the same built pages as ours does (bench/lib/pagefind.ts) and answers the same queries, typed the same
 * way into a box of the same roles on a page of its own. Then each query is pasted whole into a fresh tab
 * of both, right after load: the time to the first answer, side by side (issue 58). For both: the expected page's rank, recall@1
 * and @8, mean reciprocal rank, the index bytes transferred before the answer and the time to it.
 */
import path from 'node:path';
import {SITE_DIR} from '../contracts/buildLayout';
import {addRealDocs, rankFigures, readerQueries, type ReaderQuery} from '../testkit/realDocs';
import {coldBuild, type Workspace} from './lib/workspace';
import {isPagefindIndex, PAGEFIND_CONFIG, PAGEFIND_PAGE, pagefindSite, pagefindVersion} from './lib/pagefind';
import {withResources} from './lib/processes';
import {goal, type Result} from './lib/report';
import {searcher, withSearch, type SearchFrom, type Searched} from './lib/searchBox';
import {launchBrowser} from './lib/servers';
import {startStaticServer} from './lib/staticServer';
import {kib, median, percentile, round} from './lib/stats';

const FOLDERS = ['Reference', 'Guides'] as const;
/** A quick reader's pace: ten keys a second. Each key is a query of its own. */
const KEY_DELAY_MS = 100;
/** How long an answer's list is watched for changes. */
const SETTLE_MS = 250;
/** Issue 35: a code-only query (a command, an identifier) finds its page among the first three. */
const CODE_RANK = 3;
const TYPING = {keyDelayMs: KEY_DELAY_MS, settleMs: SETTLE_MS};
/** A whole query pasted at once (issue 58: at most 1.5× Pagefind's first answer, in a fresh tab). */
const PASTED = {keyDelayMs: 0, settleMs: SETTLE_MS};
const PASTED_RATIO = 1.5;

/** Where a query was typed: into our box on a page of a folder, or into Pagefind's box. */
type From = (typeof FOLDERS)[number] | 'Pagefind';

/** A query's answer as the figures read it: the expected page's rank and the pages shown. */
type Outcome = Searched & ReaderQuery & {from: From; inFolder: boolean; rank: number; shown: string[]};

/** A suggestion's page as a route: our box links to `/Reference/Hooks`, Pagefind to `/Reference/Hooks.html`. */
const routeOf = (pagePath: string) =>
  decodeURI(pagePath)
    .replace(/\.html$/, '')
    .replace(/\/(index)?$/, '') || '/';

function outcomeOf(from: From, query: ReaderQuery, answer: Searched): Outcome {
  // 1-based rank of the expected page among the suggestions; 0 when not among them.
  const rank = answer.options.findIndex((option) => routeOf(option.path) === query.expected) + 1;
  const shown = answer.options.map((option) => `${option.title} (${routeOf(option.path)})`);
  return {...answer, ...query, from, inFolder: query.folder === from, rank, shown};
}

/** Types (or pastes) each query into a fresh page of `route`. */
async function searchEach(searchFrom: SearchFrom, route: string, from: From, typing = TYPING): Promise<Outcome[]> {
  const outcomes = [];
  for (const query of readerQueries()) {
    const [answer] = await searchFrom(route, [query.query], typing);
    outcomes.push(outcomeOf(from, query, answer!));
  }
  return outcomes;
}

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

/** Our box's answers from each folder's page, and Pagefind's over the same built pages, in `scratchDir`. */
async function searchBoth(buildDir: string, scratchDir: string) {
  const ours = await withSearch(buildDir, async (searchFrom) => {
    const outcomes = [];
    for (const folder of FOLDERS) outcomes.push(...(await searchEach(searchFrom, `/${folder}`, folder)));
    return {outcomes, pasted: await searchEach(searchFrom, `/${FOLDERS[0]}`, FOLDERS[0], PASTED)};
  });
  const bundle = await pagefindSite(path.join(buildDir, SITE_DIR), scratchDir);
  const pagefind = await withResources(async (add) => {
    const server = add(await startStaticServer(scratchDir));
    const browser = add(await launchBrowser());
    const searchFrom = searcher(browser, server.origin, isPagefindIndex);
    return {
      typed: await searchEach(searchFrom, PAGEFIND_PAGE, 'Pagefind'),
      pasted: await searchEach(searchFrom, PAGEFIND_PAGE, 'Pagefind', PASTED),
    };
  });
  return {
    ours: ours.outcomes,
    oursPasted: ours.pasted,
    chromium: ours.chromium,
    pagefind: pagefind.typed,
    pagefindPasted: pagefind.pasted,
    bundle,
  };
}

/** A rank as the tables show it. */
const shownRank = (rank: number | undefined) => (rank ? rank : 'not shown');

export async function run(workspace: Workspace): Promise<Result> {
  const siteDir = workspace.newCopy('real-docs');
  addRealDocs(siteDir);
  const buildDir = path.join(siteDir, 'out-product');
  const build = await coldBuild('product', siteDir, buildDir);
  const {ours, oursPasted, chromium, pagefind, pagefindPasted, bundle} = await searchBoth(buildDir, path.join(siteDir, 'pagefind-site'));
  const pastedMs = (outcomes: readonly Outcome[]) => median(outcomes.flatMap((outcome) => outcome.ms ?? []));
  const pastedRatio = round(pastedMs(oursPasted) / pastedMs(pagefindPasted), 2);
  const version = pagefindVersion();

  const rankOf = (outcomes: readonly Outcome[], query: ReaderQuery, inFolder?: boolean) =>
    outcomes.find((outcome) => outcome.query === query.query && (inFolder === undefined || outcome.inFolder === inFolder))?.rank;
  const ranks = (query: ReaderQuery) => ({
    "Ours, answer's folder": shownRank(rankOf(ours, query, true)),
    'Ours, other folder': shownRank(rankOf(ours, query, false)),
    [`Pagefind ${version}`]: shownRank(rankOf(pagefind, query)),
  });
  const rows = (pick: (outcome: Outcome) => boolean) => ({
    own: figuresOf(ours.filter((outcome) => outcome.inFolder && pick(outcome))),
    other: figuresOf(ours.filter((outcome) => !outcome.inFolder && pick(outcome))),
    pagefind: figuresOf(pagefind.filter(pick)),
  });
  const all = rows(() => true);
  const worded = rows((outcome) => outcome.kind !== 'code');
  const codeQueries = readerQueries().filter((query) => query.kind === 'code');
  const codeWithin = (outcomes: readonly Outcome[]) =>
    outcomes.filter((outcome) => outcome.kind === 'code' && outcome.rank > 0 && outcome.rank <= CODE_RANK).length;
  const [codeOwn, codeOther, codePagefind] = [
    codeWithin(ours.filter((outcome) => outcome.inFolder)),
    codeWithin(ours.filter((outcome) => !outcome.inFolder)),
    codeWithin(pagefind),
  ];
  const moved = all.own['Repeated suggestions'] + all.own['Lists that changed once shown'];
  const notFirst = readerQueries().filter((query) => ours.some((outcome) => outcome.query === query.query && outcome.rank !== 1));
  const of = (own: number, other: number) => `${own} (${other} from the other folder)`;

  return {
    tables: [
      {
        title: `Reader queries on fastify's docs (${readerQueries().length}: ${codeQueries.length} of them code only), typed at ${1000 / KEY_DELAY_MS} keys/s right after load, a fresh browser context each; index as sent`,
        rows: [
          {Engine: "Ours, from a page in the answer's folder", ...all.own},
          {Engine: 'Ours, from a page in the other folder', ...all.other},
          {Engine: `Pagefind ${version}, its own page`, ...all.pagefind},
        ],
      },
      {
        title: 'Each query pasted whole into a fresh tab right after load: the first answer',
        rows: [
          {Engine: `Ours, from /${FOLDERS[0]}`, ...figuresOf(oursPasted)},
          {Engine: `Pagefind ${version}, its own page`, ...figuresOf(pagefindPasted)},
        ],
      },
      {
        title: `Code-only queries: the expected page's rank (goal ≤ ${CODE_RANK})`,
        rows: codeQueries.map((query) => ({Query: query.query, Expected: query.expected, ...ranks(query)})),
      },
      {
        title: 'Queries whose page ours does not show first (from either folder)',
        rows: notFirst.map((query) => ({
          Query: query.query,
          Expected: query.expected,
          ...ranks(query),
          'Ours first, from its folder': ours.find((outcome) => outcome.query === query.query && outcome.inFolder)!.shown[0] ?? '—',
        })),
      },
    ],
    notes: [
      `Without the code-only queries: recall@1 / MRR ours ${worded.own['recall@1']} / ${worded.own.MRR} (other folder ${worded.other['recall@1']} / ${worded.other.MRR}), Pagefind ${worded.pagefind['recall@1']} / ${worded.pagefind.MRR}.`,
      `Pagefind ${version}: ${bundle.pagefindPages} of the ${bundle.ourPages} pages our index of the version holds; its index ${kib(bundle.indexBytes)} KiB on disk (gzip), ${bundle.files} files with its code; settings ${JSON.stringify(PAGEFIND_CONFIG)}.`,
      "Our index: the manifest and parts as the gate sends them (brotli). Pagefind's: its entry, metadata, index chunks and one fragment per result shown, from a static server (not its code: pagefind.js and WASM); its page runs no Docusaurus app while it loads.",
    ],
    goals: [
      goal("recall@8 = 1.00 (ours, from the answer's folder)", all.own['recall@8'], all.own['recall@8'] === 1),
      goal(
        "MRR ≥ Pagefind's (ours from the answer's folder vs Pagefind)",
        `${all.own.MRR} vs ${all.pagefind.MRR}`,
        all.own.MRR >= all.pagefind.MRR,
      ),
      goal("MRR ≥ 0.97 (ours, from the answer's folder)", all.own.MRR, all.own.MRR >= 0.97),
      goal(
        "recall@1 ≥ Pagefind's (ours from the answer's folder vs Pagefind)",
        `${all.own['recall@1']} vs ${all.pagefind['recall@1']}`,
        all.own['recall@1'] >= all.pagefind['recall@1'],
      ),
      goal(
        `code-only queries at rank ≤ ${CODE_RANK} (ours, from either folder)`,
        `${of(codeOwn, codeOther)} of ${codeQueries.length}; Pagefind ${codePagefind}`,
        codeOwn === codeQueries.length && codeOther === codeQueries.length,
      ),
      goal('no duplicate, no list that moves (ours)', moved, moved === 0),
      goal(
        `a query pasted into a fresh tab: ours ≤ ${PASTED_RATIO}× Pagefind's time to the first answer (medians)`,
        `${pastedRatio}× (${round(pastedMs(oursPasted), 1)} vs ${round(pastedMs(pagefindPasted), 1)} ms)`,
        pastedRatio <= PASTED_RATIO,
      ),
    ],
    raw: {
      chromium,
      build,
      keyDelayMs: KEY_DELAY_MS,
      pagefind: {version, config: PAGEFIND_CONFIG, bundle},
      outcomes: [...ours, ...pagefind],
      pasted: [...oursPasted, ...pagefindPasted],
    },
  };
}
