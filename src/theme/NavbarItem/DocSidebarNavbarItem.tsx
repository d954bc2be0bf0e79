import type {ReactNode} from 'react';
import DocSidebarNavbarItem from '@theme-original/NavbarItem/DocSidebarNavbarItem';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props} from '@theme/NavbarItem/DocSidebarNavbarItem';
import useRouteContext from '@docusaurus/useRouteContext';
import {useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';

/**
 * Off the docs (home, search), the link to a sidebar goes to the version the reader chose in the
 * version menu. Docusaurus would take 2.0 there: with the docs at the root, it counts every page as
 * part of the version at the root (https://github.com/facebook/docusaurus/issues/7974). On a doc,
 * the link stays in the doc's own version.
 */
export default function DocSidebarNavbarItemWrapper(props: Props): ReactNode {
  const {plugin} = useRouteContext();
  const {preferredVersion} = useDocsPreferredVersion(props.docsPluginId);
  const link = preferredVersion?.sidebars?.[props.sidebarId]?.link;
  if (plugin.name === 'docusaurus-plugin-content-docs' || !link) return <DocSidebarNavbarItem {...props} />;
  const {sidebarId: _sidebarId, docsPluginId: _docsPluginId, label, ...rest} = props;
  return <DefaultNavbarItem exact {...rest} label={label ?? link.label} to={link.path} />;
}
