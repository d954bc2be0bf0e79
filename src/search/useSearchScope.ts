/**
 * The site's side of search scoping: what the pure rules of searchScope.ts need, read from
 * Docusaurus (versions, the reader's preferred version, the kind of page) and from the plugin's
 * options (the sections, found by searchContexts.ts).
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useRouteContext from '@docusaurus/useRouteContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {useDocsPreferredVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import {searchContextByPaths} from '@generated/@easyops-cn/docusaurus-search-local/default/generated.js';
import {searchScopeForPage, searchScopeForSearchPage, type ScopeVersion, type SearchPageScope, type SearchScope} from './searchScope';

const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

function useVersionsAndContexts() {
  const {siteConfig} = useDocusaurusContext();
  const globalVersions = useVersions(undefined);
  const {preferredVersion} = useDocsPreferredVersion(undefined);
  const versions = useMemo<ScopeVersion[]>(
    () => globalVersions.map(({name, label, path, isLast}) => ({name, label, path, isLast})),
    [globalVersions],
  );
  const preferredVersionName = preferredVersion?.name ?? null;
  return useMemo(
    () => ({baseUrl: siteConfig.baseUrl, versions, contexts: searchContextByPaths ?? [], preferredVersionName}),
    [siteConfig.baseUrl, versions, preferredVersionName],
  );
}

/** For the navbar box. Docs live at the root, so Docusaurus calls every page part of 2.0: only the route's plugin says whether a page is a doc. */
export function usePageSearchScope(): SearchScope {
  const {pathname} = useLocation();
  const {plugin} = useRouteContext();
  const setup = useVersionsAndContexts();
  const onDocPage = plugin.name === DOCS_PLUGIN;
  return useMemo(() => searchScopeForPage({...setup, pathname, onDocPage}), [setup, pathname, onDocPage]);
}

/** For the search page. Its parameters are read once hydrated, as the plugin reads them: the server rendered the page without them. */
export function useSearchPageScope(): SearchPageScope {
  const location = useLocation();
  const search = useIsBrowser() ? location.search : '';
  const setup = useVersionsAndContexts();
  return useMemo(() => searchScopeForSearchPage({...setup, search}), [setup, search]);
}
