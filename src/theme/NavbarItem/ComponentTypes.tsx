import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthUserNavbarItem from '@site/src/components/AuthUserNavbarItem';

/** Adds the `custom-authUser` navbar item (who is signed in, and sign out). */
export default {
  ...ComponentTypes,
  'custom-authUser': AuthUserNavbarItem,
};
