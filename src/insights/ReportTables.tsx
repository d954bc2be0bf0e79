/**
 * The insights report's lists, each a table under its heading, or a sentence saying it is empty. Everything a
 * reader wrote (a comment, a query) is rendered as text.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {FeedbackComment, InsightsReport, PageInsight, SearchInsight} from '@site/contracts/insights';
import type {Formats} from './format';
import {Sparkline} from './TrendChart';
import styles from './InsightsPage.module.css';

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A count: right-aligned, so that digits line up. */
  count?: boolean;
}

interface ListProps<Row> {
  heading: string;
  /** What the table holds and in which order. */
  caption: string;
  /** What an empty list says. */
  empty: string;
  rows: readonly Row[];
  keyOf: (row: Row, index: number) => string;
  columns: readonly Column<Row>[];
}

function List<Row>({heading, caption, empty, rows, keyOf, columns}: ListProps<Row>): ReactNode {
  return (
    <section className={styles.list}>
      <h2>{heading}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.count ? styles.count : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={keyOf(row, index)}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.count ? styles.count : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const pageCell = ({path, title}: {path: string; title: string}) => (
  <>
    <Link to={path}>{title}</Link>
    <span className={styles.path}>{path}</span>
  </>
);

function pageColumns(formats: Formats): Record<'page' | 'reads' | 'trend' | 'helpful' | 'unhelpful', Column<PageInsight>> {
  return {
    page: {header: 'Page', cell: pageCell},
    reads: {header: 'Reads', cell: (page) => formats.number(page.reads), count: true},
    trend: {header: 'Trend', cell: (page) => <Sparkline what="Reads per day" trend={page.readsTrend} formats={formats} />},
    helpful: {header: 'Yes', cell: (page) => formats.number(page.helpful), count: true},
    unhelpful: {header: 'No', cell: (page) => formats.number(page.unhelpful), count: true},
  };
}

function searchColumns(
  formats: Formats,
): Record<'query' | 'searches' | 'trend' | 'noResults' | 'nothingOpened' | 'rank', Column<SearchInsight>> {
  return {
    query: {header: 'Query', cell: (search) => search.query},
    searches: {header: 'Searches', cell: (search) => formats.number(search.searches), count: true},
    trend: {header: 'Trend', cell: (search) => <Sparkline what="Searches per day" trend={search.trend} formats={formats} />},
    noResults: {header: 'No results', cell: (search) => formats.number(search.noResults), count: true},
    nothingOpened: {header: 'Nothing opened', cell: (search) => formats.number(search.nothingOpened), count: true},
    rank: {
      header: 'Mean rank opened',
      cell: (search) => (search.meanRankOpened === null ? 'none' : formats.mean(search.meanRankOpened)),
      count: true,
    },
  };
}

const commentColumns = (formats: Formats): Column<FeedbackComment>[] => [
  {header: 'Page', cell: pageCell},
  {header: 'Helpful', cell: (comment) => (comment.helpful ? 'Yes' : 'No')},
  {header: 'Comment', cell: (comment) => <span className={styles.comment}>{comment.text}</span>},
  {header: 'Contact', cell: (comment) => comment.contact !== null && <a href={`mailto:${comment.contact}`}>{comment.contact}</a>},
  {header: 'Day', cell: (comment) => formats.day(comment.day)},
];

const pageKey = (page: {path: string}) => page.path;
const searchKey = (search: SearchInsight) => search.query;

/** Pages first (what is read, and what does not help), then what readers searched for. */
export default function ReportTables({report, formats}: {report: InsightsReport; formats: Formats}): ReactNode {
  const page = pageColumns(formats);
  const search = searchColumns(formats);
  return (
    <>
      <List
        heading="Top pages"
        caption="The most read pages, most read first, with their “Was this page helpful?” answers."
        empty="No pages were read in this period."
        rows={report.topPages}
        keyOf={pageKey}
        columns={[page.page, page.reads, page.trend, page.helpful, page.unhelpful]}
      />
      <List
        heading="Pages with the most “no”"
        caption="Pages readers said did not help, most “no” answers first."
        empty="No page was answered “no” in this period."
        rows={report.unhelpfulPages}
        keyOf={pageKey}
        columns={[page.page, page.unhelpful, page.helpful, page.reads]}
      />
      <List
        heading="Comments"
        caption="What readers were looking for, newest first."
        empty="No comments in this period."
        rows={report.comments}
        keyOf={(comment, index) => `${comment.path} ${comment.day} ${index}`}
        columns={commentColumns(formats)}
      />
      <List
        heading="Top searches"
        caption="The most frequent searches, most frequent first."
        empty="No searches in this period."
        rows={report.topSearches}
        keyOf={searchKey}
        columns={[search.query, search.searches, search.trend, search.noResults, search.nothingOpened, search.rank]}
      />
      <List
        heading="Searches with no results"
        caption="Searches that found nothing: what the docs may be missing, or call by another name."
        empty="No searches without results in this period."
        rows={report.noResultSearches}
        keyOf={searchKey}
        columns={[search.query, search.noResults, search.trend]}
      />
      <List
        heading="Searches where nothing was opened"
        caption="Searches that found pages of which the reader opened none."
        empty="No searches where nothing was opened in this period."
        rows={report.nothingOpenedSearches}
        keyOf={searchKey}
        columns={[search.query, search.nothingOpened, search.trend]}
      />
    </>
  );
}
