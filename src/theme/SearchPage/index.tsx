import {useCallback, type ComponentType, type ReactNode} from 'react';
import * as OriginalSearchPage from '@theme-original/SearchPage';
import Layout from '@theme/Layout';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useSearchPageScope} from '@site/src/search/useSearchScope';
import {versionParamOf, type ScopeContext} from '@site/src/search/searchScope';

interface SearchPageContentProps {
  versionUrl: string;
  searchContext: string;
  contexts: ScopeContext[];
  everywhereLabel: string;
  notice: string | null;
  onSearchContextChange: (context: string) => void;
}

/** Exported by our patch of the plugin (patches/), so that the page sits in our layout. */
const {SearchPageContent} = OriginalSearchPage as unknown as {SearchPageContent: ComponentType<SearchPageContentProps>};

function ScopedSearchPage(): ReactNode {
  const scope = useSearchPageScope();
  const history = useHistory();
  const {search} = useLocation();
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();

  // A section belongs to one version: choosing one (or "everywhere") keeps the address naming both.
  const onSearchContextChange = useCallback(
    (context: string) => {
      const params = new URLSearchParams(search);
      if (context === '') params.delete('ctx');
      else params.set('ctx', context);
      const version = versionParamOf(baseUrl, scope);
      if (version === null) params.delete('version');
      else params.set('version', version);
      history.replace({search: params.toString()});
    },
    [search, history, baseUrl, scope],
  );

  return (
    <SearchPageContent
      versionUrl={scope.versionUrl}
      searchContext={scope.context}
      contexts={scope.contexts}
      everywhereLabel={`All of ${scope.version.label}`}
      notice={scope.notice}
      onSearchContextChange={onSearchContextChange}
    />
  );
}

/** The plugin's search page, in a main landmark (the skip link's target), searching the version and section its address names. */
export default function SearchPage(): ReactNode {
  return (
    <Layout>
      <main>
        <ScopedSearchPage />
      </main>
    </Layout>
  );
}
