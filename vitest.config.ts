import {fileURLToPath} from 'node:url';
import {configDefaults, defineConfig} from 'vitest/config';
import {EMULATOR_HOST} from './tests/support/environment';
import {docusaurusModules} from './tests/component/support/docusaurusModules';

/** A file of this repository, wherever Vitest is run from. */
const repoFile = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// SPECIFICATION_TESTS=off leaves out the tests of the demo site's own routes and pages (the
// specification's), for a site whose docs an author has replaced (CONTRIBUTING.md).
const exclude = [...configDefaults.exclude, ...(process.env.SPECIFICATION_TESTS === 'off' ? ['**/specification*'] : [])];

export default defineConfig({
  test: {
    // One pool of threads serves every project that asks for threads (unit, component), and one pool of
    // processes every project that asks for forks (content, integration): set here, a project's own
    // pool settings only tell its runner.
    poolOptions: {
      // A thread a core. Tinypool ends spare workers of a pool larger than its minimum, and that reached
      // the run as an unhandled "Terminating worker thread" with --no-isolate: no pool here has spare ones.
      threads: {isolate: false, minThreads: 2, maxThreads: 2},
      // The integration files wait on the network, timers and child processes more than they compute (with
      // one file at a time the cores mostly idle: bench/HISTORY.md, §7), so six run at once. A process runs
      // its files one after the other with the modules it loaded for the first (a fresh module graph per
      // file, the server's and firebase-admin's, was about a quarter of the suite's CPU): no file leaves state behind
      // (what a test signs out, disables or revokes is an account of its own, never the demo reader; a spy
      // or an environment variable a test sets is put back).
      forks: {isolate: false, minForks: 6, maxForks: 6},
    },
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
          poolOptions: {threads: {isolate: false}},
        },
      },
      // The site's components rendered alone in jsdom, as a page of a small test site renders them, with
      // Docusaurus's own client code, a fake search worker, Firebase and gate: what a reader sees and can do.
      {
        plugins: [docusaurusModules()],
        resolve: {
          alias: [
            {find: /^firebase\/(app|auth)$/, replacement: repoFile('tests/component/support/firebaseAuth.ts')},
            // Their ES modules, loaded anew with each file (below): the CommonJS builds a worker's files share keep the
            // first file's document as `screen`.
            {
              find: /^@testing-library\/(dom|react)$/,
              replacement: repoFile('node_modules/@testing-library/$1/dist/@testing-library/$1.esm.js'),
            },
          ],
        },
        esbuild: {jsx: 'automatic'},
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/support/setup.ts'],
          // Docusaurus's client code is JavaScript with JSX and the build's aliases: compiled as the site's own.
          server: {deps: {inline: [/@docusaurus\//, /@testing-library\//]}},
          testTimeout: 30_000,
          pool: 'threads',
          // A module graph per file: the site's modules keep state for the page's life (the worker, the gate's answer).
          poolOptions: {threads: {isolate: true}},
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
