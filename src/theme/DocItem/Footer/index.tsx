import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import PageFeedback from '@site/src/insights/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/** A doc's footer (its tags, "Edit this page"), then "Was this page helpful?", asked anew on each page. */
export default function FooterWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  return (
    <>
      <Footer {...props} />
      <PageFeedback key={pathname} />
    </>
  );
}
