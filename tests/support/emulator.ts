/** The tests' Auth emulator (the one `npm run with-emulator` starts), through testkit's REST client. */
import {authEmulator} from '../../testkit/emulator';
import {EMULATOR_HOST} from './environment';

export const {
  signInWithPassword,
  signUp,
  requestVerificationEmail,
  resetPassword,
  signUpAnonymously,
  updateAccount,
  deleteAccount,
  newAccount,
  sentEmails,
  longStandingUser,
} = authEmulator(EMULATOR_HOST);

export {idTokenClaims, nextSecond, nowSeconds, sessionCookieClaims, uniqueEmail, unsignedJwt, type OobCode} from '../../testkit/emulator';
