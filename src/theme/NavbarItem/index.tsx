import type {ReactNode} from 'react';
import NavbarItem from '@theme-original/NavbarItem';
import type {Props} from '@theme/NavbarItem';
import {ForReaders} from '@site/src/audiences/ForReaders';
import {SIDEBAR_LINKS_ITEM} from '@site/contracts/siteSettings';
import {useNavbarChrome} from '@site/src/chrome/useNavbarChrome';

/** Items that lead into the docs: a visitor of the public pages does not get them (ForReaders). */
const INTO_THE_DOCS: ReadonlySet<string | undefined> = new Set(['docSidebar', SIDEBAR_LINKS_ITEM, 'docsVersionDropdown']);

/**
 * The login page offers no way into pages a signed-out visitor cannot open (and so does not make the
 * browser prefetch their chunks, which the gate server refuses): src/chrome/loginChrome.ts. Nor does a
 * public page a visitor reads.
 */
export default function NavbarItemWrapper(props: Props): ReactNode {
  if (!useNavbarChrome().items) return null;
  return INTO_THE_DOCS.has(props.type) ? (
    <ForReaders>
      <NavbarItem {...props} />
    </ForReaders>
  ) : (
    <NavbarItem {...props} />
  );
}
