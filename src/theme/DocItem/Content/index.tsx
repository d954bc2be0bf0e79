import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type {Props} from '@theme/DocItem/Content';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {AudienceBadges} from '@site/src/audiences/AudienceBadges';
import styles from './styles.module.css';

/** A doc's content, with the reader's audiences of the page above it when it is not for every reader. */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <AudienceBadges href={metadata.permalink} className={styles.pageBadges} />
      <Content {...props} />
    </>
  );
}
