/** What a suggestion of the box shows: a page's row, and the rows of its other sections under it. */
import type {ReactNode} from 'react';
import Marked from '@site/src/search/components/Marked';
import type {Marked as MarkedText} from '@site/src/search/engine/snippet';
import type {Suggestion} from '@site/src/search/engine/versionIndex';
import {AudienceBadges} from '@site/src/audiences/AudienceBadges';
import styles from './styles.module.css';

/** The heading and the text of a section that matched, each when there is one. */
export default function SectionLines({heading, text}: {heading?: MarkedText; text?: MarkedText}): ReactNode {
  return (
    <>
      {heading && (
        <span className={styles.heading}>
          <Marked text={heading} />
        </span>
      )}
      {text && (
        <span className={styles.text}>
          <Marked text={text} />
        </span>
      )}
    </>
  );
}

/** A suggested page: its title, the heading and text that matched, where it is. */
export function SuggestionRow({suggestion}: {suggestion: Suggestion}): ReactNode {
  return (
    <>
      <span className={styles.title}>
        <Marked text={suggestion.title} />
        <AudienceBadges href={suggestion.url} inLink />
      </span>
      <SectionLines heading={suggestion.heading} text={suggestion.text} />
      {suggestion.breadcrumbs.length > 0 && <span className={styles.path}>{suggestion.breadcrumbs.join(' › ')}</span>}
    </>
  );
}
