/** The tests' Auth emulator (the one `npm run with-emulator` starts), through testkit's REST client. */
import {authEmulator} from '../../testkit/emulator';
import {EMULATOR_HOST} from './environment';

export const emulator = authEmulator(EMULATOR_HOST);

export * from '../../testkit/emulator';
