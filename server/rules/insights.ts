/**
 * The rules of insights, pure: how a report is counted (its day, its readers' audiences, its words), what
 * one reader may add, and what an authors' reader may see of it. The services and routes around them
 * only read and write.
 */
import {INSIGHTS_LIMITS, REPORT_ROWS, type Trend} from '../../contracts/insights';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a time, `YYYY-MM-DD`: counts are kept per day. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `count` days before `day` (after, when negative). */
export function daysBefore(day: string, count: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) - count * DAY_MS);
}

/** The period of a report: `days` days ending today, oldest first. */
export function periodOf(today: string, days: number): string[] {
  return Array.from({length: days}, (_, at) => daysBefore(today, days - 1 - at));
}

/** The readers' audiences of a report, as kept: sorted, no repeats, joined with `+` ('' for none). */
export function audiencesKey(audiences: readonly string[]): string {
  return [...new Set(audiences)].sort().join('+');
}

/**
 * Whether an authors' reader may see the searches of readers with these audiences: only when they hold
 * every one of them, so that no search tells them of pages only others may open.
 */
export function searchesVisibleTo(searchersKey: string, readerAudiences: ReadonlySet<string>): boolean {
  return searchersKey === '' || searchersKey.split('+').every((audience) => readerAudiences.has(audience));
}

/** Whether a reader may open the insights page: they are in the operator's INSIGHTS_AUDIENCE. */
export function isInsightsReader(audiences: readonly string[], insightsAudience: string | null): boolean {
  return insightsAudience !== null && audiences.includes(insightsAudience);
}

/**
 * A search's words as counted: spaces collapsed, lower case, cut to INSIGHTS_LIMITS.queryChars (at a
 * whole character). Empty when nothing is left: such a report is not counted.
 */
export function countedQuery(query: string): string {
  const words = query.normalize('NFC').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('en');
  return Array.from(words).slice(0, INSIGHTS_LIMITS.queryChars).join('').trim();
}

/** A comment as kept: its own line breaks, no other control characters, trimmed, within the limit. */
export function keptComment(comment: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const text = (comment ?? '').normalize('NFC').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/gu, '');
  return Array.from(text.trim()).slice(0, INSIGHTS_LIMITS.commentChars).join('');
}

/** What one reader added today, per gate: past INSIGHTS_LIMITS.eventsPerDay, the rest of the day's are dropped. */
export interface DayCount {
  day: string;
  events: number;
}

/** Counts `events` more for the day; `allowed` false once the day's limit would be passed. */
export function takeDayAllowance(count: DayCount | undefined, day: string, events: number): {allowed: boolean; count: DayCount} {
  const today = count?.day === day ? count : {day, events: 0};
  if (today.events + events > INSIGHTS_LIMITS.eventsPerDay) return {allowed: false, count: today};
  return {allowed: true, count: {day, events: today.events + events}};
}

/** One number per day of the period, from rows of (day, count); days without a row count 0. */
export function trendOf(rows: readonly {day: string; count: number}[], period: readonly string[]): Trend {
  const byDay = new Map<string, number>();
  for (const {day, count} of rows) byDay.set(day, (byDay.get(day) ?? 0) + count);
  return period.map((day) => byDay.get(day) ?? 0);
}

/** The first REPORT_ROWS of `rows` by `score`, highest first, then by `name` for a stable order. */
export function topRows<T>(rows: readonly T[], score: (row: T) => number, name: (row: T) => string): T[] {
  return rows
    .filter((row) => score(row) > 0)
    .sort((a, b) => score(b) - score(a) || name(a).localeCompare(name(b)))
    .slice(0, REPORT_ROWS);
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' '};

/** A page's title as its built HTML gives it (`<title>`, without the site's name after the bar); null without one. */
export function titleOfPage(html: string): string | null {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (raw === undefined) return null;
  const text = raw.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole).trim();
  const bar = text.lastIndexOf(' | ');
  return (bar > 0 ? text.slice(0, bar) : text) || null;
}
