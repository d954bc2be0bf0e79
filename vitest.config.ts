import {defineConfig} from 'vitest/config';
import {EMULATOR_HOST} from './tests/support/environment';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one here. The integration files wait on the
    // network, timers and child processes more than they compute (the two cores are ~60 % idle with one
    // file at a time), and none changes what another reads with (what a test signs out, disables or
    // revokes is an account of its own, never the demo reader): all of them (seven) run at once.
    maxWorkers: 8,
    projects: [
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      // Authors' checks on docs/ and versioned_docs/, and on the build they produce.
      {test: {name: 'content', include: ['tests/content/**/*.test.ts'], environment: 'node'}},
      {
        // Against the real build, the real gate server and the Auth emulator (npm run with-emulator).
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
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
