/**
 * The report asked for while the page loads: a script in the built page (its shell) asks the gate for it as soon
 * as the browser reads the page, so that it arrives while the site's scripts load and start, and the page
 * takes it (useInsightsReport) instead of asking once it has started. Only for an address the page itself
 * writes (reportChoice.ts, choiceParams) or a bare `/insights` (the default choice, worked out when the site
 * is built): any other is asked for once the page has read it, as it would have been without this.
 */
import {INSIGHTS_PERIODS, INSIGHTS_REPORT} from '../../contracts/insights';

/** Where the script leaves the report it asked for, on `window`. */
export const EARLY_REPORT = '__tutorialHubInsightsReport';

interface EarlyReport {
  url: string;
  response: Promise<Response>;
}

type WithEarlyReport = {[EARLY_REPORT]?: EarlyReport};

/** An address as choiceParams writes it: version, a section or none, a period offered. */
const WRITTEN_ADDRESS = `^\\?version=[^&]+(&section=[^&]+)?&days=(${INSIGHTS_PERIODS.join('|')})$`;

/** The script's text; `defaultUrl`: the report of a bare `/insights`. */
export function earlyReportScript(defaultUrl: string): string {
  return (
    `(function(){var q=location.search;` +
    `var u=q===''?${JSON.stringify(defaultUrl)}:new RegExp(${JSON.stringify(WRITTEN_ADDRESS)}).test(q)?${JSON.stringify(INSIGHTS_REPORT)}+q:null;` +
    `if(u&&typeof fetch==='function')window.${EARLY_REPORT}={url:u,response:fetch(u,{credentials:'same-origin',headers:{accept:'application/json'}})};})();`
  );
}

/** The answer the script asked for, when it asked for `url`; taken once (a retry asks again). */
export function takeEarlyReport(url: string): Promise<Response> | null {
  const early = (globalThis as WithEarlyReport)[EARLY_REPORT];
  if (early === undefined || early.url !== url) return null;
  delete (globalThis as WithEarlyReport)[EARLY_REPORT];
  return early.response;
}
