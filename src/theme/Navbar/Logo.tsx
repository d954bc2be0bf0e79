import type {ReactNode} from 'react';
import NavbarLogo from '@theme-original/Navbar/Logo';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useNavbarChrome} from '@site/src/chrome/useNavbarChrome';

/**
 * On the login page the brand is not a link: the home page needs a signed-in reader
 * (src/chrome/loginChrome.ts). The navbar's logo settings give its size, so the title beside it does
 * not move when the image arrives.
 */
export default function NavbarLogoWrapper(): ReactNode {
  const {homeLink} = useNavbarChrome();
  const {logo} = useThemeConfig().navbar;
  const logoSrc = useBaseUrl(logo?.src ?? 'img/logo.svg');
  const {siteConfig} = useDocusaurusContext();
  if (homeLink) return <NavbarLogo />;
  return (
    <span className="navbar__brand">
      <span className="navbar__logo">
        <img src={logoSrc} alt="" width={logo?.width} height={logo?.height} />
      </span>
      <b className="navbar__title text--truncate">{siteConfig.title}</b>
    </span>
  );
}
