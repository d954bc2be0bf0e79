import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthUserNavbarItem from '@site/src/chrome/AuthUserNavbarItem';
import VersionLinkNavbarItem, {VERSION_LINK_ITEM} from '@site/src/chrome/VersionLinkNavbarItem';
import SidebarLinksNavbarItem from '@site/src/chrome/SidebarLinksNavbarItem';
import {SIDEBAR_LINKS_ITEM} from '@site/contracts/siteSettings';

/** Adds the `custom-authUser` navbar item (who is signed in, and sign out), the version menu's entries and the links to the sidebars. */
export default {
  ...ComponentTypes,
  'custom-authUser': AuthUserNavbarItem,
  [VERSION_LINK_ITEM]: VersionLinkNavbarItem,
  [SIDEBAR_LINKS_ITEM]: SidebarLinksNavbarItem,
};
