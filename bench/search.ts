/**
 * Benchmark 3: local search on the corpus build (precompressed, as production serves it), served by
 * the gate to a signed-in reader, from every kind of page of either version: a doc in a section, a
 * doc outside every section, the home page and the search page. Each version's index is a manifest
 * and content-hashed parts that a query loads as it needs them (contracts/searchIndexFiles.ts). For
 * each page: the index bytes transferred before a cold key's answer, the wait for it, and the latency
 * of 200 queries. Then the same on the corpus with audiences, for a reader in two and one in none.
 */
import {DEMO_GUEST, DEMO_READER} from '../contracts/demoReader';
import {SEARCHABLE_WORDS, seededRandom, type CorpusSummary} from './corpus';
import {goal, type Cell, type Result} from './lib/report';
import {withSearch, type Searcher} from './lib/searchBox';
import {readersFile} from './lib/servers';
import {kib, median, percentile, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const QUERIES = 200;
const WARM_P95_GOAL_MS = 16;
const COLD_GOAL_MS = 300;
/** Index a page may transfer (as sent: brotli) before its answer, in MB (10^6 bytes). */
const TRANSFER_GOAL_MB = 1;
/** Issue 34: a reader's index before the answer on the corpus with audiences, at most what the corpus without sent (~110 KiB). */
const AUDIENCE_TRANSFER_GOAL_KIB = 110;
/** How long the list is watched once shown: one answer per query, so it should not change. */
const SETTLE_MS = 300;

/** 200 queries, the same on every run: three in four one word, the rest two. */
function queryList(): string[] {
  const random = seededRandom(7);
  const word = () => SEARCHABLE_WORDS[Math.floor(random() * SEARCHABLE_WORDS.length)]!;
  const queries: string[] = [];
  while (queries.length < QUERIES) {
    const query = random() < 0.75 ? word() : `${word()} ${word()}`;
    // The box does not search a text equal to the one before it; the list is typed twice in a row.
    if (query !== queries.at(-1) && (queries.length < QUERIES - 1 || query !== queries[0])) queries.push(query);
  }
  return queries;
}

/** One pass's columns: p50 / p95 / max ms of answered queries, and how many never were. */
function latencies(pass: string, answers: readonly {ms: number | null}[]) {
  const ms = answers.flatMap((answer) => answer.ms ?? []);
  const column = (figure: string) => `${QUERIES} queries, ${pass}: ${figure}`;
  return {
    [column('p50')]: round(percentile(ms, 50), 1),
    [column('p95')]: round(percentile(ms, 95), 1),
    [column('max')]: round(percentile(ms, 100), 1),
    [column('missed')]: answers.length - ms.length,
  };
}

const PAGES = (sampleRoutes: readonly string[]) => [
  // A generated doc is in a section; our own docs are in none; the home and search pages search the whole version.
  {name: '2.0, doc in a section', route: sampleRoutes[0]!},
  {name: '1.0, doc in a section', route: sampleRoutes[1]!},
  {name: '2.0, doc outside every section', route: '/chapter-1-introduction'},
  {name: '1.0, doc outside every section', route: '/1.0/chapter-1-introduction'},
  {name: 'home page', route: '/'},
  {name: 'search page', route: '/search'},
];

/** One searcher's rows: from each page, the cold keys' index bytes and wait, and the 200 queries' latency. */
async function searchRows(buildDir: string, summary: CorpusSummary, searcher: Searcher = {}) {
  return withSearch(
    buildDir,
    async (searchFrom) => {
      const rows: Record<string, Cell>[] = [];
      for (const {name, route} of PAGES(summary.sampleRoutes)) {
        const cold = [];
        for (const letter of 'sct') cold.push(...(await searchFrom(route, [letter], {settleMs: SETTLE_MS})));
        const queries = queryList();
        const passes = await searchFrom(route, [...queries, ...queries]);
        const coldMs = cold.every((answer) => answer.ms !== null) ? round(median(cold.map((answer) => answer.ms!)), 1) : Infinity;
        rows.push({
          Page: name,
          'Cold key: median ms': coldMs,
          'Cold key: index KiB before the answer (max)': kib(Math.max(...cold.map((answer) => answer.indexBytes))),
          'Cold lists that changed after': cold.filter((answer) => answer.changesAfter > 0).length,
          ...latencies('as they come', passes.slice(0, QUERIES)),
          ...latencies('parts loaded', passes.slice(QUERIES)),
        });
      }
      return {rows};
    },
    searcher,
  );
}

/** The most of a column over every page. */
const most = (rows: readonly Record<string, Cell>[], column: string) => Math.max(...rows.map((row) => Number(row[column])));
const TRANSFER = 'Cold key: index KiB before the answer (max)';
const COLD = 'Cold key: median ms';
const WARM = `${QUERIES} queries, parts loaded: p95`;

/**
 * Issue 34: the corpus with audiences, searched by a reader in two of them and by one in none (a
 * readers file puts the demo reader and the guest there): each reader's manifest lists only the
 * partitions of the pages they may read, and each partition has parts of its own.
 */
async function audienceSearch(workspace: Workspace) {
  const corpus = await workspace.corpusBuild({audiences: true});
  const names = corpus.summary.audiences.slice(0, 2);
  const gateEnv = {
    ALLOWED_EMAILS_FILE: readersFile([
      {email: DEMO_READER.email, audiences: names},
      {email: DEMO_GUEST.email, audiences: []},
    ]),
  };
  const readers = [
    {label: `reader in ${names.join(' and ')}`, reader: DEMO_READER},
    {label: 'reader in no audience', reader: DEMO_GUEST},
  ];
  const searched = [];
  for (const {label, reader} of readers) searched.push({label, ...(await searchRows(corpus.buildDir, corpus.summary, {reader, gateEnv}))});
  return {
    tables: searched.map(({label, rows}) => ({
      title: `Search on the corpus with audiences (${corpus.summary.audiences.join(', ')}), ${label}`,
      rows,
    })),
    goals: searched.flatMap(({label, rows}) => [
      goal(
        `${label}: index before the answer ≤ ${AUDIENCE_TRANSFER_GOAL_KIB} KiB, every page`,
        `${most(rows, TRANSFER)} KiB`,
        most(rows, TRANSFER) <= AUDIENCE_TRANSFER_GOAL_KIB,
      ),
      goal(`${label}: cold key → suggestions < ${COLD_GOAL_MS} ms, every page`, `${most(rows, COLD)} ms`, most(rows, COLD) < COLD_GOAL_MS),
      goal(`${label}: warm p95 < ${WARM_P95_GOAL_MS} ms, every page`, `${most(rows, WARM)} ms`, most(rows, WARM) < WARM_P95_GOAL_MS),
    ]),
    raw: {corpus: corpus.summary, readers: searched},
  };
}

/**
 * From each page, in a fresh browser context each: one letter typed as soon as the page fired `load`
 * (cold); the 200 queries as they come (parts loaded as needed), then again (all loaded). On the corpus
 * without audiences, then on the one with them.
 */
export async function run(workspace: Workspace): Promise<Result> {
  const corpus = await workspace.corpusBuild();
  const {rows, chromium} = await searchRows(corpus.buildDir, corpus.summary);
  const audiences = workspace.corpusAudiences > 0 ? await audienceSearch(workspace) : undefined;
  const [transfer, cold, warm] = [most(rows, TRANSFER), most(rows, COLD), most(rows, WARM)];
  return {
    tables: [
      {
        title: `Search on the corpus (${corpus.summary.docsPerVersion} docs per version): index as sent (brotli), ms from the key to the answer rendered (before paint); a fresh context for each cold key`,
        rows,
      },
      ...(audiences?.tables ?? []),
    ],
    notes: ['On loopback the transfer does not limit: the bytes are for real networks.'],
    goals: [
      goal(`index before the answer ≤ ${TRANSFER_GOAL_MB} MB, every page`, `${transfer} KiB`, transfer * 1024 <= TRANSFER_GOAL_MB * 1e6),
      goal(`cold key → suggestions < ${COLD_GOAL_MS} ms, every page`, `${cold} ms`, cold < COLD_GOAL_MS),
      goal(`warm p95 < ${WARM_P95_GOAL_MS} ms, every page`, `${warm} ms`, warm < WARM_P95_GOAL_MS),
      ...(audiences?.goals ?? []),
    ],
    raw: {chromium, corpus: corpus.summary, pages: rows, audiences: audiences?.raw},
  };
}
