/**
 * The script the built insights page runs as the browser reads it (src/insights/earlyReport.ts): which
 * addresses it asks the report for, and how; what the page then takes. The page taking it:
 * tests/component/insightsPage.test.tsx; what it saves: the insights benchmark.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {INSIGHTS_REPORT} from '../../contracts/insights';
import {EARLY_REPORT, earlyReportScript, takeEarlyReport} from '../../src/insights/earlyReport';
import {choiceParams, reportUrl, type ReportChoice} from '../../src/insights/reportChoice';

const DEFAULT = `${INSIGHTS_REPORT}?version=current&days=30`;

/** Runs the script at an address; what it asked for, and what it left on `window`. */
function runAt(search: string) {
  const asked: {url: string; init: RequestInit}[] = [];
  const window: Record<string, {url: string; response: Promise<Response>} | undefined> = {};
  const fetch = (url: string, init: RequestInit) => (asked.push({url, init}), Promise.resolve(new Response('{}')));
  new Function('location', 'window', 'fetch', earlyReportScript(DEFAULT))({search}, window, fetch);
  return {asked, left: window[EARLY_REPORT]?.url ?? null};
}

describe('the page’s early ask for its report', () => {
  it.each([
    ['a bare /insights: the default choice', '', DEFAULT],
    ['an address the page wrote', '?version=current&days=90', `${INSIGHTS_REPORT}?version=current&days=90`],
    [
      'with a section',
      '?version=1.0&section=1.0%2Ftutorial-basics&days=7',
      `${INSIGHTS_REPORT}?version=1.0&section=1.0%2Ftutorial-basics&days=7`,
    ],
    ['a period not offered: the page reads it as the default, and asks itself', '?version=current&days=5', null],
    ['parameters in another order', '?days=90&version=current', null],
    ['another parameter', '?version=current&days=30&utm_source=mail', null],
    ['no version', '?days=30', null],
  ])('%s (%s)', (_name, search, expected) => {
    const {asked, left} = runAt(search);
    expect(left).toBe(expected);
    expect(asked.map((call) => call.url)).toEqual(expected === null ? [] : [expected]);
    for (const {init} of asked) expect(init).toEqual({credentials: 'same-origin', headers: {accept: 'application/json'}});
  });
});

describe('the addresses the page writes', () => {
  it.each<ReportChoice>([
    {version: 'current', section: null, days: 30},
    {version: '1.0', section: '1.0/tutorial-basics', days: 7},
    {version: 'next', section: 'guides/advanced setup', days: 90},
  ])('are asked for early, as the page asks for them: %o', (choice) => {
    expect(runAt(`?${choiceParams(choice)}`).left).toBe(reportUrl(choice));
  });
});

describe('takeEarlyReport', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_REPORT];
  });

  it('gives the answer asked for the same address, once', async () => {
    const response = Promise.resolve(new Response('{"early":true}'));
    (globalThis as Record<string, unknown>)[EARLY_REPORT] = {url: DEFAULT, response};
    expect(takeEarlyReport(`${INSIGHTS_REPORT}?version=1.0&days=30`)).toBeNull();
    expect(await (await takeEarlyReport(DEFAULT)!).json()).toEqual({early: true});
    expect(takeEarlyReport(DEFAULT)).toBeNull();
  });
});
