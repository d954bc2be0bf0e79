/**
 * The login page's chrome, one rule: nothing on `/login` leads into the docs. The page is known by its
 * path alone: the gate serves `/login` to everyone from the login build (docusaurus.login.config.ts), and
 * where no gate serves that build (the dev server, a static host) the site serves it itself; a flag of
 * the login build would miss those. Who reads a page is another rule: a visitor of the public pages gets
 * the site's chrome without the way to the readers' pages (src/audiences/ForReaders.tsx).
 */
import {isLoginPath} from '../../contracts/paths';

/** What a page's navbar offers. */
export interface NavbarChrome {
  /** Its items: the docs' links, the version menu, the team's links, the account menu. */
  items: boolean;
  /** The phone menu's button: with no items it would open an empty menu. */
  menuButton: boolean;
  searchBox: boolean;
  /** The brand as a link to the home page, which needs a signed-in reader. */
  homeLink: boolean;
}

const SITE_PAGE: NavbarChrome = {items: true, menuButton: true, searchBox: true, homeLink: true};
/** The brand, the announcement bar, the colour-mode toggle and the footer stay: the site's look, no way in. */
const LOGIN_PAGE: NavbarChrome = {items: false, menuButton: false, searchBox: false, homeLink: false};

export function navbarChromeAt(pathname: string): NavbarChrome {
  return isLoginPath(pathname) ? LOGIN_PAGE : SITE_PAGE;
}
