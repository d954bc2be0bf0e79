/**
 * The glue between a search on screen (the navbar box, the search page) and its report: what is finished
 * and reported is searchReport.ts's; this hook tells it what the reader sees, and when they leave it.
 */
import {useCallback, useEffect, useEffectEvent, useRef} from 'react';
import {SEARCH_BEACON} from '@site/contracts/insights';
import {useKeptSearchStore} from '@site/src/search/SearchBoxProvider';
import {sendReport} from './beacon';
import {finishedSearch, searchKey, type SearchEnd, type SearchOnScreen} from './searchReport';

export interface SearchShown {
  query: string;
  /** How many results the query's own answer has, null until it lands. */
  results: number | null;
  /** The answer is in sight: once it is not (the box closed or left, the search page gone), the search was left. */
  shown: boolean;
  /** The search page's version and section (SearchOnScreen.scope). */
  scope?: {version: string; section: string};
}

/** Reports the search as `query` and `results` describe it; returns how the component says it ended otherwise (a result opened, the query submitted). */
export function useSearchReport({query, results, shown, scope}: SearchShown): (end: SearchEnd) => void {
  const {reportedRef} = useKeptSearchStore();
  const search = useRef<SearchOnScreen | null>(null);

  const finish = useCallback(
    (end: SearchEnd) => {
      const report = finishedSearch(search.current, end, reportedRef.current);
      if (report === null) return;
      reportedRef.current = searchKey(report.query);
      sendReport(SEARCH_BEACON, report);
    },
    [reportedRef],
  );

  // A new query is a new search, made on this page (its address as the browser asks the gate for it, which the gate
  // decodes; the router's is decoded already); the answer that lands for it says how many results it has.
  const begin = useEffectEvent(() => {
    search.current = {query, page: window.location.pathname, results: null, since: Date.now(), ...(scope ? {scope} : {})};
  });
  useEffect(() => begin(), [query, scope?.version, scope?.section]);
  useEffect(() => {
    if (search.current?.query === query) search.current.results = results;
  }, [query, results]);

  // Leaving the answer, or the page going away with it in sight (a closed tab): the search was left.
  useEffect(() => {
    if (!shown) return undefined;
    const leave = () => finish({how: 'left', at: Date.now()});
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [shown, finish]);

  return finish;
}
