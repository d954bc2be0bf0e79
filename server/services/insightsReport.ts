/**
 * The insights of one version (and section) over a period, as an authors' reader may see them: only the
 * pages they may open (`scope.page` says which, with their titles) and only the searches of readers whose
 * audiences they all hold (`scope.searchers`). Every count is a sum over those alone, totals included, so
 * that nothing of the others can be worked out. The /insights page and `npm run insights` both read it.
 */
import {sql, type SqlBool} from 'kysely';
import type {FeedbackComment, InsightsReport, PageInsight, SearchInsight} from '../../contracts/insights';
import {REPORT_ROWS} from '../../contracts/insights';
import {periodOf, topRows, trendOf} from '../rules/insights';
import type {InsightsDb} from './insightsDatabase';

export interface ReportScope {
  version: string;
  /** A section's path, or null for the whole version. */
  section: string | null;
  days: number;
  /** `YYYY-MM-DD`, UTC: the period's last day. */
  today: string;
  /** Whether the reader may open a page: one they may not is left out of everything. */
  page: (path: string) => boolean;
  /** The titles of pages they may open. */
  titles: (paths: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  /** Whether the reader may see searches of readers with these audiences (an audiencesKey). */
  searchers: (audiences: string) => boolean;
}

const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;
const total = (column: string) => sql<string>`sum(${sql.ref(column)})`;

/** Rows of one version, section and period: each table has these columns. */
function inScope(scope: ReportScope, from: string) {
  const section = scope.section === null ? sql`` : sql` and section = ${scope.section}`;
  return sql<SqlBool>`version = ${scope.version} and day >= ${from} and day <= ${scope.today}${section}`;
}

export async function insightsReport(db: InsightsDb, scope: ReportScope): Promise<InsightsReport> {
  const period = periodOf(scope.today, scope.days);
  const from = period[0]!;

  // Every page with reads or answers in the period, then only those the reader may open. The reads of each
  // page and of each day come from one pass over the period: it is the report's largest table.
  const [readSums, answerSums] = await Promise.all([
    db
      .selectFrom('insights_reads')
      .where(inScope(scope, from))
      .select([sql<string | null>`page`.as('page'), sql<string | null>`${dayText}`.as('day'), total('reads').as('reads')])
      .groupBy(sql`grouping sets ((page), (day))`)
      .execute(),
    db
      .selectFrom('insights_feedback')
      .where(inScope(scope, from))
      .select([
        'page',
        sql<string>`count(*) filter (where helpful)`.as('helpful'),
        sql<string>`count(*) filter (where not helpful)`.as('unhelpful'),
      ])
      .groupBy('page')
      .execute(),
  ]);
  const pages = new Map<string, PageInsight>();
  const pageOf = (path: string): PageInsight | null => {
    const known = pages.get(path);
    if (known) return known;
    if (!scope.page(path)) return null;
    const page: PageInsight = {path, title: path, reads: 0, readsTrend: [], helpful: 0, unhelpful: 0};
    pages.set(path, page);
    return page;
  };
  const hiddenPages: string[] = [];
  const allReads: {day: string; count: string}[] = [];
  for (const row of readSums) {
    if (row.page === null) {
      allReads.push({day: row.day!, count: row.reads});
      continue;
    }
    const page = pageOf(row.page);
    if (page) page.reads = Number(row.reads);
    else hiddenPages.push(row.page);
  }
  for (const row of answerSums) {
    const page = pageOf(row.page);
    if (page) Object.assign(page, {helpful: Number(row.helpful), unhelpful: Number(row.unhelpful)});
  }
  const visiblePages = [...pages.keys()];

  const topPages = topRows(
    [...pages.values()],
    (page) => page.reads,
    (page) => page.path,
  );
  const unhelpfulPages = topRows(
    [...pages.values()],
    (page) => page.unhelpful,
    (page) => page.path,
  );
  const searchers = (await db.selectFrom('insights_searches').where(inScope(scope, from)).select('audiences').distinct().execute())
    .map(({audiences}) => audiences)
    .filter(scope.searchers);

  /** Per day, the sum of a table's `counted` over the period's rows whose `key` is one of `values`. */
  const dailySums = (table: 'insights_reads' | 'insights_searches', counted: string, key: string, values: readonly string[]) =>
    db
      .selectFrom(table)
      .where(inScope(scope, from))
      .select([dayText.as('day'), total(counted).as('count')])
      .where(sql.ref(key), 'in', values)
      .groupBy('day')
      .execute();
  const [pageTrendRows, hiddenReads, commentRows, searchRows, searchTotals, droppedRows] = await Promise.all([
    topPages.length + unhelpfulPages.length === 0
      ? []
      : db
          .selectFrom('insights_reads')
          .where(inScope(scope, from))
          .select(['page', dayText.as('day'), total('reads').as('count')])
          .where('page', 'in', [...new Set([...topPages, ...unhelpfulPages].map((page) => page.path))])
          .groupBy(['page', 'day'])
          .execute(),
    // What the pages the reader may not open take from each day's reads (usually few pages), read by their index.
    hiddenPages.length === 0 ? [] : dailySums('insights_reads', 'reads', 'page', hiddenPages),
    visiblePages.length === 0
      ? []
      : db
          .selectFrom('insights_feedback')
          .where(inScope(scope, from))
          .select(['page', 'helpful', 'comment', 'contact', dayText.as('day')])
          .where('comment', '<>', '')
          .where('page', 'in', visiblePages)
          .orderBy('day', 'desc')
          .orderBy('page')
          .limit(REPORT_ROWS)
          .execute(),
    searchers.length === 0
      ? []
      : db
          .selectFrom('insights_searches')
          .where(inScope(scope, from))
          .select([
            'query',
            total('searches').as('searches'),
            total('no_results').as('no_results'),
            total('nothing_opened').as('nothing_opened'),
            total('opened').as('opened'),
            total('rank_total').as('rank_total'),
          ])
          .where('audiences', 'in', searchers)
          .groupBy('query')
          .execute(),
    searchers.length === 0 ? [] : dailySums('insights_searches', 'searches', 'audiences', searchers),
    db
      .selectFrom('insights_dropped')
      .select(total('events').as('events'))
      .where('day', '>=', from)
      .where('day', '<=', scope.today)
      .execute(),
  ]);

  for (const page of new Set([...topPages, ...unhelpfulPages])) {
    page.readsTrend = trendOf(
      pageTrendRows.filter((row) => row.page === page.path).map((row) => ({day: row.day, count: Number(row.count)})),
      period,
    );
  }

  const searches = searchRows.map((row): SearchInsight => ({
    query: row.query,
    searches: Number(row.searches),
    trend: [],
    noResults: Number(row.no_results),
    nothingOpened: Number(row.nothing_opened),
    meanRankOpened: Number(row.opened) === 0 ? null : Math.round((Number(row.rank_total) / Number(row.opened)) * 10) / 10,
  }));
  const topSearches = topRows(
    searches,
    (search) => search.searches,
    (search) => search.query,
  );
  const noResultSearches = topRows(
    searches,
    (search) => search.noResults,
    (search) => search.query,
  );
  const nothingOpenedSearches = topRows(
    searches,
    (search) => search.nothingOpened,
    (search) => search.query,
  );
  const listed = [...new Set([...topSearches, ...noResultSearches, ...nothingOpenedSearches])];
  if (listed.length > 0) {
    const trendRows = await db
      .selectFrom('insights_searches')
      .where(inScope(scope, from))
      .select(['query', dayText.as('day'), total('searches').as('count')])
      .where('audiences', 'in', searchers)
      .where(
        'query',
        'in',
        listed.map((search) => search.query),
      )
      .groupBy(['query', 'day'])
      .execute();
    for (const search of listed) {
      search.trend = trendOf(
        trendRows.filter((row) => row.query === search.query).map((row) => ({day: row.day, count: Number(row.count)})),
        period,
      );
    }
  }

  const titles = await scope.titles([
    ...new Set([...topPages, ...unhelpfulPages].map((page) => page.path).concat(commentRows.map((row) => row.page))),
  ]);
  for (const page of pages.values()) page.title = titles.get(page.path) ?? page.path;
  const comments = commentRows.map((row): FeedbackComment => ({
    path: row.page,
    title: titles.get(row.page) ?? row.page,
    helpful: row.helpful,
    text: row.comment,
    contact: row.contact,
    day: row.day,
  }));
  const asCounts = (rows: readonly {day: string; count: string}[]) => rows.map((row) => ({day: row.day, count: Number(row.count)}));
  return {
    version: scope.version,
    section: scope.section,
    days: scope.days,
    from,
    to: scope.today,
    totals: {
      reads: trendOf(
        asCounts(allReads).map(({day, count}) => ({day, count: count - Number(hiddenReads.find((row) => row.day === day)?.count ?? 0)})),
        period,
      ),
      searches: trendOf(asCounts(searchTotals), period),
      helpful: [...pages.values()].reduce((sum, page) => sum + page.helpful, 0),
      unhelpful: [...pages.values()].reduce((sum, page) => sum + page.unhelpful, 0),
    },
    topPages,
    unhelpfulPages,
    comments,
    topSearches,
    noResultSearches,
    nothingOpenedSearches,
    dropped: Number(droppedRows[0]?.events ?? 0),
  };
}
