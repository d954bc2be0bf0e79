/**
 * The authors' insights page (/insights, src/pages/insights.tsx), in the site's chrome: for a version, one of
 * its sections or all, and a period (reportChoice.ts, kept in the address), the gate's report: totals with
 * their days, the pages read and answered, comments, and what readers searched for. A reader the gate does
 * not show insights to gets the not-found page, as for any page they may not open. Everything is made in the
 * browser: the built page holds no count, only the script that asks for the report while the page loads
 * (earlyReport.ts), with the default choice's address.
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useVersions} from '@docusaurus/plugin-content-docs/client';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import NotFound from '@theme/NotFound';
import NotFoundContent from '@theme/NotFound/Content';
import type {InsightsReport} from '@site/contracts/insights';
import {INSIGHTS_PERIODS} from '@site/contracts/insights';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchSection} from '@site/contracts/searchSections';
import {choiceParams, reportChoice, reportUrl, type Period, type ReportChoice, type ReportSite} from './reportChoice';
import {earlyReportScript} from './earlyReport';
import {formatsFor, type Formats} from './format';
import {useInsightsReport, type ReportState} from './useInsightsReport';
import ReportTables from './ReportTables';
import {TrendChart} from './TrendChart';
import styles from './InsightsPage.module.css';
import accessibility from '@site/src/css/accessibility.module.css';

/** The site's versions and search sections, which the choices are made of. */
function useReportSite(): ReportSite & {versions: ReturnType<typeof useVersions>} {
  const {siteConfig} = useDocusaurusContext();
  const versions = useVersions(undefined);
  const {sections} = usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
  return useMemo(() => ({baseUrl: siteConfig.baseUrl, versions, sections}), [siteConfig.baseUrl, versions, sections]);
}

/** The choice in the address, the sections its version offers, and how a control changes it. */
function useChoice() {
  const {search} = useLocation();
  const history = useHistory();
  const site = useReportSite();
  const {versions} = site;
  const chosen = useMemo(() => reportChoice(search, site), [search, site]);
  // Not a move to another page: the view replaces the one it was (the search page writes its query so too).
  const change = (next: Partial<ReportChoice>) => history.replace({search: `?${choiceParams({...chosen.choice, ...next})}`});
  return {...chosen, versions, change};
}

type Choice = ReturnType<typeof useChoice>;

