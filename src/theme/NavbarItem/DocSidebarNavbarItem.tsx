import type {ReactNode} from 'react';
import DocSidebarNavbarItem from '@theme-original/NavbarItem/DocSidebarNavbarItem';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props} from '@theme/NavbarItem/DocSidebarNavbarItem';
import useRouteContext from '@docusaurus/useRouteContext';
import {useVersions} from '@docusaurus/plugin-content-docs/client';
import {DOCS_PLUGIN, useReaderVersionName} from '@site/src/search/useSearchScope';

/**
 * Off the docs (home, search), the link to a sidebar goes to the version the reader is in
 * (src/search/searchScope.ts, readerVersion): the one they chose in the version menu. Docusaurus
 * would take 2.0 there (https://github.com/facebook/docusaurus/issues/7974). On a doc, the link
 * stays in the doc's own version.
 */
export default function DocSidebarNavbarItemWrapper(props: Props): ReactNode {
  const {plugin} = useRouteContext();
  const readerVersionName = useReaderVersionName();
  const version = useVersions(props.docsPluginId).find((candidate) => candidate.name === readerVersionName);
  const link = version?.sidebars?.[props.sidebarId]?.link;
  if (plugin.name === DOCS_PLUGIN || !link) return <DocSidebarNavbarItem {...props} />;
  const {sidebarId: _sidebarId, docsPluginId: _docsPluginId, label, ...rest} = props;
  return <DefaultNavbarItem exact {...rest} label={label ?? link.label} to={link.path} />;
}
