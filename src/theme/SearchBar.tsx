import {useEffect, useRef, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/src/auth/paths';
import {warmUpSearch} from '@site/src/search/warmUp';
import styles from './SearchBar.module.css';

/** The plugin's search box, its index loaded early; none on the login page, whose visitor cannot read the indexes. */
export default function SearchBarWrapper(): ReactNode {
  const {pathname} = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const onLoginPage = isLoginPath(pathname);

  useEffect(() => {
    const input = container.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    return input ? warmUpSearch(input) : undefined;
  }, [pathname, onLoginPage]);

  if (onLoginPage) return null;
  return (
    <div ref={container} className={styles.contents}>
      <SearchBar />
    </div>
  );
}
