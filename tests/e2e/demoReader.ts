/** The demo reader's display name (emulator-seed), as the account menu shows it. */
export const DEMO_READER_NAME = 'Demo Reader';
