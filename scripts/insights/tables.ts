/**
 * What `npm run insights` prints and exports of a report (contracts/insights.ts, InsightsReport): the same
 * lists as /insights, as tables of text, and as CSV files (RFC 4180, csv-stringify), one a list. Pure.
 */
import {stringify} from 'csv-stringify/sync';
import type {InsightsReport} from '../../contracts/insights';

export interface Table {
  /** The CSV file's name, without `.csv`. */
  name: string;
  title: string;
  header: string[];
  rows: (string | number)[][];
}

const trendText = (trend: readonly number[]) => trend.join(' ');

export function tablesOf(report: InsightsReport): Table[] {
  const pages = (name: string, title: string, list: InsightsReport['topPages']): Table => ({
    name,
    title,
    header: ['page', 'title', 'reads', 'helpful', 'not helpful', 'reads per day'],
    rows: list.map((page) => [page.path, page.title, page.reads, page.helpful, page.unhelpful, trendText(page.readsTrend)]),
  });
  const searches = (name: string, title: string, list: InsightsReport['topSearches']): Table => ({
    name,
    title,
    header: ['query', 'searches', 'no results', 'nothing opened', 'mean rank opened', 'searches per day'],
    rows: list.map((search) => [
      search.query,
      search.searches,
      search.noResults,
      search.nothingOpened,
      search.meanRankOpened ?? '',
      trendText(search.trend),
    ]),
  });
  return [
    pages('top-pages', 'Top pages', report.topPages),
    pages('unhelpful-pages', 'Pages with the most "no"', report.unhelpfulPages),
    {
      name: 'comments',
      title: 'Comments',
      header: ['day', 'page', 'helpful', 'comment', 'contact'],
      rows: report.comments.map((comment) => [
        comment.day,
        comment.path,
        comment.helpful ? 'yes' : 'no',
        comment.text,
        comment.contact ?? '',
      ]),
    },
    searches('top-searches', 'Top searches', report.topSearches),
    searches('no-results', 'Searches with no results', report.noResultSearches),
    searches('nothing-opened', 'Searches where nothing was opened', report.nothingOpenedSearches),
  ];
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first) gets a `'` before
 * it: what readers wrote (queries, comments) is opened by authors in spreadsheets (OWASP, "CSV injection").
 */
export function inertCell(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function csvOf(table: Table): string {
  return stringify([table.header, ...table.rows.map((row) => row.map(inertCell))]);
}

/** A table as aligned text, long cells cut, one line a row; a list with no rows says so. */
export function textOf(table: Table, width = 48): string {
  if (table.rows.length === 0) return `${table.title}: none in this period\n`;
  const cut = (cell: string | number) => {
    const text = String(cell).replace(/\s+/g, ' ');
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const cells = [table.header, ...table.rows].map((row) => row.map(cut));
  const widths = table.header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [table.title, line(cells[0]!), ...cells.slice(1).map(line)].join('\n') + '\n';
}
