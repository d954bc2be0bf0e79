// @ts-check
/**
 * One lint for the whole repository: typescript-eslint's recommended rules everywhere, React's
 * rules of hooks and jsx-a11y for the site, and eslint-config-prettier last, so that layout is
 * Prettier's alone. `npm run lint` runs it with zero warnings allowed.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'dist/',
      'releases/',
      '.docusaurus/',
      '.docusaurus-login/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'playwright/.auth/',
      'bench/results/',
      // A team's sidebars file, as its Docusaurus site wrote it (sidebars.ts is the demo's, and linted).
      'sidebars.js',
      'sidebars.mjs',
      'sidebars.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node}},
    rules: {
      // Unused names are mistakes, except a leading underscore that says "deliberately unused".
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
    },
  },
  {
    // The layout is the architecture: the server runs without the site's code, the benchmarks without the tests'.
    files: ['server/**/*.ts', 'contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '@site/src/**', '**/tests/**', '**/bench/**', '**/testkit/**'],
              message: 'The gate and contracts/ stand alone: move what both need to contracts/.',
            },
            // contracts/ holds the product's contracts; what drives a browser is the harness's (testkit/).
            {group: ['@playwright/*', 'playwright', 'playwright-core'], message: 'Browser automation belongs in testkit/.'},
          ],
        },
      ],
    },
  },
  {
    // The product never loads the harness of the tests and the benchmarks.
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.ts', 'scripts/**/*.ts', 'docusaurus*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {group: ['**/tests/**', '**/bench/**', '**/testkit/**'], message: 'testkit/ is for the tests and the benchmarks only.'},
          ],
        },
      ],
    },
  },
  {
    // The build is plugins/: scripts/ are command lines over it, and src/ is the browser's, which
    // imports plugins/ in turn. (This block replaces the one above for plugins/, so it repeats the harness.)
    files: ['plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {group: ['**/tests/**', '**/bench/**', '**/testkit/**'], message: 'testkit/ is for the tests and the benchmarks only.'},
            {
              regex: '^(\\.\\./)+scripts/',
              message: 'scripts/ are command lines over plugins/: move the code the build runs into plugins/.',
            },
            {
              // The search engine is pure (no DOM, no React): the indexer must tokenize as the box's queries do.
              regex: '^(\\.\\./)+src/(?!search/engine/)|^@site/src/(?!search/engine/)',
              message:
                "src/ is the browser's code, which imports plugins/: share a rule through contracts/ (only the pure search engine, src/search/engine, is shared as is).",
            },
          ],
        },
      ],
    },
  },
  {
    // src/ is the browser's code: what it shares with the build is in contracts/ (a plugin's name, the
    // data it gives the site) or is the pure search engine the build imports from src/search/engine.
    // (This block replaces the harness block above for src/, so it repeats the harness.)
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {group: ['**/tests/**', '**/bench/**', '**/testkit/**'], message: 'testkit/ is for the tests and the benchmarks only.'},
            {
              regex: '^(\\.\\./)+plugins/|^@site/plugins/',
              message: 'plugins/ is the build, which imports the search engine from src/: share what both need through contracts/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**/*.ts', 'testkit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [{group: ['**/tests/**'], message: 'What the benchmarks and the tests share belongs in testkit/.'}]},
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's pattern, so a fixture that
    // needs none must write `{}`; and `base.extend<{}, …>` is how its types say "no test fixtures".
    files: ['tests/e2e/**/*.ts'],
    rules: {'no-empty-pattern': 'off', '@typescript-eslint/no-empty-object-type': ['error', {allowObjectTypes: 'always'}]},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {globals: {...globals.browser}},
    plugins: {'react-hooks': reactHooks},
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // A function a reader takes in whole: what a component decides goes in a pure module with table
    // tests (the search box's in src/search/boxReducer.ts), its parts in components and hooks of their own.
    files: ['src/**/*.{ts,tsx}'],
    rules: {'max-lines-per-function': ['error', {max: 100, skipBlankLines: true, skipComments: true}]},
  },
  prettier,
);
