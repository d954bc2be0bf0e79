import type {ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useLatestVersion} from '@docusaurus/plugin-content-docs/client';
import DocSidebarNavbarItem from '@theme/NavbarItem/DocSidebarNavbarItem';
import type {Props as DocSidebarProps} from '@theme/NavbarItem/DocSidebarNavbarItem';
import {AUDIENCES_PLUGIN, type AudiencesGlobalData} from '@site/contracts/audiences';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';

type Props = Omit<DocSidebarProps, 'sidebarId' | 'label'>;

/**
 * A link to each sidebar of the current version, whatever the team's sidebars file names them
 * (plugins/sidebarsFile.ts), labelled as site.config.ts says: a Docusaurus site's navbar names its
 * sidebars by id, which the product cannot know in advance. The build lists them with their labels
 * (plugins/audiences/index.ts), marking a sidebar whose pages are all for some readers: the others get
 * neither its link nor its label. A sidebar with nothing to link to is left out.
 */
export default function SidebarLinksNavbarItem(props: Props): ReactNode {
  const {sidebarLinks} = usePluginData(AUDIENCES_PLUGIN) as AudiencesGlobalData;
  const sidebars = useLatestVersion(props.docsPluginId).sidebars ?? {};
  return sidebarLinks
    .filter(({id}) => sidebars[id]?.link)
    .map((link) => (
      <Restricted key={link.id} audience={audienceOf(link)}>
        <DocSidebarNavbarItem {...props} sidebarId={link.id} label={link.label} />
      </Restricted>
    ));
}
