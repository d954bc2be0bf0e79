/**
 * Where the benchmarks listen. Everything is on loopback, on ports 4100-4199, away from the test
 * suite's gate (3100) and emulator (9099), so a benchmark and a test run can share the machine.
 * bench/firebase.json starts the bench's own Auth emulator on BENCH_EMULATOR_HOST (not 4190:
 * browsers and fetch() refuse that port).
 */
import {DEMO_PROJECT_ID} from '../../contracts/firebaseProject';
export const HOST = '127.0.0.1';
export const BENCH_EMULATOR_HOST = `${HOST}:4180`;
export const PROJECT_ID = DEMO_PROJECT_ID;

export const PORTS = {
  gate: 4100,
  /** A second gate, for runs with another configuration next to the first. */
  gateAlternate: 4101,
  docusaurusServe: 4110,
  lighthouseDebugging: 4120,
  /** A plain static server (bench/lib/staticServer.ts): the search-quality benchmark's Pagefind site. */
  staticServer: 4130,
} as const;

/** The environment every bench build and server shares: the site's browser code talks to the bench's emulator. */
export function firebaseEnv(): Record<string, string> {
  return {FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: BENCH_EMULATOR_HOST};
}

export async function assertEmulatorRunning(): Promise<void> {
  try {
    await fetch(`http://${BENCH_EMULATOR_HOST}/`, {signal: AbortSignal.timeout(2000)});
  } catch {
    throw new Error(`No Auth emulator at ${BENCH_EMULATOR_HOST}: run the benchmarks with "npm run bench", which starts it.`);
  }
}
