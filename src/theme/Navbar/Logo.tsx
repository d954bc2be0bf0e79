import type {ReactNode} from 'react';
import NavbarLogo from '@theme-original/Navbar/Logo';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import {isLoginPath} from '@site/contracts/paths';

/**
 * On the login page, and anywhere in the public login build, the brand is not a link: the home
 * page needs a signed-in reader. The navbar's logo settings give its size, so the title beside it
 * does not move when the image arrives.
 */
export default function NavbarLogoWrapper(): ReactNode {
  const {pathname} = useLocation();
  const {logo} = useThemeConfig().navbar;
  const logoSrc = useBaseUrl(logo?.src ?? 'img/logo.svg');
  const {siteConfig} = useDocusaurusContext();
  if (!isLoginPath(pathname) && !siteConfig.customFields?.publicBuild) return <NavbarLogo />;
  return (
    <span className="navbar__brand">
      <span className="navbar__logo">
        <img src={logoSrc} alt="" width={logo?.width} height={logo?.height} />
      </span>
      <b className="navbar__title text--truncate">{siteConfig.title}</b>
    </span>
  );
}
