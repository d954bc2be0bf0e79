import {useLocation} from '@docusaurus/router';
import {navbarChromeAt, type NavbarChrome} from './loginChrome';

/** What this page's navbar offers (loginChrome.ts): the one question every navbar wrapper asks. */
export function useNavbarChrome(): NavbarChrome {
  return navbarChromeAt(useLocation().pathname);
}
