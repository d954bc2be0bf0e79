/**
 * The version menu, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected), with one change:
 * its label and its active item are the version the reader is in (src/search/searchScope.ts,
 * readerVersion), the one the search box, the search page and "Tutorials" use. The original shows the
 * version whose path holds the page, and with the docs at the root that is 2.0 on every page that is
 * not a doc (https://github.com/facebook/docusaurus/issues/7974). The `versions` option is left out:
 * the site lists every version.
 */
import type {ReactNode} from 'react';
import {useActiveDocContext, useDocsPreferredVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import type {GlobalVersion} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type {Props} from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type {LinkLikeNavbarItemProps} from '@theme/NavbarItem';
import {useReaderVersionName} from '@site/src/search/useSearchScope';

function mainDocOf(version: GlobalVersion) {
  return version.docs.find((doc) => doc.id === version.mainDocId)!;
}

export default function DocsVersionDropdownNavbarItem({
  mobile,
  docsPluginId,
  dropdownActiveClassDisabled,
  dropdownItemsBefore,
  dropdownItemsAfter,
  versions: _versions,
  ...props
}: Props): ReactNode {
  const {search, hash} = useLocation();
  const activeDocContext = useActiveDocContext(docsPluginId);
  const {savePreferredVersionName} = useDocsPreferredVersion(docsPluginId);
  const versions = useVersions(docsPluginId);
  const readerVersionName = useReaderVersionName();
  const shown = versions.find((version) => version.name === readerVersionName) ?? versions[0]!;
  // The same doc in another version when it exists, else that version's main doc.
  const targetOf = (version: GlobalVersion) => activeDocContext.alternateDocVersions[version.name] ?? mainDocOf(version);

  const items: LinkLikeNavbarItemProps[] = [
    ...dropdownItemsBefore,
    ...versions.map((version) => ({
      label: version.label,
      // The page's query and anchor go along to the other version.
      to: `${targetOf(version).path}${search}${hash}`,
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
