import {useEffect, useRef, type ComponentType, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/shared/paths';
import {warmUpSearch} from '@site/src/search/warmUp';
import {usePageSearchScope} from '@site/src/search/useSearchScope';
import styles from './SearchBar.module.css';

/** The plugin's box takes its index from us (patches/: it cannot tell a section of an older version). */
const ScopedSearchBar = SearchBar as ComponentType<{versionUrl: string; searchContext: string}>;

/**
 * The plugin's search box, scoped to the page's version and section, its index loaded early; none
 * on the login page, whose visitor cannot read the indexes. (The public login build does not
 * compile this file: docusaurus.login.config.ts.)
 */
export default function SearchBarWrapper(): ReactNode {
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
