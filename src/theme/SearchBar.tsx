import type {ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/src/auth/paths';

/** The search indexes are gated: the login page has nothing to search. */
export default function SearchBarWrapper(): ReactNode {
  const {pathname} = useLocation();
  return isLoginPath(pathname) ? null : <SearchBar />;
}
