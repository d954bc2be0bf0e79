import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthUserNavbarItem from '@site/src/components/AuthUserNavbarItem';
import VersionLinkNavbarItem, {VERSION_LINK_ITEM} from '@site/src/components/VersionLinkNavbarItem';

/** Adds the `custom-authUser` navbar item (who is signed in, and sign out) and the version menu's entries. */
export default {
  ...ComponentTypes,
  'custom-authUser': AuthUserNavbarItem,
  [VERSION_LINK_ITEM]: VersionLinkNavbarItem,
};
