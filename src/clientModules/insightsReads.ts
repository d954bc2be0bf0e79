/**
 * The pages a reader moves to inside the site, which the gate never serves and so never counts (src/insights/readsReport.ts):
 * held here, and sent with a beacon when the page is hidden (the reader switches away or leaves; a later unload may
 * never come on a phone) or when a beacon's worth is held. Not in the login build (docusaurus.login.config.ts): its
 * visitors read no docs.
 */
import type {ClientModule} from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {READS_BEACON} from '@site/contracts/insights';
import {sendReport} from '@site/src/insights/beacon';
import {afterMove, readsToSend} from '@site/src/insights/readsReport';
import type {ReadsReport} from '@site/contracts/insights';

let held: string[] = [];

function send(report: ReadsReport | null): void {
  if (report) sendReport(READS_BEACON, report);
}

function sendHeld(): void {
  send(readsToSend(held));
  held = [];
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendHeld();
  });
  window.addEventListener('pagehide', sendHeld);
}

const insightsReads: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    const next = afterMove(held, {from: previousLocation?.pathname ?? null, to: location.pathname, address: window.location.pathname});
    held = next.held;
    send(next.send);
  },
};

export default insightsReads;
