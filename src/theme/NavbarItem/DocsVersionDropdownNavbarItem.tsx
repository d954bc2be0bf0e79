/**
 * The version menu, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected), with one change:
 * its label and its active item are the version the reader is in (src/search/searchScope.ts,
 * readerVersion), the one the search box, the search page and "Tutorials" use. The original shows the
 * version whose path holds the page, and with the docs at the root that is 2.0 on every page that is
 * not a doc (https://github.com/facebook/docusaurus/issues/7974). The `versions` option is left out:
 * the site lists every version the reader may see (a version only some readers may see is marked for
 * the gate), and leads to the same page in it only when every reader of this page may open that one
 * (src/versions/sameDoc.ts).
 */
import type {ReactNode} from 'react';
import {useDocsPreferredVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type {Props} from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type {LinkLikeNavbarItemProps} from '@theme/NavbarItem';
import {useReaderVersionName} from '@site/src/search/useSearchScope';
import {audienceOf} from '@site/src/audiences/Restricted';
import {useSameDocIn} from '@site/src/versions/sameDoc';
import {withPageState} from '@site/src/versions/versionTarget';
import {VERSION_LINK_ITEM} from '@site/src/chrome/VersionLinkNavbarItem';

export default function DocsVersionDropdownNavbarItem({
  mobile,
  docsPluginId,
  dropdownActiveClassDisabled,
  dropdownItemsBefore,
  dropdownItemsAfter,
  versions: _versions,
  ...props
}: Props): ReactNode {
  const location = useLocation();
  // The built page has no query or anchor, and hydration keeps the links as built: they are added once it has run.
  const isBrowser = useIsBrowser();
  const [search, hash] = isBrowser ? [location.search, location.hash] : ['', ''];
  const targetOf = useSameDocIn(docsPluginId);
  const {savePreferredVersionName} = useDocsPreferredVersion(docsPluginId);
  const versions = useVersions(docsPluginId);
  const readerVersionName = useReaderVersionName();
  const shown = versions.find((version) => version.name === readerVersionName) ?? versions[0]!;
  const items: LinkLikeNavbarItemProps[] = [
    ...dropdownItemsBefore,
    // A custom item type (ComponentTypes.tsx), which the theme's item types do not list.
    ...versions.map((version) => ({
      type: VERSION_LINK_ITEM as 'default',
      audience: audienceOf(version),
      label: version.label,
      // The page's query and anchor go along to the same page in the other version only.
      to: withPageState(targetOf(version), search, hash),
      isActive: () => version === shown,
      onClick: () => savePreferredVersionName(version.name),
    })),
    ...dropdownItemsAfter,
  ];
  return (
    <DropdownNavbarItem
      {...props}
      mobile={mobile}
      label={mobile ? 'Versions' : shown.label}
      to={mobile ? undefined : targetOf(shown).path}
      items={items}
      isActive={dropdownActiveClassDisabled ? () => false : undefined}
    />
  );
}
