/**
 * The cards of a category's page, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected), with
 * audiences: a card some readers of the category may not see is marked for the gate, and a category's
 * card links to its first page every reader of it may open. How many pages a category holds differs from
 * reader to reader: the page as the server renders it shows no count on any card (so no card tells that
 * it holds more than some readers see), and each reader's browser counts their own once the page is theirs.
 */
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCurrentSidebarSiblings, filterDocCardListItems, findFirstSidebarItemLink} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocCard from '@theme/DocCard';
import type {Props} from '@theme/DocCardList';
import {audienceOf, isRestricted, Restricted} from '@site/src/audiences/Restricted';
import {AudienceBadges} from '@site/src/audiences/AudienceBadges';
import styles from './styles.module.css';

type CardItem = ComponentProps<typeof DocCard>['item'];

/** Where a category's card leads: its own page, or the first page inside that every reader of it may open. */
export function sharedLinkOf(item: PropSidebarItem): string | undefined {
  if (item.type !== 'category') return item.type === 'link' ? item.href : undefined;
  const shared = (category: PropSidebarItem & {type: 'category'}): PropSidebarItem => ({
    ...category,
    items: category.items.filter((child) => !isRestricted(child)).map((child) => (child.type === 'category' ? shared(child) : child)),
  });
  return findFirstSidebarItemLink(shared(item));
}

/**
 * A card as a reader sees it: a category's link is shared (sharedLinkOf), and its count, Docusaurus's
 * "N items" of what the reader's copy holds, is left to the browser (`counted`); until then the line
 * keeps its place with a space, so that nothing moves when it comes.
 */
export function cardOf(item: PropSidebarItem, counted: boolean): PropSidebarItem {
  if (item.type !== 'category') return item;
  return {
    ...item,
    href: sharedLinkOf(item),
    ...(item.description === undefined && !counted ? {description: '\u00a0'} : {}),
  };
}

function DocCardListForCurrentSidebarCategory({className}: Props) {
  const items = useCurrentSidebarSiblings();
  return <DocCardList items={items} className={className} />;
}

function DocCardListItem({item}: {item: CardItem}) {
  const counted = useIsBrowser();
  return (
    <Restricted audience={audienceOf(item)}>
      <article className={clsx(styles.docCardListItem, 'col col--6')}>
        <DocCard item={cardOf(item, counted) as CardItem} />
        {item.type === 'link' && <AudienceBadges href={item.href} className={styles.cardBadges} />}
      </article>
    </Restricted>
  );
}

export default function DocCardList(props: Props): ReactNode {
  const {items, className} = props;
  if (!items) {
    return <DocCardListForCurrentSidebarCategory {...props} />;
  }
  const filteredItems = filterDocCardListItems(items);
  return (
    <section className={clsx('row', className)}>
      {filteredItems.map((item, index) => (
        <DocCardListItem key={index} item={item} />
      ))}
    </section>
  );
}
