/** Where the signed-in project finds the demo reader's session: made once a run by reader.setup.ts. */
export const READER_STATE = 'playwright/.auth/reader.json';

/** The demo reader's display name (emulator-seed), as the account menu shows it. */
export const DEMO_READER_NAME = 'Demo Reader';
