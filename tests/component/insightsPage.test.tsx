/**
 * The authors' insights page (src/pages/insights.tsx, src/insights/InsightsPage.tsx) in the site's layout: the
 * report for the version, section and period its address chooses, what the controls change, what empty lists
 * say, the not-found page for a reader the gate refuses, and a failure with Retry. What the address means, the
 * charts' shapes and their words are tabled (tests/unit/insightsPage.test.ts); who may see what, in tests/integration.
 */
import {screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import InsightsPage from '@site/src/pages/insights';
import type {InsightsReport} from '../../contracts/insights';
import {INSIGHTS_REPORT} from '../../contracts/insights';
import {EARLY_REPORT} from '../../src/insights/earlyReport';
import {gate} from './support/gate';
import {addressOf, renderPage} from './support/render';

/** A page both read and answered "no": in the top pages and the unhelpful ones. */
const CHAPTER_1: InsightsReport['topPages'][number] = {
  path: '/chapter-1-introduction',
  title: 'Chapter 1: Introduction',
  reads: 40,
  readsTrend: [0, 0, 0, 0, 0, 0, 40],
  helpful: 2,
  unhelpful: 3,
};

const REPORT: InsightsReport = {
  version: 'current',
  section: null,
  days: 7,
  from: '2025-06-01',
  to: '2025-06-07',
  totals: {reads: [3, 12, 5, 7, 4, 6, 8], searches: [0, 1, 0, 2, 0, 0, 1], helpful: 9, unhelpful: 1234},
  topPages: [
    {path: '/overview', title: 'Overview', reads: 1500, readsTrend: [100, 200, 300, 200, 300, 200, 200], helpful: 7, unhelpful: 1},
    CHAPTER_1,
  ],
  unhelpfulPages: [CHAPTER_1],
  comments: [
    {
      path: '/chapter-1-introduction',
      title: 'Chapter 1: Introduction',
      helpful: false,
      text: '<img src=x onerror=alert(1)> Where is the install step?',
      contact: 'reader@tutorial-hub.test',
      day: '2025-06-06',
    },
    {path: '/overview', title: 'Overview', helpful: true, text: 'Clear, thanks', contact: null, day: '2025-06-02'},
  ],
  topSearches: [{query: 'deploy', searches: 12, trend: [1, 2, 3, 0, 2, 2, 2], noResults: 0, nothingOpened: 4, meanRankOpened: 1.75}],
  noResultSearches: [
    {query: 'kubernetes', searches: 5, trend: [0, 0, 1, 1, 1, 1, 1], noResults: 5, nothingOpened: 0, meanRankOpened: null},
  ],
  nothingOpenedSearches: [
    {query: 'deploy', searches: 12, trend: [1, 2, 3, 0, 2, 2, 2], noResults: 0, nothingOpened: 4, meanRankOpened: 1.75},
  ],
  dropped: 0,
};

const EMPTY: InsightsReport = {
  ...REPORT,
  totals: {reads: [0, 0, 0, 0, 0, 0, 0], searches: [0, 0, 0, 0, 0, 0, 0], helpful: 0, unhelpful: 0},
  topPages: [],
  unhelpfulPages: [],
  comments: [],
  topSearches: [],
  noResultSearches: [],
  nothingOpenedSearches: [],
};

const main = () => within(screen.getByRole('main'));
const control = (name: string) => main().getByRole('combobox', {name});
/** The report's parameters as the page asked for them, in order. */
const asked = () => gate.calls.filter((call) => call.path === INSIGHTS_REPORT).map((call) => call.query);
/** A list's section, by its heading. */
const list = (heading: string) => within(main().getByRole('heading', {level: 2, name: heading}).closest('section')!);
/** A table's rows as their cells' text, the header row first. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

function openInsights(search = '') {
  return renderPage(<InsightsPage />, {path: `/insights${search}`, kind: 'page', page: true});
}

describe('the insights page', () => {
  it('shows the totals, their days as charts, and every list as a table, what readers wrote as text', async () => {
    gate.insights.report = () => REPORT;
    openInsights();
    expect(await main().findByRole('heading', {level: 2, name: 'Totals'})).toBeVisible();
    expect(main().getByRole('heading', {level: 1})).toHaveTextContent('Insights');
    await waitFor(() => expect(document.title).toBe('Insights | Tutorial Hub'));
    expect(asked()).toEqual(['?version=current&days=30']);
    expect(list('Totals').getByText(/^Version 2\.0/)).toHaveTextContent(
      'Version 2.0, all sections, last 30 days, from Jun 1, 2025 to Jun 7, 2025.',
    );
    const figures = Object.fromEntries(
      list('Totals')
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({Reads: '45', Searches: '4', 'Answered “yes”': '9', 'Answered “no”': '1,234'});
    expect(list('Totals').getByRole('img', {name: 'Reads per day, 7 days: from 3 to 12 a day, 45 in all'})).toBeInTheDocument();
    expect(list('Totals').getByRole('img', {name: 'Searches per day, 7 days: from 0 to 2 a day, 4 in all'})).toBeInTheDocument();
    expect(main().queryByText(/reports were dropped/)).toBeNull();

    const topPages = list('Top pages').getByRole('table', {name: /^The most read pages/});
    expect(rowsOf(topPages)).toEqual([
      ['Page', 'Reads', 'Trend', 'Yes', 'No'],
      ['Overview/overview', '1,500', '', '7', '1'],
      ['Chapter 1: Introduction/chapter-1-introduction', '40', '', '2', '3'],
    ]);
    expect(within(topPages).getByRole('link', {name: 'Overview'})).toHaveAttribute('href', '/overview');
    expect(within(topPages).getByRole('img', {name: 'Reads per day, 7 days: from 100 to 300 a day, 1,500 in all'})).toBeInTheDocument();
    expect(rowsOf(list('Pages with the most “no”').getByRole('table'))).toEqual([
      ['Page', 'No', 'Yes', 'Reads'],
      ['Chapter 1: Introduction/chapter-1-introduction', '3', '2', '40'],
    ]);

    const comments = list('Comments').getByRole('table', {name: 'What readers were looking for, newest first.'});
    expect(rowsOf(comments)).toEqual([
      ['Page', 'Helpful', 'Comment', 'Contact', 'Day'],
      [
        'Chapter 1: Introduction/chapter-1-introduction',
        'No',
        '<img src=x onerror=alert(1)> Where is the install step?',
        'reader@tutorial-hub.test',
        'Jun 6, 2025',
      ],
      ['Overview/overview', 'Yes', 'Clear, thanks', '', 'Jun 2, 2025'],
    ]);
    expect(comments.querySelector('img')).toBeNull();
    expect(
      within(comments)
        .getAllByRole('link', {name: /@/})
        .map((link) => link.getAttribute('href')),
    ).toEqual(['mailto:reader@tutorial-hub.test']);

    expect(rowsOf(list('Top searches').getByRole('table'))).toEqual([
      ['Query', 'Searches', 'Trend', 'No results', 'Nothing opened', 'Mean rank opened'],
      ['deploy', '12', '', '0', '4', '1.8'],
    ]);
    expect(list('Top searches').getByRole('img', {name: 'Searches per day, 7 days: from 0 to 3 a day, 12 in all'})).toBeInTheDocument();
    expect(rowsOf(list('Searches with no results').getByRole('table'))).toEqual([
      ['Query', 'No results', 'Trend'],
      ['kubernetes', '5', ''],
    ]);
    expect(rowsOf(list('Searches where nothing was opened').getByRole('table'))).toEqual([
      ['Query', 'Nothing opened', 'Trend'],
      ['deploy', '4', ''],
    ]);
  });

  it('says in words that a list is empty, and that reports were dropped', async () => {
    gate.insights.report = () => ({...EMPTY, dropped: 3});
    openInsights();
    expect(await main().findByText('No searches in this period.')).toBeVisible();
    expect(main().queryAllByRole('table')).toEqual([]);
    for (const sentence of [
      'No pages were read in this period.',
      'No page was answered “no” in this period.',
      'No comments in this period.',
      'No searches without results in this period.',
      'No searches where nothing was opened in this period.',
    ])
      expect(main().getByText(sentence)).toBeVisible();
    expect(main().getByRole('img', {name: 'Reads per day, 7 days: none'})).toBeInTheDocument();
    expect(main().getByText(/reports were dropped/)).toHaveTextContent(/^3 reports were dropped in this period/);
  });

  it('is the not-found page for a reader the gate does not show insights to', async () => {
    openInsights('?version=1.0');
    expect(await screen.findByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    expect(screen.queryByRole('heading', {name: 'Insights'})).toBeNull();
    expect(screen.queryByRole('combobox', {name: 'Version'})).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Tutorial Hub'));
  });

  it('says so when the report cannot be had, and shows it once Retry gets it, the focus on the totals', async () => {
    gate.insights.report = () => 503;
    const {user} = openInsights();
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('The insights could not be loaded (the site answered 503). Try again in a moment.');

    gate.insights.report = () => 'unreachable';
    await user.click(within(alert).getByRole('button', {name: 'Retry'}));
    await waitFor(() =>
      expect(main().getByRole('alert')).toHaveTextContent(
        'The insights could not be loaded: the site could not be reached, or did not answer with a report. Try again in a moment.',
      ),
    );
    const retry = main().getByRole('button', {name: 'Retry'});
    expect(retry).toHaveFocus();

    gate.insights.report = () => REPORT;
    await user.click(retry);
    const totals = await main().findByRole('heading', {level: 2, name: 'Totals'});
    expect(main().queryByRole('alert')).toBeNull();
    expect(totals).toHaveFocus();
    expect(asked()).toEqual(Array.from({length: 3}, () => '?version=current&days=30'));
  });

  it('takes the report its page asked for while loading, and asks again only on Retry', async () => {
    const early = `${INSIGHTS_REPORT}?version=current&days=30`;
    const response = new Response(JSON.stringify({...REPORT, totals: {...REPORT.totals, helpful: 77}}), {status: 200});
    (globalThis as Record<string, unknown>)[EARLY_REPORT] = {url: early, response: Promise.resolve(response)};
    gate.insights.report = () => 503;
    openInsights();
    const totals = await main().findByRole('heading', {level: 2, name: 'Totals'});
    expect(within(totals.closest('section')!).getByText('Answered “yes”').nextElementSibling).toHaveTextContent('77');
    expect(asked()).toEqual([]);
    expect((globalThis as Record<string, unknown>)[EARLY_REPORT]).toBeUndefined();
  });

  it('asks itself when the page asked for another choice than its address makes', async () => {
    const response = Promise.resolve(new Response(JSON.stringify(EMPTY), {status: 200}));
    (globalThis as Record<string, unknown>)[EARLY_REPORT] = {url: `${INSIGHTS_REPORT}?version=1.0&days=30`, response};
    gate.insights.report = () => REPORT;
    openInsights();
    await main().findByRole('heading', {level: 2, name: 'Totals'});
    expect(asked()).toEqual(['?version=current&days=30']);
    expect(list('Top pages').getByRole('table')).toHaveTextContent('Overview');
    delete (globalThis as Record<string, unknown>)[EARLY_REPORT];
  });

  it('says it is loading until the report is in', async () => {
    let answer: (report: InsightsReport) => void = () => undefined;
    gate.insights.report = () => new Promise((resolve) => (answer = resolve));
    openInsights();
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(main().getByRole('status')).toHaveTextContent('Loading insights…');
    expect(main().queryByRole('heading', {level: 2})).toBeNull();
    answer(REPORT);
    expect(await main().findByRole('heading', {level: 2, name: 'Totals'})).toBeVisible();
    expect(main().getByRole('status')).toHaveTextContent('Showing Version 2.0, all sections, last 30 days.');
  });

  it('asks for what its address chooses, and keeps what the controls choose in the address', async () => {
    gate.insights.report = (query) => ({...REPORT, version: query.get('version')!, section: query.get('section')});
    const {user, history} = openInsights('?version=1.0&section=1.0%2Ftutorial-extras&days=7');
    await main().findByRole('heading', {level: 2, name: 'Totals'});
    expect(asked()).toEqual(['?version=1.0&section=1.0%2Ftutorial-extras&days=7']);
    expect(control('Version')).toHaveValue('1.0');
    expect(control('Section')).toHaveValue('1.0/tutorial-extras');
    expect(control('Period')).toHaveValue('7');
    expect(
      within(control('Version'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2.0', '1.0']);
    // Only the chosen version's sections.
    expect(
      within(control('Section'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All sections', 'Tutorial - Basics (1.0)', 'Tutorial - Extras (1.0)']);
    expect(
      within(control('Period'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days']);

    await user.selectOptions(control('Period'), 'Last 90 days');
    expect(addressOf(history)).toBe('/insights?version=1.0&section=1.0%2Ftutorial-extras&days=90');
    await user.selectOptions(control('Section'), 'All sections');
    expect(addressOf(history)).toBe('/insights?version=1.0&days=90');
    // Another version: none of this one's sections.
    await user.selectOptions(control('Version'), '2.0');
    expect(addressOf(history)).toBe('/insights?version=current&days=90');
    await user.selectOptions(control('Section'), 'Guides (2.0)');
    expect(addressOf(history)).toBe('/insights?version=current&section=guides&days=90');
    await waitFor(() => expect(main().getByRole('status')).toHaveTextContent('Showing Version 2.0, Guides (2.0), last 90 days.'));
    expect(asked()).toEqual([
      '?version=1.0&section=1.0%2Ftutorial-extras&days=7',
      '?version=1.0&section=1.0%2Ftutorial-extras&days=90',
      '?version=1.0&days=90',
      '?version=current&days=90',
      '?version=current&section=guides&days=90',
    ]);
    expect(control('Section')).toHaveFocus();
  });
});
