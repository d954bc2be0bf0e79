import type {ReactNode} from 'react';
import DocSidebarItem from '@theme-original/DocSidebarItem';
import type {Props} from '@theme/DocSidebarItem';
import {audienceOf, Restricted} from '@site/src/audiences/Restricted';

/** A sidebar entry some readers of the version may not see is marked for the gate, which leaves it out of their copy. */
export default function DocSidebarItemWrapper(props: Props): ReactNode {
  return (
    <Restricted audience={audienceOf(props.item)}>
      <DocSidebarItem {...props} />
    </Restricted>
  );
}
