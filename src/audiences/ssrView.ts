/**
 * The server-side render's data, for the view it renders a page for. Docusaurus's own render of every
 * page sets none: the data is whole, annotated, and the page holds every reader's pieces between
 * markers. A page that some code renders differently by reader beyond those pieces is rendered once
 * per view (plugins/audiences/viewRender.ts), which sets the view before it loads the server bundle:
 * every data module then gives what that view (or every reader of the page) may see (contracts/audienceMarkers.ts, viewOfData).
 */
import {SSR_VIEW_GLOBAL, viewOfData} from '../../contracts/audienceMarkers';
import type {Sight} from '../../contracts/audiences';

export function ssrView<T>(data: T): T {
  const sight = (globalThis as {[SSR_VIEW_GLOBAL]?: Sight})[SSR_VIEW_GLOBAL];
  return sight === undefined ? data : viewOfData(data, sight);
}
