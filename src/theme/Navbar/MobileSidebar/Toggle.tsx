import type {ReactNode} from 'react';
import Toggle from '@theme-original/Navbar/MobileSidebar/Toggle';
import NavbarColorModeToggle from '@theme/Navbar/ColorModeToggle';
import {useLocation} from '@docusaurus/router';
import {isLoginPath} from '@site/contracts/paths';
import styles from './styles.module.css';

/**
 * No menu button on the login page: its navbar items are all withheld (NavbarItem wrapper), so the
 * menu would open empty. On a phone the colour-mode toggle lives in that menu, so the login page
 * shows the toggle in the menu button's place instead (on a wide screen the navbar has its own).
 */
export default function ToggleWrapper(): ReactNode {
  const {pathname} = useLocation();
  if (!isLoginPath(pathname)) return <Toggle />;
  return <NavbarColorModeToggle className={styles.phoneColourMode} />;
}
