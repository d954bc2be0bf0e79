/**
 * The readers seeded into the Auth emulator (emulator-seed/auth_export/accounts.json): the start
 * banner prints them, the tests and the benchmarks sign in as the first. The demo's readers file
 * (emulator-seed/readers.txt, which `npm start` uses) puts the reader in the demo's audiences and
 * the guest in none, so that signing in as each shows who reads what.
 */
export const DEMO_READER = {
  email: 'reader@tutorial-hub.test',
  password: 'read-the-docs',
} as const;

export const DEMO_GUEST = {
  email: 'guest@tutorial-hub.test',
  password: 'read-the-docs',
} as const;
