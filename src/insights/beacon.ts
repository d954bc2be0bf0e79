/**
 * Sends a report after the fact, as the gate expects it (contracts/insights.ts): a beacon, which the browser
 * delivers even as the page goes away and which nothing waits for. A browser without beacons, or one that
 * refuses this one (too large, a page being unloaded), loses the report: insights are counts, never worth an
 * error the reader would see.
 */
export function sendReport(url: string, body: object): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  try {
    navigator.sendBeacon(url, new Blob([JSON.stringify(body)], {type: 'application/json'}));
  } catch {
    // A refused beacon is a lost count, nothing more.
  }
}