function Controls({choice, sections, versions, change}: Choice): ReactNode {
  return (
    <form className={styles.controls} aria-label="What to show" onSubmit={(event) => event.preventDefault()}>
      <label>
        Version
        <select value={choice.version} onChange={(event) => change({version: event.target.value, section: null})}>
          {versions.map((version) => (
            <option key={version.name} value={version.name}>
              {version.label}
            </option>
          ))}
        </select>
      </label>
      {sections.length > 0 && (
        <label>
          Section
          <select value={choice.section ?? ''} onChange={(event) => change({section: event.target.value || null})}>
            <option value="">All sections</option>
            {sections.map((section) => (
              <option key={section.path} value={section.path}>
                {section.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Period
        <select value={choice.days} onChange={(event) => change({days: Number(event.target.value) as Period})}>
          {INSIGHTS_PERIODS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

const sum = (trend: readonly number[]) => trend.reduce((total, count) => total + count, 0);

/** The period's totals: what it covers, its counts, and reads and searches per day. */
function Totals({report, scope, formats}: {report: InsightsReport; scope: string; formats: Formats}): ReactNode {
  const {totals} = report;
  const figures: [string, number][] = [
    ['Reads', sum(totals.reads)],
    ['Searches', sum(totals.searches)],
    ['Answered “yes”', totals.helpful],
    ['Answered “no”', totals.unhelpful],
  ];
  return (
    <section className={styles.list}>
      <h2 id="totals" tabIndex={-1}>
        Totals
      </h2>
      <p>
        {scope}, from {formats.day(report.from)} to {formats.day(report.to)}.
      </p>
      <dl className={styles.figures}>
        {figures.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formats.number(count)}</dd>
          </div>
        ))}
      </dl>
      {report.dropped > 0 && (
        <p className={styles.note}>
          {formats.number(report.dropped)} reports were dropped in this period (a reader sending too many, or the database not answering):
          the counts may be low.
        </p>
      )}
      <div className={styles.charts}>
        <TrendChart what="Reads per day" trend={totals.reads} from={report.from} to={report.to} formats={formats} />
        <TrendChart what="Searches per day" trend={totals.searches} from={report.from} to={report.to} formats={formats} />
      </div>
    </section>
  );
}

/** "Version 2.0, Guides (2.0), last 30 days". */
function scopeOf({choice, versions, sections}: Choice): string {
  const version = versions.find((candidate) => candidate.name === choice.version)!;
  const section = sections.find((candidate: SearchSection) => candidate.path === choice.section);
  return `Version ${version.label}, ${section ? section.label : 'all sections'}, last ${choice.days} days`;
}

/**
 * A report that could not be had, and Retry. The message stays while the retry is on its way, so that the focus
 * stays on its button; a report that lands takes it to the totals.
 */
function Failure({
  state,
  retrying,
  onRetry,
}: {
  state: Extract<ReportState, {kind: 'failed'}>;
  retrying: boolean;
  onRetry: () => void;
}): ReactNode {
  return (
    <div className="alert alert--danger" role="alert">
      <p>
        The insights could not be loaded
        {state.status === null
          ? ': the site could not be reached, or did not answer with a report.'
          : ` (the site answered ${state.status}).`}{' '}
        Try again in a moment.
      </p>
      <button type="button" className="button button--secondary" aria-disabled={retrying} onClick={() => !retrying && onRetry()}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}

function InsightsView(): ReactNode {
  const {i18n} = useDocusaurusContext();
  const formats = useMemo(() => formatsFor(i18n.currentLocale), [i18n.currentLocale]);
  const choice = useChoice();
  const {state, retry} = useInsightsReport(reportUrl(choice.choice));
  // The controls come with the gate's first answer: a reader it refuses sees only "Loading" before the not-found page.
  const [answered, setAnswered] = useState(false);
  if (!answered && (state.kind === 'report' || state.kind === 'failed')) setAnswered(true);
  const [failure, setFailure] = useState<Extract<ReportState, {kind: 'failed'}> | null>(null);
  if (state.kind === 'failed' && failure !== state) setFailure(state);
  if (state.kind === 'report' && failure !== null) setFailure(null);
  const retried = useRef(false);
  useEffect(() => {
    if (state.kind !== 'report' || !retried.current) return;
    retried.current = false;
    document.getElementById('totals')?.focus();
  }, [state.kind]);

  if (state.kind === 'not-found') return <NotFoundContent />;
  return (
    <main className="container margin-vert--lg">
      <h1>Insights</h1>
      {answered && <Controls {...choice} />}
      <p role="status" className={state.kind === 'loading' ? undefined : accessibility.visuallyHidden}>
        {state.kind === 'loading' ? 'Loading insights…' : state.kind === 'report' ? `Showing ${scopeOf(choice)}.` : ''}
      </p>
      {failure && (
        <Failure
          state={failure}
          retrying={state.kind === 'loading'}
          onRetry={() => {
            retried.current = true;
            retry();
          }}
        />
      )}
      {state.kind === 'report' && (
        <>
          <Totals report={state.report} scope={scopeOf(choice)} formats={formats} />
          <ReportTables report={state.report} formats={formats} />
        </>
      )}
    </main>
  );
}

/** Marks the built page's shell: a page at this address without it is the gate's not-found page. */
const SHELL = 'insights-shell';
/** Docusaurus's root, which holds the page the server sent until React has hydrated it. */
const SERVED_ROOT = '__docusaurus';

export default function InsightsPage(): ReactNode {
  const isBrowser = useIsBrowser();
  const site = useReportSite();
  const defaultReport = useMemo(() => reportUrl(reportChoice('', site).choice), [site]);
  // The gate sends a reader who may not read insights its not-found page at this address, while the site's
  // routes still name this page: while hydrating (the browser, before isBrowser turns), hydrate what was sent
  // and keep it, as for any page they may not open. A move here inside the site asks the gate (InsightsView).
  const [sentNotFound] = useState(
    () =>
      !isBrowser &&
      typeof document !== 'undefined' &&
      document.getElementById(SERVED_ROOT)?.hasChildNodes() === true &&
      document.getElementById(SHELL) === null,
  );
  if (sentNotFound) return <NotFound />;
  return (
    <Layout title="Insights" description="What readers read, search for and find helpful.">
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      {isBrowser ? (
        <InsightsView />
      ) : (
        <main id={SHELL} className="container margin-vert--lg">
          <h1>Insights</h1>
          <p role="status">Loading insights…</p>
          {/* Run as the browser reads the built page. Inner HTML, so React neither runs it nor warns of it on the
              client, and the build's minified text is what the gate's CSP hashes (a script the head manager added
              on the client would be neither). */}
          <div hidden dangerouslySetInnerHTML={{__html: `<script>${earlyReportScript(defaultReport)}</script>`}} />
        </main>
      )}
    </Layout>
  );
}
