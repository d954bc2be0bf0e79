import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchPageUrl} from '../searchPageAddress';
import type {WayOn} from '../noResults';
import SearchLink from './SearchLink';
import type {SearchVersion} from '../useSearchScope';

/** Where a wider search found answers (searchClient.ts, versionWithAnswers): a version, whole, and how many. */
export interface Elsewhere {
  version: SearchVersion;
  total: number;
}

/** After "No results in 2.0.": the way on (noResults.ts), as the box and the search page both say it; `searchPage`: the box's link there. */
export default function NoResultsWayOn({query, wayOn, searchPage}: {query: string; wayOn: WayOn; searchPage?: string}): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  switch (wayOn.kind) {
    case 'waiting':
      return null;
    case 'wider': {
      const {version, total} = wayOn.elsewhere;
      return (
        <>
          {' '}
          <SearchLink href={searchPageUrl(baseUrl, {query, version: version.param})}>
            {wayOn.label}: {total === 1 ? '1 result' : `${total} results`} in {version.label}
          </SearchLink>
        </>
      );
    }
    case 'tip':
      return (
        <>
          {' '}
          {wayOn.tip}
          {wayOn.searchPage && searchPage && (
            <>
              {' '}
              <SearchLink href={searchPage}>Open the search page</SearchLink>
            </>
          )}
        </>
      );
  }
}
