import type {ReactNode} from 'react';
import Toggle from '@theme-original/Navbar/MobileSidebar/Toggle';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/shared/paths';

/** No menu button on the login page: its navbar items are all withheld (NavbarItem wrapper), so the menu would open empty. */
export default function ToggleWrapper(): ReactNode {
  const {pathname} = useLocation();
  return isLoginPath(pathname) ? null : <Toggle />;
}
