import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLatestVersion} from '@docusaurus/plugin-content-docs/client';
import DocSidebarNavbarItem from '@theme/NavbarItem/DocSidebarNavbarItem';
import type {Props as DocSidebarProps} from '@theme/NavbarItem/DocSidebarNavbarItem';
import {navbarSidebars, type SiteWording} from '@site/contracts/siteSettings';

type Props = Omit<DocSidebarProps, 'sidebarId' | 'label'>;

/**
 * A link to each sidebar of the current version, whatever the team's sidebars file names them
 * (plugins/sidebarsFile.ts), labelled as site.config.ts says: a Docusaurus site's navbar names its
 * sidebars by id, which the product cannot know in advance. A sidebar with nothing to link to is left out.
 */
export default function SidebarLinksNavbarItem(props: Props): ReactNode {
  const {sidebarLabels} = useDocusaurusContext().siteConfig.customFields!.site as SiteWording;
  const sidebars = useLatestVersion(props.docsPluginId).sidebars ?? {};
  const ids = Object.keys(sidebars).filter((id) => sidebars[id]?.link);
  return navbarSidebars(ids, sidebarLabels).map(({id, label}) => <DocSidebarNavbarItem key={id} {...props} sidebarId={id} label={label} />);
}
