import type {ReactNode} from 'react';
import clsx from 'clsx';
import {HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import renderRoutes from '@docusaurus/renderRoutes';
import {useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import NotFoundContent from '@theme/NotFound/Content';
import type {Props} from '@theme/DocsRoot';
import {isInAVersion} from '@site/src/versions/versionRoutes';

/**
 * The docs plugin's root, from @docusaurus/theme-classic 3.8.1's own (ejected): an address outside every
 * version gets the not-found page inside the layout, as an unknown page of a version does (DocRoot), rather
 * than an empty page (https://github.com/facebook/docusaurus/issues/9688). The built 404.html is such an
 * address: every reader of a site whose current docs are not at the root would meet a blank page.
 */
export default function DocsRoot({route}: Props): ReactNode {
  const {pathname} = useLocation();
  const versions = route.routes ?? [];
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.docsPages)}>
      <Layout>{isInAVersion(pathname, versions) ? renderRoutes(versions) : <NotFoundContent />}</Layout>
    </HtmlClassNameProvider>
  );
}
