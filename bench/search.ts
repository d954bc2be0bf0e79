/**
 * Benchmark 3: local search on the corpus build (precompressed, as production serves it), served by
 * the gate to a signed-in reader, from every kind of page of either version: a doc in a section, a
 * doc outside every section, the home page and the search page. Each version's index is a manifest
 * and content-hashed parts that a query loads as it needs them (contracts/searchIndexFiles.ts). For
 * each page: the index bytes transferred before a cold key's answer, the wait for it, and the latency
 * of 200 queries.
 */
import {SEARCHABLE_WORDS, seededRandom} from './corpus';
import {goal, type Cell, type Result} from './lib/report';
import {withSearch} from './lib/searchBox';
import {kib, median, percentile, round} from './lib/stats';
import type {Workspace} from './lib/workspace';

const QUERIES = 200;
const WARM_P95_GOAL_MS = 16;
const COLD_GOAL_MS = 300;
/** Index a page may transfer (as sent: brotli) before its answer, in MB (10^6 bytes). */
const TRANSFER_GOAL_MB = 1;
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

/**
 * From each page, in a fresh browser context each: one letter typed as soon as the page fired `load`
 * (cold); the 200 queries as they come (parts loaded as needed), then again (all loaded).
 */
export async function run(workspace: Workspace): Promise<Result> {
  const corpus = await workspace.corpusBuild();
  const {rows, chromium} = await withSearch(corpus.buildDir, async (searchFrom) => {
    const rows: Record<string, Cell>[] = [];
    for (const {name, route} of PAGES(corpus.summary.sampleRoutes)) {
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
  });
  const most = (column: string) => Math.max(...rows.map((row) => Number(row[column])));
  const transfer = most('Cold key: index KiB before the answer (max)');
  const cold = most('Cold key: median ms');
  const warm = most(`${QUERIES} queries, parts loaded: p95`);
  return {
    tables: [
      {
        title: `Search on the corpus (${corpus.summary.docsPerVersion} docs per version): index as sent (brotli), ms from the key to the answer rendered (before paint); a fresh context for each cold key`,
        rows,
      },
    ],
    notes: ['On loopback the transfer does not limit: the bytes are for real networks.'],
    goals: [
      goal(`index before the answer ≤ ${TRANSFER_GOAL_MB} MB, every page`, `${transfer} KiB`, transfer * 1024 <= TRANSFER_GOAL_MB * 1e6),
      goal(`cold key → suggestions < ${COLD_GOAL_MS} ms, every page`, `${cold} ms`, cold < COLD_GOAL_MS),
      goal(`warm p95 < ${WARM_P95_GOAL_MS} ms, every page`, `${warm} ms`, warm < WARM_P95_GOAL_MS),
    ],
    raw: {chromium, corpus: corpus.summary, pages: rows},
  };
}
