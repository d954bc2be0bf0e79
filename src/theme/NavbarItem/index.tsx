import type {ReactNode} from 'react';
import NavbarItem from '@theme-original/NavbarItem';
import type {Props} from '@theme/NavbarItem';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/contracts/paths';

/**
 * The login page offers no way into pages a signed-out visitor cannot open (and so does not
 * make the browser prefetch their chunks, which the gate server refuses).
 */
export default function NavbarItemWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  return isLoginPath(pathname) ? null : <NavbarItem {...props} />;
}
