/** The reader seeded into the Auth emulator (emulator-seed/auth_export/accounts.json). */
export const DEMO_READER = {
  email: 'reader@tutorial-hub.test',
  password: 'read-the-docs',
} as const;
