import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import clsx from 'clsx';
import {loginUrlFor} from '@site/contracts/paths';

/**
 * On a public page read without signing in: the way to the login page, and back here afterwards. A
 * plain link: the login page is a build of its own (docusaurus.login.config.ts), not a route of this one.
 */
export default function SignInLink({mobile}: {mobile: boolean}): ReactNode {
  const {pathname, search, hash} = useLocation();
  const link = (
    <a className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link')} href={loginUrlFor(`${pathname}${search}${hash}`)}>
      Sign in
    </a>
  );
  return mobile ? <li className="menu__list-item">{link}</li> : link;
}
