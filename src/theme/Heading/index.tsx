import type {ReactNode} from 'react';
import clsx from 'clsx';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme-original/Heading';
import type {Props} from '@theme/Heading';
import styles from './styles.module.css';

/**
 * A Markdown page's own H1 keeps its id. Docs written for GitHub link to it (`[Reply](#reply)` on
 * Reply.md), and GitHub gives every heading an id; Docusaurus drops the H1's id, so such links broke
 * (and failed the build's anchor check). Other headings are the theme's.
 */
export default function HeadingWithPageAnchor(props: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  const {as: As, id, className, ...rest} = props;
  if (As !== 'h1' || !id) return <Heading {...props} />;
  brokenLinks.collectAnchor(id);
  return <As {...rest} id={id} className={clsx(styles.pageAnchor, className)} />;
}
