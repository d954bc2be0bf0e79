import type {ReactNode} from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props as DefaultProps} from '@theme/NavbarItem/DefaultNavbarItem';
import {Restricted} from '@site/src/audiences/Restricted';

/** The navbar item type of one entry of the version menu. */
export const VERSION_LINK_ITEM = 'custom-versionLink';

/** An entry of the version menu: a link, marked for the gate when only some readers may see its version. */
export default function VersionLinkNavbarItem({audience, ...props}: DefaultProps & {audience?: string}): ReactNode {
  return (
    <Restricted audience={audience}>
      <DefaultNavbarItem {...props} />
    </Restricted>
  );
}
