/**
 * Searching as the navbar box and the search page both do: one version's index asked for the query,
 * then, when it has nothing, whether another version has answers. Only the latest ask lands: an answer
 * still on its way once the query, version or scope changes is for one the reader has typed past.
 */
import {useEffect, useEffectEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SearchAnswer, SearchRequest} from './engine/versionIndex';
import type {Elsewhere} from './components/ElsewhereLink';
import {search, versionWithAnswers} from './searchClient';
import {useSearchVersions} from './useSearchScope';

/** What an ask comes to: the answer (and, for none, another version that has some), or a failure to search. */
export type Outcome = {answer: SearchAnswer; elsewhere?: Elsewhere} | {failed: true};

export interface SearchAsk extends SearchRequest {
  /** The version whose index is asked. */
  versionUrl: string;
  /** Whether the other versions are asked when this one has nothing. */
  lookElsewhere: boolean;
}

/**
 * Asks for `ask` (nothing for an empty query) and hands `onOutcome` each outcome of the latest ask: the
 * answer, then the same answer with another version's count once known; or the failure. A failure is
 * logged for the operator's console, the reader gets the outcome.
 */
export function useSearchAnswer(ask: SearchAsk, onOutcome: (outcome: Outcome, ask: SearchAsk) => void): void {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const versions = useSearchVersions();
  const land = useEffectEvent(onOutcome);
  const {versionUrl, lookElsewhere, query, limit, section, within, more} = ask;

  useEffect(() => {
    if (query.trim() === '') return undefined;
    let stale = false;
    const asked: SearchAsk = {versionUrl, lookElsewhere, query, limit, section, within, more};
    const others = versions.filter((version) => version.versionUrl !== versionUrl);
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
      if (answer.total > 0 || !lookElsewhere || others.length === 0) return;
      try {
        const elsewhere = await versionWithAnswers(baseUrl, query, others);
        if (elsewhere && !stale) land({answer, elsewhere}, asked);
      } catch (error) {
        console.warn('The other versions could not be searched:', error);
      }
    })();
    return () => {
      stale = true;
    };
  }, [baseUrl, versions, versionUrl, lookElsewhere, query, limit, section, within, more]);
}
