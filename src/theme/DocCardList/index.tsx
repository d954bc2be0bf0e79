/**
 * The cards of a category's page, from @docusaurus/theme-classic 3.8.1's own (swizzled: ejected), with
 * audiences: a card some readers of the category may not see is marked for the gate, and a category's
 * card shows what is the same for all its readers (its first page they may all open, and its count of
 * pages only when every reader sees them all).
 */
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {useCurrentSidebarSiblings, filterDocCardListItems} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocCard from '@theme/DocCard';
import type {Props} from '@theme/DocCardList';
import {audienceOf, isRestricted, Restricted} from '@site/src/audiences/Restricted';
import {HOLDS_RESTRICTED_FIELD} from '@site/contracts/audienceMarkers';
import styles from './styles.module.css';

type CardItem = ComponentProps<typeof DocCard>['item'];

/** A category as every reader of it sees it: its pages some may not see left out of its link, and its count hidden then. */
export function sharedPartOf(item: PropSidebarItem): PropSidebarItem {
  if (item.type !== 'category') return item;
  const items = item.items.filter((child) => !isRestricted(child)).map(sharedPartOf);
  const counts = !(item as {[HOLDS_RESTRICTED_FIELD]?: true})[HOLDS_RESTRICTED_FIELD];
  return {...item, items, description: item.description ?? (counts ? undefined : '')};
}

function DocCardListForCurrentSidebarCategory({className}: Props) {
  const items = useCurrentSidebarSiblings();
  return <DocCardList items={items} className={className} />;
}

function DocCardListItem({item}: {item: CardItem}) {
  return (
    <Restricted audience={audienceOf(item)}>
      <article className={clsx(styles.docCardListItem, 'col col--6')}>
        <DocCard item={sharedPartOf(item) as CardItem} />
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
