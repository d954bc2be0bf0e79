import {useEffect, useRef, type ComponentType, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {isLoginPath} from '@site/shared/paths';
import {warmUpSearch} from '@site/src/search/warmUp';
import {usePageSearchScope} from '@site/src/search/useSearchScope';
import styles from './SearchBar.module.css';

/** The plugin's box takes its index from us (patches/: it cannot tell a section of an older version). */
const ScopedSearchBar = SearchBar as ComponentType<{versionUrl: string; searchContext: string}>;

/**
 * None in the public login build (docusaurus.login.config.ts): it has no docs, so no docs plugin
 * for the search scope to ask, and its visitors cannot read the indexes anyway.
 */
export default function SearchBarWrapper(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return siteConfig.customFields?.publicBuild ? null : <SiteSearchBar />;
}

/** The plugin's search box, scoped to the page's version and section, its index loaded early; none on the login page, whose visitor cannot read the indexes. */
function SiteSearchBar(): ReactNode {
  const {pathname} = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const onLoginPage = isLoginPath(pathname);
  const scope = usePageSearchScope();

  useEffect(() => {
    const input = container.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    return input ? warmUpSearch(input) : undefined;
  }, [pathname, onLoginPage]);

  if (onLoginPage) return null;
  return (
    <div ref={container} className={styles.contents}>
      <ScopedSearchBar versionUrl={scope.versionUrl} searchContext={scope.context} />
    </div>
  );
}
