/**
 * Reads the gate cannot see: the pages a reader moves to inside the site, which load no page from it. Pure:
 * which moves are held, and when they are sent (contracts/insights.ts, ReadsReport). The first page of a
 * visit is no move (the gate served it and counted it), nor is a change of the address's query or anchor, nor a
 * move to one of the site's tools (contracts/insights.ts, countsAsRead).
 */
import type {ReadsReport} from '../../contracts/insights';
import {countsAsRead, INSIGHTS_LIMITS} from '../../contracts/insights';
import {canonicalPath} from '../../contracts/paths';

export interface Move {
  /** The router's pathname before, null for the page the visit started on. */
  from: string | null;
  /** The router's pathname now. */
  to: string;
  /** The page now as the browser asks the gate for it (its pathname encoded, which the gate decodes): what is sent. */
  address: string;
}

export interface AfterMove {
  /** The pages held, to send when the page is hidden. */
  held: string[];
  /** A report to send now: a beacon's worth was held. */
  send: ReadsReport | null;
}

export function afterMove(held: readonly string[], {from, to, address}: Move): AfterMove {
  if (from === null || from === to || !countsAsRead(canonicalPath(to))) return {held: [...held], send: null};
  // An address the gate would refuse would cost the whole report: it is not counted.
  if (!address.startsWith('/') || address.length > INSIGHTS_LIMITS.pathChars) return {held: [...held], send: null};
  const pages = [...held, address];
  return pages.length >= INSIGHTS_LIMITS.pagesPerBeacon ? {held: [], send: {pages}} : {held: pages, send: null};
}

/** What to send as the page is hidden (the reader may not come back): the pages held, if any. */
export function readsToSend(held: readonly string[]): ReadsReport | null {
  return held.length === 0 ? null : {pages: [...held]};
}
