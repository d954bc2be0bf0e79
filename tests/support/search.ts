import type {BrowserContext, Response} from '@playwright/test';
import {holdRequests} from './heldRequests';
import {MANIFEST_FILE, PARTS_DIR} from '../../contracts/searchIndexFiles';

/** The address of a version's manifest: `/search-index.manifest.json`, `/1.0/search-index.manifest.json`. */
export function manifestPath(versionRoute: string): string {
  return versionRoute === '' ? `/${MANIFEST_FILE}` : `/${versionRoute}/${MANIFEST_FILE}`;
}

/** A pattern for every index part, for `context.route` (the search worker's fetches go through the context, not the page). */
export const PARTS_PATTERN = `**/${PARTS_DIR}/**`;

export function isPartUrl(url: string): boolean {
  return new URL(url).pathname.startsWith(`/${PARTS_DIR}/`);
}

/** The next response for a path, from the page or its search worker. */
export function indexResponse(context: BrowserContext, pathname: string): Promise<Response> {
  return context.waitForEvent('response', (response) => new URL(response.url()).pathname === pathname);
}

/**
 * Holds every request for an index part until `release` is called (and lets them through from then on):
 * the box's query stays pending ("Searching…") for as long as a test needs it to.
 */
export function holdParts(context: BrowserContext): Promise<{release: () => void}> {
  return holdRequests(context, PARTS_PATTERN);
}
