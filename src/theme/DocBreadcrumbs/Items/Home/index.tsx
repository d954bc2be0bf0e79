import type {ReactNode} from 'react';
import HomeBreadcrumbItem from '@theme-original/DocBreadcrumbs/Items/Home';
import {ForReaders} from '@site/src/audiences/ForReaders';

/**
 * The breadcrumbs' link home. The home page is for signed-in readers, never the public's
 * (plugins/audiences/clientModules.ts): a visitor's route table has no home page, so Docusaurus's
 * breadcrumbs leave this link out of a visitor's page in the browser, and the gate cuts it out of the
 * page it sends them (ForReaders), or the two would not match.
 */
export default function HomeBreadcrumbItemWrapper(): ReactNode {
  return (
    <ForReaders>
      <HomeBreadcrumbItem />
    </ForReaders>
  );
}
