/**
 * The report the insights page shows, asked of the gate (contracts/insights.ts, INSIGHTS_REPORT) for each
 * choice, and again on Retry: only the latest ask lands. The first may have been asked while the page loaded
 * (earlyReport.ts). 404 is the gate's word for a reader who may not
 * see insights (or a gate without them), as for any page they may not open.
 */
import {useEffect, useState} from 'react';
import type {InsightsReport} from '@site/contracts/insights';
import {takeEarlyReport} from './earlyReport';

export type ReportState =
  | {kind: 'loading'}
  | {kind: 'report'; report: InsightsReport}
  | {kind: 'not-found'}
  /** `status`: the gate's, or null when it could not be reached or sent no report. */
  | {kind: 'failed'; status: number | null};

const LISTS = ['topPages', 'unhelpfulPages', 'comments', 'topSearches', 'noResultSearches', 'nothingOpenedSearches'] as const;

/** Enough of a report to render: a server that is not the gate (a proxy's page) gets the failure's message, not a broken page. */
function isReport(body: unknown): body is InsightsReport {
  const report = body as Partial<InsightsReport> | null;
  return (
    typeof report === 'object' &&
    report !== null &&
    Array.isArray(report.totals?.reads) &&
    Array.isArray(report.totals.searches) &&
    LISTS.every((list) => Array.isArray(report[list]))
  );
}

async function stateOf(response: Response): Promise<ReportState> {
  if (response.status === 404) return {kind: 'not-found'};
  if (!response.ok) return {kind: 'failed', status: response.status};
  const body: unknown = await response.json().catch(() => null);
  return isReport(body) ? {kind: 'report', report: body} : {kind: 'failed', status: null};
}

/** The state of the report at `url`, and Retry. */
export function useInsightsReport(url: string): {state: ReportState; retry: () => void} {
  const [attempt, setAttempt] = useState(0);
  const [landed, setLanded] = useState<{url: string; attempt: number; state: ReportState} | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    (
      (attempt === 0 ? takeEarlyReport(url) : null) ??
      fetch(url, {credentials: 'same-origin', headers: {accept: 'application/json'}, signal: controller.signal})
    )
      .then(stateOf, (): ReportState => ({kind: 'failed', status: null}))
      .then((state) => {
        if (!controller.signal.aborted) setLanded({url, attempt, state});
      });
    return () => controller.abort();
  }, [url, attempt]);
  const current = landed !== null && landed.url === url && landed.attempt === attempt;
  return {state: current ? landed.state : {kind: 'loading'}, retry: () => setAttempt((count) => count + 1)};
}
