/**
 * The reader seeded into the Auth emulator (emulator-seed/auth_export/accounts.json): the start
 * banner prints it, the tests and the benchmarks sign in as it.
 */
export const DEMO_READER = {
  email: 'reader@tutorial-hub.test',
  password: 'read-the-docs',
} as const;
