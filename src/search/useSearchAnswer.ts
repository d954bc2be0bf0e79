/**
 * Searching as the navbar box and the search page both do: one version's index asked for the query,
 * then, when it has nothing, the wider search (noResults.ts): for a section its whole version, then the
 * other versions. Only the latest ask lands: an answer still on its way once the query, version or
 * scope changes is for one the reader has typed past.
 */
import {useEffect, useEffectEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SearchAnswer, SearchRequest} from './engine/versionIndex';
import type {Elsewhere} from './components/NoResultsWayOn';
import {search, versionWithAnswers} from './searchClient';
import {useSearchVersions} from './useSearchScope';

/**
 * What an ask comes to: the answer and, for none, where the wider search found some (null: nowhere;
 * absent: not known yet), or a failure to search.
 */
export type Outcome = {answer: SearchAnswer; elsewhere?: Elsewhere | null} | {failed: true};

export interface SearchAsk extends SearchRequest {
  /** The version whose index is asked. */
  versionUrl: string;
}

/**
 * Asks for `ask` (nothing for an empty query) and hands `onOutcome` each outcome of the latest ask: the
 * answer, then, for none, the same answer with the wider search's; or the failure. A failure is logged
 * for the operator's console, the reader gets the outcome.
 */
export function useSearchAnswer(ask: SearchAsk, onOutcome: (outcome: Outcome, ask: SearchAsk) => void): void {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const versions = useSearchVersions();
  const land = useEffectEvent(onOutcome);
  const {versionUrl, query, limit, section, within, more} = ask;

  useEffect(() => {
    if (query.trim() === '') return undefined;
    let stale = false;
    const asked: SearchAsk = {versionUrl, query, limit, section, within, more};
    const own = versions.filter((version) => version.versionUrl === versionUrl);
    const wider = [...(within ? own : []), ...versions.filter((version) => version.versionUrl !== versionUrl)];
    (async () => {
      let answer: SearchAnswer;
      try {
        answer = await search(baseUrl, versionUrl, {query, limit, section, within, more});
      } catch (error) {
        console.error('Search failed:', error);
        if (!stale) land({failed: true}, asked);
        return;
      }
      if (stale) return;
      land({answer}, asked);
      if (answer.total > 0) return;
      let elsewhere: Elsewhere | null = null;
      try {
        elsewhere = (await versionWithAnswers(baseUrl, query, wider)) ?? null;
      } catch (error) {
        // The way on is then the tip: a wider search that cannot be asked has nothing to show.
        console.warn('The wider search failed:', error);
      }
      if (!stale) land({answer, elsewhere}, asked);
    })();
    return () => {
      stale = true;
    };
  }, [baseUrl, versions, versionUrl, query, limit, section, within, more]);
}
