/**
 * What the insights page shows (contracts/insights.ts, ReportQuery): a version, one of its sections or all of
 * them, and a period, read from the page's address and written back to it, so that a view can be linked. The
 * report is asked with the same parameters. Pure. Anything the address gets wrong (a version the reader does not
 * have, a section of another version, a period not offered) reads as the default.
 */
import {INSIGHTS_PERIODS, INSIGHTS_REPORT} from '../../contracts/insights';
import type {SearchSection} from '../../contracts/searchSections';
import {lastVersion, sectionsOfVersion, type ScopeVersion} from '../search/searchScope';

export type Period = (typeof INSIGHTS_PERIODS)[number];

/** A month: long enough to show a trend, short enough to show this month's docs. */
export const DEFAULT_PERIOD: Period = 30;

export interface ReportChoice {
  /** The version's name (`current`, `1.0`). */
  version: string;
  /** A section's path, or null for the whole version. */
  section: string | null;
  days: Period;
}

export interface ReportSite {
  baseUrl: string;
  versions: readonly ScopeVersion[];
  sections: readonly SearchSection[];
}

const isPeriod = (days: number): days is Period => (INSIGHTS_PERIODS as readonly number[]).includes(days);

/** The choice an address (`?version=…&section=…&days=…`) makes, and the sections its version offers. */
export function reportChoice(search: string, {baseUrl, versions, sections}: ReportSite): {choice: ReportChoice; sections: SearchSection[]} {
  const params = new URLSearchParams(search);
  const version = versions.find((candidate) => candidate.name === params.get('version')) ?? lastVersion(versions);
  const offered = sectionsOfVersion(baseUrl, version, versions, sections);
  const section = offered.find((candidate) => candidate.path === params.get('section'))?.path ?? null;
  const days = Number(params.get('days'));
  return {choice: {version: version.name, section, days: isPeriod(days) ? days : DEFAULT_PERIOD}, sections: offered};
}

/** The choice's parameters, for the page's address and the report's alike (no section: the whole version). */
export function choiceParams({version, section, days}: ReportChoice): string {
  return new URLSearchParams({version, ...(section === null ? {} : {section}), days: String(days)}).toString();
}

export const reportUrl = (choice: ReportChoice): string => `${INSIGHTS_REPORT}?${choiceParams(choice)}`;
