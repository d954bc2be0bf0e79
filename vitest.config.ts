import {configDefaults, defineConfig} from 'vitest/config';
import {EMULATOR_HOST} from './tests/support/environment';

// SPECIFICATION_TESTS=off leaves out the tests of the demo site's own routes and pages (the
// specification's), for a site whose docs an author has replaced (CONTRIBUTING.md).
const exclude = [...configDefaults.exclude, ...(process.env.SPECIFICATION_TESTS === 'off' ? ['**/specification*'] : [])];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one here. The integration files wait on the
    // network, timers and child processes more than they compute (with one file at a time the cores
    // mostly idle: bench/HISTORY.md, §7), and none changes what another reads with (what a test signs out, disables or
    // revokes is an account of its own, never the demo reader): all of them (seven) run at once.
    maxWorkers: 8,
    // One pool of threads serves every project that asks for threads (only the unit one): set here, the
    // project's own setting only tells its runner. A thread a core: with eight, Tinypool's ending of the
    // spare ones reached the run as an unhandled "Terminating worker thread" (every run, with --no-isolate).
    poolOptions: {threads: {isolate: false, maxThreads: 2}},
    projects: [
      // Pure functions and their tables: threads sharing one module graph, not a process and a fresh graph
      // per file (a fraction of the CPU: bench/HISTORY.md, "Figures behind the code's choices"). No unit test leaves state behind (a stubbed global is unstubbed).
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // npm test runs them beside the builds, typecheck and lint on two cores, where a test that reads every
          // page of the real docs took 10 s: Vitest's 5 s default is a hang detector that a busy machine trips.
          testTimeout: 30_000,
          pool: 'threads',
          poolOptions: {threads: {isolate: false, maxThreads: 2}},
        },
      },
      // Authors' checks on docs/ and versioned_docs/, and on the build they produce.
      {test: {name: 'content', include: ['tests/content/**/*.test.ts'], exclude, environment: 'node'}},
      {
        // Against the real build, the real gate server and the Auth emulator (npm run with-emulator).
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // firebase-admin finds the emulator only through the environment: set here, never by a test.
          env: {FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST},
        },
      },
    ],
  },
});
