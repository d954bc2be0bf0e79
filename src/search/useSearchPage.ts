/**
 * The search page's state: its address (searchPageAddress.ts) as the reader changes it, and the answer
 * to it. What the reader types is written to the address at once; an address that comes from elsewhere
 * (a link, the first render once hydrated) sets the query.
 */
import {useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject} from 'react';
import {useHistory} from '@docusaurus/router';
import {useSearchAnswer, type Outcome} from './useSearchAnswer';
import {
  changeSearchPageAddress,
  searchPageSearch,
  type AddressChange,
  type SearchPageAddress,
  type SearchPageScope,
} from './searchPageAddress';
import {useSearchPageAddress, useSearchPageScope} from './useSearchScope';

/** Answers shown at first, and added by each "Show more results". */
export const PAGE_SIZE = 20;
/** A page's other sections that hold the query, listed under it (DocSearch's hits grouped by page, Pagefind's sub-results). */
const MORE_SECTIONS = 3;

export interface SearchPageState {
  address: SearchPageAddress;
  scope: SearchPageScope;
  /** The query in the field: the address's, or what the reader typed before the address caught up. */
  query: string;
  change: (change: AddressChange) => void;
  /** The field, read once hydrated for what was typed while the page's code was on its way. */
  field: RefObject<HTMLInputElement | null>;
}

export function useSearchPageState(): SearchPageState {
  const history = useHistory();
  const address = useSearchPageAddress();
  const scope = useSearchPageScope();
  const [query, setQuery] = useState(address.query);
  // The query this page last wrote to the address: its echo is not news.
  const written = useRef<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const change = useCallback(
    (next: AddressChange) => {
      const changed = changeSearchPageAddress(address, next);
      if ('query' in next) {
        written.current = changed.query;
        setQuery(changed.query);
      }
      history.replace({search: searchPageSearch(changed)});
    },
    [address, history],
  );

  // Once hydrated, what the reader typed while the page's code was still on its way wins over an empty address.
  const fromAddress = useEffectEvent(() => {
    const typedEarly = written.current === null && address.query === '' ? (field.current?.value ?? '') : '';
    if (typedEarly !== '') change({query: typedEarly});
    else if (address.query !== written.current) setQuery(address.query);
  });
  useEffect(() => fromAddress(), [address.query]);

  return {address, scope, query, change, field};
}

/**
 * The answer to the page's query in its scope, as many as asked (null while searching). With nothing
 * there, where the wider search found answers is added when known.
 */
export function useSearchOutcome(scope: SearchPageScope, query: string, limit: number): Outcome | null {
  const {versionUrl, section} = scope;
  const [outcome, setOutcome] = useState<{for: string; outcome: Outcome} | null>(null);
  const keyOf = (ask: {versionUrl: string; within?: string; query: string}) => `${ask.versionUrl}|${ask.within ?? ''}|${ask.query}`;
  const ask = {versionUrl, query, limit, within: section || undefined, more: MORE_SECTIONS};
  useSearchAnswer(ask, (shown, asked) => setOutcome({for: keyOf(asked), outcome: shown}));
  return outcome?.for === keyOf(ask) ? outcome.outcome : null;
}
