import type {ReactNode} from 'react';
import NotFoundContent from '@theme-original/NotFound/Content';
import type {Props} from '@theme/NotFound/Content';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';

/**
 * The not-found page, titled as such. With the docs at the root, the docs plugin answers unknown
 * paths with this content inside its own layout, whose title is the site's name alone
 * (https://github.com/facebook/docusaurus/issues/9688).
 */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <NotFoundContent {...props} />
    </>
  );
}
