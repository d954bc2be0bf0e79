/**
 * Chrome that leads into the pages for signed-in readers (the link to a sidebar, the version menu): on
 * a site with public pages, a visitor who is not signed in does not get it. The server-side render marks
 * it for every signed-in reader (the gate cuts it out of a visitor's copy of the page); in the browser a
 * visitor's page renders nothing there, and a reader's the chrome, as the gate sent them.
 */
import type {ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {AUDIENCES_PLUGIN, READERS, type AudiencesGlobalData} from '@site/contracts/audiences';
import {isVisitorPage} from '@site/src/auth/visitorPage';
import {Restricted} from './Restricted';

export function ForReaders({children}: {children: ReactNode}): ReactNode {
  const data = usePluginData(AUDIENCES_PLUGIN, undefined, {failfast: false}) as AudiencesGlobalData | undefined;
  if (!data?.publicPages) return children;
  if (typeof document === 'undefined') return <Restricted audience={READERS}>{children}</Restricted>;
  return isVisitorPage() ? null : children;
}
