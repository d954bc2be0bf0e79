import type {ReactNode} from 'react';
import Toggle from '@theme-original/Navbar/MobileSidebar/Toggle';
import NavbarColorModeToggle from '@theme/Navbar/ColorModeToggle';
import {useNavbarChrome} from '@site/src/chrome/useNavbarChrome';
import styles from './styles.module.css';

/**
 * No menu button where the navbar has no items (the login page: src/chrome/loginChrome.ts), as the menu
 * would open empty. On a phone the colour-mode toggle lives in that menu, so the toggle takes the menu
 * button's place instead (on a wide screen the navbar has its own).
 */
export default function ToggleWrapper(): ReactNode {
  if (useNavbarChrome().menuButton) return <Toggle />;
  return <NavbarColorModeToggle className={styles.phoneColourMode} />;
}
