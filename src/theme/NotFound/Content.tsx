import type {ReactNode} from 'react';
import type {Props} from '@theme/NotFound/Content';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import NotFoundPage from '@site/src/notFound/NotFoundPage';

/**
 * The not-found page, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected): its text asks the
 * reader to write to whoever linked them; ours offers a way on (src/notFound). Titled as such: with the
 * docs at the root, the docs plugin answers unknown paths with this content inside its own layout, whose
 * title is the site's name alone (https://github.com/facebook/docusaurus/issues/9688).
 */
export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <NotFoundPage className={className} />
    </>
  );
}
