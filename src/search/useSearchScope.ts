/**
 * The site's side of search scoping: what the pure rules of searchScope.ts need, read from
 * Docusaurus (versions, the reader's preferred version, the kind of page) and from the search
 * plugin's global data (the sections, found on disk by plugins/search/sections.ts).
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useRouteContext from '@docusaurus/useRouteContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {useActiveDocContext, useDocsPreferredVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import {usePluginData} from '@docusaurus/useGlobalData';
import {audienceOf} from '@site/src/audiences/Restricted';
import {readerVersion, searchScopeForPage, versionParamOf, versionUrlOf, type ScopeVersion, type SearchScope} from './searchScope';
import {parseSearchPageAddress, searchPageScope, type SearchPageAddress, type SearchPageScope} from './searchPageAddress';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '../../contracts/searchSections';

/** A version as search addresses it. */
export interface SearchVersion {
  name: string;
  label: string;
  /** Where its manifest is: `/`, `/1.0/`. */
  versionUrl: string;
  /** The search page's `version` parameter for it (searchScope.ts, versionParamOf). */
  param: string;
  /** Who may read it, when only some readers may (the gate's annotation, in the server's render only). */
  audience?: string;
}

/** The docs plugin's name: a route of it is a doc page. */
export const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

function useSearchSite() {
  const {siteConfig} = useDocusaurusContext();
  const globalVersions = useVersions(undefined);
  const {preferredVersion} = useDocsPreferredVersion(undefined);
  const versions = useMemo<ScopeVersion[]>(
    () => globalVersions.map(({name, label, path, isLast}) => ({name, label, path, isLast})),
    [globalVersions],
  );
  const preferredVersionName = preferredVersion?.name ?? null;
  const {sections} = usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
  return useMemo(
    () => ({baseUrl: siteConfig.baseUrl, versions, sections, preferredVersionName}),
    [siteConfig.baseUrl, versions, sections, preferredVersionName],
  );
}

/** The search page's version, when the page is the search page (its address may name one). */
function useSearchPageVersion(): ScopeVersion | undefined {
  const {plugin} = useRouteContext();
  const scope = useSearchPageScope();
  return plugin.name === SEARCH_PLUGIN_NAME ? scope.version : undefined;
}

/**
 * The name of the version the reader is in (searchScope.ts's readerVersion; on the search page, the
 * version it searches): what the version menu shows, "Tutorials" opens and the navbar box searches.
 */
export function useReaderVersionName(): string {
  const {pathname} = useLocation();
  const onDocPage = useOnDocPage();
  const setup = useSearchSite();
  const searched = useSearchPageVersion();
  return searched?.name ?? readerVersion({...setup, pathname, onDocPage}).name;
}

/**
 * Whether the page is one of the docs: a route of the docs plugin that found its doc. A path under a
 * version that names no doc (for this reader) is the not-found page, which the server renders as no
 * version's: it must hydrate alike.
 */
function useOnDocPage(): boolean {
  const {plugin} = useRouteContext();
  const {activeDoc} = useActiveDocContext(undefined);
  return plugin.name === DOCS_PLUGIN && activeDoc !== undefined;
}

/** Every version of the docs, as the box searches them. */
export function useSearchVersions(): SearchVersion[] {
  const {baseUrl, versions} = useSearchSite();
  const globalVersions = useVersions(undefined);
  return useMemo(
    () =>
      versions.map((version, position) => {
        const audience = audienceOf(globalVersions[position]!);
        return {
          name: version.name,
          label: version.label,
          versionUrl: versionUrlOf(baseUrl, version),
          param: versionParamOf(baseUrl, {version, versionUrl: versionUrlOf(baseUrl, version)}),
          ...(audience === undefined ? {} : {audience}),
        };
      }),
    [baseUrl, versions, globalVersions],
  );
}

/** For the navbar box. Docs live at the root, so Docusaurus calls every page part of 2.0: only the route's plugin says whether a page is a doc. */
export function useNavbarSearchScope(): SearchScope & {sectionLabel: string | undefined} {
  const {pathname} = useLocation();
  const setup = useSearchSite();
  const onDocPage = useOnDocPage();
  const searched = useSearchPageVersion();
  return useMemo(() => {
    // On the search page the box searches the version the page does.
    const scope = searchScopeForPage({...setup, pathname, onDocPage, preferredVersionName: searched?.name ?? setup.preferredVersionName});
    return {...scope, sectionLabel: setup.sections.find((section) => section.path === scope.section)?.label};
  }, [setup, pathname, onDocPage, searched]);
}

/** The search page's address (searchPageAddress.ts), read once hydrated: the server rendered the page without it. */
export function useSearchPageAddress(): SearchPageAddress {
  const location = useLocation();
  const search = useIsBrowser() ? location.search : '';
  return useMemo(() => parseSearchPageAddress(search), [search]);
}

/** What the search page searches, from its address. */
export function useSearchPageScope(): SearchPageScope {
  const address = useSearchPageAddress();
  const site = useSearchSite();
  return useMemo(() => searchPageScope(address, site), [address, site]);
}
