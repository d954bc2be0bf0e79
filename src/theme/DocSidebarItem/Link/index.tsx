/**
 * A sidebar's link to a page, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected, for the
 * one thing a wrapper cannot add: something inside the link), with the reader's audiences of the page
 * after its label (src/audiences/AudienceBadges.tsx).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import Link from '@docusaurus/Link';
import isInternalUrl from '@docusaurus/isInternalUrl';
import IconExternalLink from '@theme/Icon/ExternalLink';
import type {Props} from '@theme/DocSidebarItem/Link';
import {AudienceBadges} from '@site/src/audiences/AudienceBadges';
import styles from './styles.module.css';

export default function DocSidebarItemLink({item, onItemClick, activePath, level, index: _index, ...props}: Props): ReactNode {
  const {href, label, className, autoAddBaseUrl} = item;
  const isActive = isActiveSidebarItem(item, activePath);
  const isInternalLink = isInternalUrl(href);
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemLink,
        ThemeClassNames.docs.docSidebarItemLinkLevel(level),
        'menu__list-item',
        className,
      )}
      key={label}>
      <Link
        className={clsx('menu__link', !isInternalLink && styles.menuExternalLink, {
          'menu__link--active': isActive,
        })}
        autoAddBaseUrl={autoAddBaseUrl}
        aria-current={isActive ? 'page' : undefined}
        to={href}
        {...(isInternalLink && {
          onClick: onItemClick ? () => onItemClick(item) : undefined,
        })}
        {...props}>
        {label}
        {isInternalLink ? <AudienceBadges href={href} inLink /> : <IconExternalLink />}
      </Link>
    </li>
  );
}
