import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchPageUrl} from '../searchPageAddress';
import SearchLink from './SearchLink';
import type {SearchVersion} from '../useSearchScope';

/** Another version that answers a query this version has nothing for (searchClient.ts, versionWithAnswers). */
export interface Elsewhere {
  version: SearchVersion;
  total: number;
}

/** After "No results in 2.0.": the link to the search page of the version that has answers, as the box and the search page both say it. */
export default function ElsewhereLink({query, elsewhere}: {query: string; elsewhere: Elsewhere}): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  return (
    <>
      {' '}
      <SearchLink href={searchPageUrl(baseUrl, {query, version: elsewhere.version.param})}>
        {elsewhere.total === 1 ? '1 result' : `${elsewhere.total} results`} in {elsewhere.version.label}
      </SearchLink>
    </>
  );
}
