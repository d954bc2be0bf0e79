import type {ReactNode} from 'react';
import NavbarLogo from '@theme-original/Navbar/Logo';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {isLoginPath} from '@site/contracts/paths';

/**
 * On the login page, and anywhere in the public login build, the brand is not a link: the home
 * page needs a signed-in reader.
 */
export default function NavbarLogoWrapper(): ReactNode {
  const {pathname} = useLocation();
  const logoSrc = useBaseUrl('img/logo.svg');
  const {siteConfig} = useDocusaurusContext();
  if (!isLoginPath(pathname) && !siteConfig.customFields?.publicBuild) return <NavbarLogo />;
  return (
    <span className="navbar__brand">
      <span className="navbar__logo">
        <img src={logoSrc} alt="" />
      </span>
      <b className="navbar__title text--truncate">{siteConfig.title}</b>
    </span>
  );
}
