/**
 * Around an element some readers of the page may not see: in the server-side render, the markers the
 * gate cuts each reader's copy of the page by (contracts/audienceMarkers.ts), with this build's key.
 * `audience` is the item's annotation, which only the server's copy of the data has
 * (plugins/audiences/docs.ts): in the browser this renders its children alone, as the page the gate
 * sent has them.
 */
import type {ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {AUDIENCE_FIELD, MarkerSyntax, RESTRICTED_FIELD} from '@site/contracts/audienceMarkers';
import {AUDIENCES_PLUGIN, type AudiencesGlobalData} from '@site/contracts/audiences';

export function audienceOf(item: object): string | undefined {
  return (item as {[AUDIENCE_FIELD]?: string})[AUDIENCE_FIELD];
}

function Marked({audience, children}: {audience: string; children: ReactNode}): ReactNode {
  // Made once for the build: the server-side render marks every restricted item of every page.
  const markers = MarkerSyntax.of((usePluginData(AUDIENCES_PLUGIN) as AudiencesGlobalData).markerKey);
  return (
    <>
      <template {...{[markers.htmlAttribute('begin')]: audience}} />
      {children}
      <template {...{[markers.htmlAttribute('end')]: ''}} />
    </>
  );
}

export function Restricted({audience, children}: {audience: string | undefined; children: ReactNode}): ReactNode {
  return audience === undefined ? children : <Marked audience={audience}>{children}</Marked>;
}

/**
 * Whether some reader who sees an item's list may not see the item: the same answer in the server-side
 * render (which has the annotation) and in the browser (whose copy keeps only this flag). A link the
 * list's readers share goes to an item that is not.
 */
export function isRestricted(item: object): boolean {
  return audienceOf(item) !== undefined || (item as {[RESTRICTED_FIELD]?: boolean})[RESTRICTED_FIELD] === true;
}
