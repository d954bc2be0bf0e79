/**
 * Sites of the browser tests' own (tests/support/siteCopies.ts), served by a gate of their own, the demo
 * reader signed in once per worker.
 */
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {signedInState} from '../../testkit/loginPage';
import {copyBuild} from '../support/siteCopies';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {test as base} from './fixtures';

/**
 * Tests against a built site copy: `siteGate` serves it (with `gateEnv` as the operator's settings), and
 * the pages open signed in as the demo reader.
 */
export function siteCopyTest(site: string, gateEnv: Record<string, string> = {}) {
  return base.extend<{}, {siteGate: GateProcess; siteState: string}>({
    siteGate: [
      async ({}, use) => {
        const gate = await startTestGateProcess({...gateEnv, BUILD_DIR: copyBuild(site)});
        await use(gate);
        await gate.close();
      },
      {scope: 'worker'},
    ],

    // Signed in to this gate's origin once per worker (Firebase keeps a state per origin).
    siteState: [
      async ({siteGate, browser}, use, workerInfo) => {
        const dir = path.join(workerInfo.project.outputDir, `site-reader-${path.basename(site)}-${workerInfo.workerIndex}`);
        mkdirSync(dir, {recursive: true});
        const file = path.join(dir, 'state.json');
        await signedInState(browser, siteGate.origin, file);
        await use(file);
      },
      {scope: 'worker'},
    ],

    storageState: ({siteState}, use) => use(siteState),
  });
}
