/**
 * The client module that reports the pages a reader moves to inside the site (src/clientModules/insightsReads.ts):
 * Docusaurus's route updates in, beacons out when the page is hidden or a beacon's worth is held. Which moves
 * count is tabled (tests/unit/insightsReads.test.ts); that the login build leaves the module out, in its build's tests.
 */
import type {Location} from 'history';
import {afterEach, describe, expect, it} from 'vitest';
import insightsReads from '../../src/clientModules/insightsReads';
import {INSIGHTS_LIMITS, READS_BEACON} from '../../contracts/insights';
import {beaconsSent} from './support/beacons';

const at = (pathname: string, hash = ''): Location => ({pathname, search: '', hash, state: undefined});

/** Docusaurus's update for a route the reader went to (the browser's address already there). */
function routeTo(to: Location, from: Location | null, address = to.pathname): void {
  window.history.replaceState(null, '', address + to.hash);
  insightsReads.onRouteDidUpdate!({location: to, previousLocation: from});
}

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => visibility});

function hide(): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
}

async function readsSent(): Promise<unknown[]> {
  const sent = await beaconsSent();
  expect(sent.every(({url, type}) => url === READS_BEACON && type === 'application/json')).toBe(true);
  return sent.map(({body}) => body);
}

afterEach(() => {
  // Whatever a test left held goes with its page.
  window.dispatchEvent(new Event('pagehide'));
  visibility = 'visible';
});

describe('the reads of moves inside the site', () => {
  it('sends the pages moved to, not the first, when the page is hidden, and nothing more while none is held', async () => {
    routeTo(at('/intro'), null);
    routeTo(at('/setup'), at('/intro'));
    routeTo(at('/setup', '#install'), at('/setup'));
    routeTo(at('/Chapter 2_ Documentation'), at('/setup', '#install'), '/Chapter%202_%20Documentation');
    expect(await readsSent()).toEqual([]);
    hide();
    expect(await readsSent()).toEqual([{pages: ['/setup', '/Chapter%202_%20Documentation']}]);
    hide();
    expect(await readsSent()).toHaveLength(1);
  });

  it('sends what it holds as the page goes away', async () => {
    routeTo(at('/a'), at('/intro'));
    window.dispatchEvent(new Event('pagehide'));
    expect(await readsSent()).toEqual([{pages: ['/a']}]);
  });

  it(`sends ${INSIGHTS_LIMITS.pagesPerBeacon} pages at once, without waiting for the page to be hidden`, async () => {
    const pages = Array.from({length: INSIGHTS_LIMITS.pagesPerBeacon + 1}, (_, n) => `/p${n}`);
    pages.forEach((page, n) => routeTo(at(page), at(n === 0 ? '/intro' : pages[n - 1]!)));
    expect(await readsSent()).toEqual([{pages: pages.slice(0, INSIGHTS_LIMITS.pagesPerBeacon)}]);
    hide();
    expect(await readsSent()).toEqual([{pages: pages.slice(0, INSIGHTS_LIMITS.pagesPerBeacon)}, {pages: pages.slice(-1)}]);
  });
});
