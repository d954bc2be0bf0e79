/**
 * Which of a page's audiences the reader is in, wherever the site names the page (its own page, the
 * sidebar, its card, a search result): "Partners" beside a page for partners. The docs' global data gives
 * each restricted doc one badge per audience, each marked for that audience's readers (plugins/audiences/docs.ts,
 * BADGES_FIELD): the server-side render marks each (Restricted), the gate keeps a reader's own, and the
 * browser's copy holds only those. A reader of partners never learns the name of another audience.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import {BADGES_FIELD, type AudienceBadge} from '@site/contracts/audiences';
import {canonicalPath} from '@site/contracts/paths';
import {audienceOf, Restricted} from './Restricted';
import styles from './AudienceBadges.module.css';

type GlobalDoc = {path: string; [BADGES_FIELD]?: AudienceBadge[]};

/** The badges by address of each global data (one object per render of the site): every sidebar link asks. */
const badgesOfData = new WeakMap<object, ReadonlyMap<string, AudienceBadge[]>>();

/** Each restricted doc's badges by its address, from every version's global data. */
function useBadgesByPath(): ReadonlyMap<string, AudienceBadge[]> {
  const plugins = useAllDocsData();
  let byPath = badgesOfData.get(plugins);
  if (byPath === undefined) {
    const found = new Map<string, AudienceBadge[]>();
    for (const plugin of Object.values(plugins)) {
      for (const version of plugin.versions) {
        for (const doc of version.docs as GlobalDoc[]) {
          const badges = doc[BADGES_FIELD];
          if (badges && badges.length > 0) found.set(canonicalPath(doc.path), badges);
        }
      }
    }
    badgesOfData.set(plugins, (byPath = found));
  }
  return byPath;
}

/**
 * The badges of the page at an address (a section's too: the part after `#` or `?` is left out). Inside
 * a link (`inLink`) they are for the eye only: the link keeps its name, and the page says whose it is.
 */
export function AudienceBadges({
  href,
  className,
  inLink = false,
}: {
  href: string | undefined;
  className?: string;
  inLink?: boolean;
}): ReactNode {
  const badges = useBadgesByPath().get(canonicalPath((href ?? '').replace(/[?#].*$/, '')));
  if (badges === undefined) return null;
  return (
    <span className={clsx(styles.badges, className)} {...(inLink ? {'aria-hidden': true} : {})}>
      {badges.map((badge) => (
        <Restricted key={badge.name} audience={audienceOf(badge)}>
          <span className={clsx('badge badge--secondary', styles.badge)} title={badge.description}>
            {badge.label}
          </span>
        </Restricted>
      ))}
    </span>
  );
}
