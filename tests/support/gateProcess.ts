/** The compiled gate as a process (testkit/gateProcess.ts) with the tests' settings and `env` on top. */
import {startGateProcess, type GateProcess} from '../../testkit/gateProcess';
import {TEST_GATE_ENV} from './environment';

export type {GateProcess};

export function startTestGateProcess(env: Record<string, string>, command?: readonly string[]): Promise<GateProcess> {
  return startGateProcess({...TEST_GATE_ENV, ...env}, command);
}
