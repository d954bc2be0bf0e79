/** Signing a reader out: loaded on demand by the auth provider when the reader asks for it. */
import {signOut} from 'firebase/auth';
import {authClient} from './firebase';
import {endServerSession} from './gateApi';
import {noticeAfterSignOut, recordSignOut, recordSignOutNotice, SIGNED_OUT_HERE} from './signOutRecord';
import {forgetSession} from './sessionEnded';
import {AUTH_SETTINGS} from './siteSettings';

/**
 * Ends the server session first. When the server cannot be reached the reader stays signed in to
 * Firebase too, so the page and the server still agree and "Sign out" can simply be tried again.
 */
export async function signOutReader({everywhere = false} = {}): Promise<void> {
  recordSignOutNotice(
    AUTH_SETTINGS.gateMode === 'server' ? noticeAfterSignOut(everywhere, await endServerSession({everywhere})) : SIGNED_OUT_HERE,
  );
  recordSignOut();
  forgetSession();
  await signOut(authClient());
}
